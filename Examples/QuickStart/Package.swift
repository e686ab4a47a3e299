// swift-tools-version:6.0
import PackageDescription

// The README's quick start, as a program: a three-RIB tree (Root → LoggedOut | LoggedIn).
// Run with: swift run --package-path Examples/QuickStart quick-start
let package = Package(
  name: "QuickStart",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "Ribcage", path: "../..")],
  targets: [
    .executableTarget(
      name: "quick-start",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")],
      path: "Sources/QuickStart")
  ],
  swiftLanguageModes: [.v6]
)
