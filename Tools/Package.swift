// swift-tools-version:6.2
import PackageDescription

// The `ribcage` command-line tool. Its own package so that an app depending on Ribcage never
// downloads the tools' dependencies (Stencil now; swift-syntax when `lint` and `graph` land).
let package = Package(
  name: "RibcageTools",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "ribcage", targets: ["RibcageCLI"]),
    .library(name: "RibcageGenerator", targets: ["RibcageGenerator"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
  ],
  targets: [
    .target(
      name: "RibcageGenerator",
      dependencies: [.product(name: "Stencil", package: "Stencil")],
      resources: [.copy("Templates")]),
    .target(
      name: "RibcageCommands",
      dependencies: [
        "RibcageGenerator",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "RibcageCLI",
      dependencies: ["RibcageCommands"]),
    .testTarget(
      name: "RibcageGeneratorTests",
      dependencies: ["RibcageGenerator", "RibcageCommands"]),
  ],
  swiftLanguageModes: [.v6]
)
