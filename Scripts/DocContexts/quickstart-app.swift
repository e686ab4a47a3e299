// The whole QuickStart example (Examples/QuickStart), for excerpts that use it.
// @include-file Examples/QuickStart/Sources/QuickStartApp/QuickStart.swift
