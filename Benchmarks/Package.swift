// swift-tools-version:6.2
import PackageDescription

// Benchmarks live in their own package so the root package builds fast and stays lean.
// Run with: swift run -c release --package-path Benchmarks ribcage-bench [case...]
let package = Package(
  name: "RibcageBenchmarks",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(name: "Ribcage", path: ".."),
    .package(name: "RibcageCombine", path: "../RibcageCombine"),
    // The soak cases run the Rides example's ride cycles.
    .package(name: "Rides", path: "../Examples/Rides"),
  ],
  targets: [
    // Counts heap allocations and live bytes (glibc only) for the memory case.
    .target(name: "AllocationCounter"),
    .executableTarget(
      name: "ribcage-bench",
      dependencies: [
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
        .product(name: "RibcageCombine", package: "RibcageCombine"),
        .product(name: "RibcageTesting", package: "Ribcage"),
        .product(name: "RidesApp", package: "Rides"),
        "AllocationCounter",
      ],
      path: "Sources/RibcageBench"),
  ],
  swiftLanguageModes: [.v6]
)
