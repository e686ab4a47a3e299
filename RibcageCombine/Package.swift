// swift-tools-version:6.2
import PackageDescription

// RibcageCombine: Ribcage for teams on Combine (ModernRIBs). A package of its own, so that an app
// that depends on Ribcage alone never resolves, fetches or builds OpenCombine: SwiftPM resolves
// every dependency a package declares, whichever products an app uses (checked in CI by
// Scripts/check-dependency-footprint.sh). On Apple platforms it uses Combine; on Linux it builds
// and is tested against OpenCombine.
let package = Package(
  name: "RibcageCombine",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "RibcageCombine", targets: ["RibcageCombine"])
  ],
  dependencies: [
    .package(name: "Ribcage", path: ".."),
    .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
  ],
  targets: [
    .target(
      name: "RibcageCombine",
      dependencies: [
        .product(name: "Ribcage", package: "Ribcage"),
        .product(
          name: "OpenCombineShim", package: "OpenCombine",
          condition: .when(platforms: [.linux, .android, .windows, .wasi])),
      ]),
    .testTarget(
      name: "RibcageCombineTests",
      dependencies: [
        "RibcageCombine",
        // Ribcage itself for its diagnostics SPI (bound work, stream subscribers).
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
