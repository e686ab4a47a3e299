// swift-tools-version:6.2
import PackageDescription

// A package that uses Ribcage's SwiftPM plugins as a team's app would, with the tools by path
// (CI/PluginConsumer/check-plugins.sh builds it): the build-tool plugin lints each target on every
// build, and `swift package ribcage …` runs the tool in the package.
let package = Package(
  name: "PluginConsumer",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    .package(name: "Ribcage", path: "../.."),
    .package(name: "RibcageTools", path: "../../Tools"),
  ],
  targets: [
    // A strong listener planted on purpose: a warning at its line, and the build succeeds.
    .target(
      name: "Planted",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")],
      plugins: [.plugin(name: "RibcageBuildPlugin", package: "RibcageTools")]),
    // Nothing to report: its global state is allowed by .ribcage.yml at the package's root.
    .target(
      name: "Clean",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")],
      plugins: [.plugin(name: "RibcageBuildPlugin", package: "RibcageTools")]),
    // Its own .ribcage.yml makes strong-listener an error: the build fails at the finding.
    .target(
      name: "Strict",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")],
      plugins: [.plugin(name: "RibcageBuildPlugin", package: "RibcageTools")]),
  ],
  swiftLanguageModes: [.v6]
)
