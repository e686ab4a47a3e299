// swift-tools-version:6.2
import PackageDescription

// Coverage-guided fuzzing of the `ribcage` tool's parsers: the inspector server's request checks,
// app stream and page requests, `ribcage lint`/`graph` and `ribcage migrate` on one Swift file.
// Its own package: its sanitizer build includes swift-syntax and Hummingbird (minutes), which the
// root parsers' targets (the package above) do not wait for. See docs/fuzzing.md.
let package = Package(
  name: "RibcageToolsFuzzing",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(name: "RibcageFuzzing", path: ".."),
    .package(name: "RibcageTools", path: "../../Tools"),
    .package(name: "Ribcage", path: "../.."),
  ],
  targets: [
    .executableTarget(
      name: "ToolsInspectRequest",
      dependencies: [
        .product(name: "FuzzSupport", package: "RibcageFuzzing"),
        .product(name: "RibcageInspectServer", package: "RibcageTools"),
      ]),
    .executableTarget(
      name: "ToolsAppStream",
      dependencies: [
        .product(name: "FuzzSupport", package: "RibcageFuzzing"),
        .product(name: "RibcageInspectServer", package: "RibcageTools"),
      ]),
    .executableTarget(
      name: "ToolsPageAction",
      dependencies: [
        .product(name: "FuzzSupport", package: "RibcageFuzzing"),
        .product(name: "RibcageInspectServer", package: "RibcageTools"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ]),
    .executableTarget(
      name: "ToolsLintGraph",
      dependencies: [
        .product(name: "FuzzSupport", package: "RibcageFuzzing"),
        .product(name: "RibcageLint", package: "RibcageTools"),
      ]),
    .executableTarget(
      name: "ToolsMigrate",
      dependencies: [
        .product(name: "FuzzSupport", package: "RibcageFuzzing"),
        .product(name: "RibcageMigrate", package: "RibcageTools"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
