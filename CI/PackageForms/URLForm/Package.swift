// swift-tools-version:6.2
import PackageDescription

// The released form of the README and docs/getting-started.md, exactly as written there; CI
// points the URL at a local clone with a SwiftPM mirror (CI/PackageForms/check-url-form.sh), so it
// needs no network.
let package = Package(
  name: "URLForm",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    .package(url: "https://github.com/ribcage/Ribcage", from: "0.1.0")
  ],
  targets: [
    .executableTarget(
      name: "URLForm",
      dependencies: [.product(name: "Ribcage", package: "Ribcage")])
  ],
  swiftLanguageModes: [.v6]
)
