// swift-tools-version:6.2
import PackageDescription

// The quick start of docs/getting-started.md, as a program: a three-RIB tree
// (Root → LoggedOut | LoggedIn).
// Run with: swift run --package-path Examples/QuickStart quick-start
let package = Package(
  name: "QuickStart",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [.package(name: "Ribcage", path: "../..")],
  targets: [
    .target(
      name: "QuickStartApp",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")]),
    .executableTarget(
      name: "quick-start",
      dependencies: ["QuickStartApp", .product(name: "Ribcage", package: "Ribcage")],
      path: "Sources/QuickStart"),
    .testTarget(
      name: "QuickStartTests",
      dependencies: [
        "QuickStartApp",
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
