// The QuickStart tree, for the SwiftUI app excerpt of docs/Apple.md.
// @include-file Examples/QuickStart/Sources/QuickStartApp/QuickStart.swift
import RibcageSwiftUI
import SwiftUI
