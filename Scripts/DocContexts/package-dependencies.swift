// A package manifest, for excerpts of its dependency list.
import PackageDescription

let package = Package(
  name: "App",
  // @block
  targets: []
)
