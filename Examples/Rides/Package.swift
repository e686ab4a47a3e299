// swift-tools-version:6.2
import PackageDescription

// Rides: a ride-hailing app on Ribcage, in a terminal.
// Run with: swift run --package-path Examples/Rides rides
let package = Package(
  name: "Rides",
  platforms: [.macOS(.v13), .iOS(.v16)],
  // RidesKit is the app's business part — RIBs, services, workflows, plugins, flags, view models —
  // shared by the terminal and the iPhone app (Examples/RidesiOS); it links neither. RidesApp is
  // the terminal front end as a library: the benchmarks' soak cases run the same rides.
  products: [
    .executable(name: "rides", targets: ["rides"]),
    .library(name: "RidesKit", targets: ["RidesKit"]),
    .library(name: "RidesApp", targets: ["RidesApp"]),
  ],
  dependencies: [.package(name: "Ribcage", path: "../..")],
  targets: [
    .target(
      name: "RidesKit",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")]),
    .target(
      name: "RidesApp",
      dependencies: [
        "RidesKit",
        .product(name: "Ribcage", package: "Ribcage"),
        // The session recorder: `rides --record FILE`, `rides --replay FILE`.
        .product(name: "RibcageInspector", package: "Ribcage"),
        // The soak harness: `rides --soak N`. RibcageSoak, not RibcageTesting: the app links no
        // Swift Testing.
        .product(name: "RibcageSoak", package: "Ribcage"),
      ]),
    .executableTarget(
      name: "rides",
      dependencies: ["RidesApp"],
      path: "Sources/Rides"),
    .testTarget(
      name: "RidesTests",
      dependencies: [
        "RidesApp",
        "RidesKit",
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ],
      // `ribcage graph`'s output, read by path (a test compares it with the running tree).
      exclude: ["StaticGraph.json"]),
  ],
  swiftLanguageModes: [.v6]
)
