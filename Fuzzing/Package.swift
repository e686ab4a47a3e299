// swift-tools-version:6.2
import PackageDescription

// Coverage-guided fuzzing (libFuzzer) of the root package's parsers: one executable per parser,
// built with `swift build --sanitize=fuzzer --sanitize=address` by Scripts/fuzz.sh. Its own
// package, so that no app ever builds it. The tools' parsers are in ToolsTargets/ (they need
// swift-syntax and Hummingbird, a much longer sanitizer build). See docs/fuzzing.md.
let package = Package(
  name: "RibcageFuzzing",
  platforms: [.macOS(.v14)],
  // The invariant check and input readers, for the tools' targets too.
  products: [.library(name: "FuzzSupport", targets: ["FuzzSupport"])],
  dependencies: [.package(name: "Ribcage", path: "..")],
  targets: [
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "FuzzDeepLinkURL",
      dependencies: ["FuzzSupport", .product(name: "Ribcage", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzDeepLinkPattern",
      dependencies: ["FuzzSupport", .product(name: "Ribcage", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzPushPayload",
      dependencies: ["FuzzSupport", .product(name: "Ribcage", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzFlagsFile",
      dependencies: ["FuzzSupport", .product(name: "Ribcage", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzSessionFile",
      dependencies: [
        "FuzzSupport", .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ]),
    .executableTarget(
      name: "FuzzSessionLine",
      dependencies: [
        "FuzzSupport", .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ]),
    .executableTarget(
      name: "FuzzWebSocketFrames",
      dependencies: ["FuzzSupport", .product(name: "RibcageInspector", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzUpgradeAnswer",
      dependencies: ["FuzzSupport", .product(name: "RibcageInspector", package: "Ribcage")]),
    .executableTarget(
      name: "FuzzRemoteAction",
      dependencies: [
        "FuzzSupport", .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
