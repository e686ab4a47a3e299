// A package manifest, for excerpts of its dependencies and targets.
import PackageDescription

let package = Package(
  name: "App",
  // @block
)
