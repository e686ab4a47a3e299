// A package manifest, for excerpts of its target list.
import PackageDescription

let package = Package(
  name: "Rides",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [.package(name: "Ribcage", path: "../Ribcage")],
  targets: [
    // @block
  ]
)
