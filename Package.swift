// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "Ribcage",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Ribcage", targets: ["Ribcage"]),
    .library(name: "RibcageTesting", targets: ["RibcageTesting"]),
    // The soak harness alone (`SoakRun`, `SoakCensus`): no Swift Testing, so an app (a debug menu,
    // a command-line front end) can run it. `RibcageTesting` re-exports it.
    .library(name: "RibcageSoak", targets: ["RibcageSoak"]),
    // The Apple adapters: an app links only what it uses, and `Ribcage` stays free of UI
    // frameworks. On Linux the UIKit/AppKit parts compile to nothing (CI type-checks them against
    // stand-in modules: Scripts/check-apple-adapters.sh); the Observation store builds everywhere.
    .library(name: "RibcageUIKit", targets: ["RibcageUIKit"]),
    .library(name: "RibcageSwiftUI", targets: ["RibcageSwiftUI"]),
    // The session recorder and timeline (`ribcage inspect` reads what it writes). Apps that do
    // not import it pay nothing: the core only announces to observers it has.
    .library(name: "RibcageInspector", targets: ["RibcageInspector"]),
  ],
  targets: [
    // Relaxed atomic byte flags for leak tracking (a deinit may run on any thread). Internal.
    .target(name: "_RibcageAtomics"),
    .target(name: "Ribcage", dependencies: ["_RibcageAtomics"]),
    .target(name: "RibcageSoak", dependencies: ["Ribcage"]),
    .target(name: "RibcageTesting", dependencies: ["Ribcage", "RibcageSoak"]),
    .target(name: "RibcageUIKit", dependencies: ["Ribcage"]),
    .target(name: "RibcageSwiftUI", dependencies: ["Ribcage", "RibcageUIKit"]),
    .target(name: "RibcageInspector", dependencies: ["Ribcage", "_RibcageAtomics"]),
    .testTarget(name: "RibcageTests", dependencies: ["Ribcage", "RibcageTesting"]),
    .testTarget(
      name: "RibcageSoakTests", dependencies: ["Ribcage", "RibcageSoak", "RibcageTesting"]),
    // uber/RIBs' own unit tests, rewritten as behaviour specifications of the Ribcage API a
    // migrating team uses (see Sources/Ribcage/Ribcage.docc/Migration.md).
    .testTarget(name: "RibcageUberSpecTests", dependencies: ["Ribcage", "RibcageTesting"]),
    .testTarget(
      name: "RibcageInspectorTests",
      dependencies: ["Ribcage", "RibcageInspector", "RibcageTesting"]),
    .testTarget(
      name: "RibcageSwiftUITests", dependencies: ["Ribcage", "RibcageSwiftUI", "RibcageTesting"]),
  ],
  swiftLanguageModes: [.v6]
)
