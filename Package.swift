// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "Ribcage",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Ribcage", targets: ["Ribcage"]),
    .library(name: "RibcageTesting", targets: ["RibcageTesting"]),
  ],
  targets: [
    // Relaxed atomic byte flags for leak tracking (a deinit may run on any thread). Internal.
    .target(name: "_RibcageAtomics"),
    .target(name: "Ribcage", dependencies: ["_RibcageAtomics"]),
    .target(name: "RibcageTesting", dependencies: ["Ribcage"]),
    .testTarget(name: "RibcageTests", dependencies: ["Ribcage", "RibcageTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
