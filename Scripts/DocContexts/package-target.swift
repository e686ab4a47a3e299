// A package manifest, for excerpts of a target declaration.
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(url: "https://github.com/ribcage/Ribcage", from: "1.0.0")],
  targets: [
    // @block
  ]
)
