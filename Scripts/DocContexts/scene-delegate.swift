// A scene delegate of a UIKit app launching the QuickStart tree, for docs/Apple.md.
// @include-file Examples/QuickStart/Sources/QuickStartApp/QuickStart.swift
import RibcageUIKit
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  private var root: RootRouter!

  // @block
}
