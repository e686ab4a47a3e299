// swift-tools-version:6.2
import PackageDescription

// docs/getting-started.md's local-clone form, as an app beside a clone would write it: a path
// dependency named "Ribcage" whatever the clone's folder is called (here the repository root).
let package = Package(
  name: "PathForm",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "Ribcage", path: "../../..")
  ],
  targets: [
    .executableTarget(
      name: "PathForm",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")])
  ],
  swiftLanguageModes: [.v6]
)
