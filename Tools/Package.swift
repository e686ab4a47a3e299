// swift-tools-version:6.2
import PackageDescription

// The `ribcage` command-line tool. Its own package so that an app depending on Ribcage never
// downloads the tools' dependencies (swift-syntax, Stencil, Yams, swift-argument-parser).
let package = Package(
  name: "RibcageTools",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "ribcage", targets: ["ribcage"]),
    .library(name: "RibcageGenerator", targets: ["RibcageGenerator"]),
    .library(name: "RibcageLint", targets: ["RibcageLint"]),
    .library(name: "RibcageMigrate", targets: ["RibcageMigrate"]),
    // For Fuzzing/ToolsTargets only, through its `@_spi(RibcageFuzzing)` entry points.
    .library(name: "RibcageInspectServer", targets: ["RibcageInspectServer"]),
    .executable(name: "ribcage-tools-bench", targets: ["RibcageToolsBench"]),
    .plugin(name: "ribcage-lint", targets: ["RibcageLintPlugin"]),
    // `swift package ribcage new|lint|graph|check|migrate …` in a consumer package or project.
    .plugin(name: "RibcageCommandPlugin", targets: ["RibcageCommandPlugin"]),
    // Lints a target on every build; findings are compiler diagnostics.
    .plugin(name: "RibcageBuildPlugin", targets: ["RibcageBuildPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    // The inspector's tests drive the server with the app side (RibcageInspector) itself.
    .package(name: "Ribcage", path: ".."),
  ],
  targets: [
    // The tools' version, shared by every module that prints or reports it.
    .target(name: "RibcageToolInfo"),
    // What the tools check in a Swift file before swift-syntax's parser reads it.
    .target(name: "RibcageSourceLimits"),
    .target(
      name: "RibcageGenerator",
      dependencies: [.product(name: "Stencil", package: "Stencil")],
      resources: [.copy("Templates")]),
    .target(
      name: "RibcageLint",
      dependencies: [
        "RibcageToolInfo",
        "RibcageSourceLimits",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "Yams", package: "Yams"),
      ]),
    .target(
      name: "RibcageMigrate",
      dependencies: [
        "RibcageSourceLimits",
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // `ribcage inspect`: the server (Hummingbird, WebSocket) and the page it serves.
    .target(
      name: "RibcageInspectServer",
      dependencies: [
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        // The session format's parser (the core's JSONParser) and line schema: one definition
        // for the app, the timeline loader and the server.
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ],
      resources: [.copy("Page")]),
    .target(
      name: "RibcageCommands",
      dependencies: [
        "RibcageToolInfo",
        "RibcageInspectServer",
        "RibcageGenerator",
        "RibcageLint",
        "RibcageMigrate",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "ribcage",
      dependencies: ["RibcageCommands"],
      path: "Sources/RibcageCLI"),
    .executableTarget(
      name: "RibcageToolsBench",
      dependencies: [
        "RibcageLint",
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .plugin(
      name: "RibcageLintPlugin",
      capability: .command(
        intent: .custom(
          verb: "ribcage-lint", description: "Run ribcage lint over the package's targets.")),
      dependencies: ["ribcage"]),
    .plugin(
      name: "RibcageCommandPlugin",
      capability: .command(
        intent: .custom(
          verb: "ribcage",
          description: "Run the ribcage tool (new, lint, graph, check, migrate) in the package."),
        permissions: [
          .writeToPackageDirectory(
            reason: "`ribcage new` and `ribcage migrate` write Swift files into the package.")
        ]),
      dependencies: ["ribcage"]),
    // What the build-tool plugin runs: the linter alone (swift-syntax, Yams), so a consumer's
    // first build does not compile the inspector's server or the generator.
    .executableTarget(
      name: "ribcage-build-lint", dependencies: ["RibcageLint"], path: "Sources/RibcageBuildLint"),
    .plugin(
      name: "RibcageBuildPlugin", capability: .buildTool(), dependencies: ["ribcage-build-lint"]),
    .testTarget(
      name: "RibcageGeneratorTests",
      dependencies: ["RibcageGenerator", "RibcageCommands"]),
    .testTarget(
      name: "RibcageLintTests",
      dependencies: [
        "RibcageLint", "RibcageCommands", "RibcageToolInfo", "RibcageSourceLimits",
        // Only to check that lint's JSON escaper writes what the root package's writes.
        .product(name: "Ribcage", package: "Ribcage"),
      ]),
    .testTarget(
      name: "RibcageMigrateTests",
      dependencies: ["RibcageMigrate", "RibcageCommands"]),
    .testTarget(
      name: "RibcageInspectServerTests",
      dependencies: [
        "RibcageInspectServer",
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
      ]),
    // Fuzzing/'s saved inputs through the tools' parsers (docs/fuzzing.md).
    .testTarget(
      name: "RibcageFuzzReplayTests",
      dependencies: [
        "RibcageInspectServer", "RibcageLint", "RibcageMigrate",
        .product(name: "RibcageInspector", package: "Ribcage"),
      ]),
    .testTarget(
      name: "RibcageCommandsTests",
      dependencies: ["RibcageCommands", "RibcageToolInfo"]),
  ],
  swiftLanguageModes: [.v6]
)
