// swift-tools-version:6.2
import PackageDescription

#if canImport(AppleProductTypes)
  import AppleProductTypes
#endif

// Rides as an iPhone app: the RIBs, services, workflows, plugins and flags of Examples/Rides
// (its library RidesKit), drawn with SwiftUI and UIKit. Double-click RidesiOS.swiftpm: Xcode opens
// it as an app (AppleProductTypes) and runs it in the simulator. Elsewhere — `swift build` or
// `swift test` on Linux or in a Mac terminal — the package is the app's platform-free part,
// RidesiOSCore, and its tests.
let core: [Target] = [
  .target(
    name: "RidesiOSCore",
    dependencies: [
      .product(name: "RidesKit", package: "Rides"),
      .product(name: "Ribcage", package: "Ribcage"),
      // `--inspect URL` / RIBCAGE_INSPECT streams the session to `ribcage inspect`.
      .product(name: "RibcageInspector", package: "Ribcage"),
      // RIBNavigation: the navigation stack and sheets as a model (it builds on Linux too).
      .product(name: "RibcageSwiftUI", package: "Ribcage"),
    ]),
  .testTarget(
    name: "RidesiOSCoreTests",
    dependencies: [
      "RidesiOSCore",
      .product(name: "RidesKit", package: "Rides"),
      .product(name: "Ribcage", package: "Ribcage"),
      .product(name: "RibcageSwiftUI", package: "Ribcage"),
    ]),
]

#if canImport(AppleProductTypes)
  let products: [Product] = [
    .iOSApplication(
      name: "Rides",
      targets: ["RidesiOS"],
      bundleIdentifier: "dev.ribcage.rides",
      displayVersion: "1.0",
      bundleVersion: "1",
      appIcon: .placeholder(icon: .cloud),
      accentColor: .presetColor(.indigo),
      supportedDeviceFamilies: [.phone],
      supportedInterfaceOrientations: [.portrait],
      // The `rides://` URL scheme, so `onOpenURL` receives deep links.
      additionalInfoPlistContentFilePath: "AdditionalInfo.plist")
  ]
  let app: [Target] = [
    .executableTarget(
      name: "RidesiOS",
      dependencies: [
        "RidesiOSCore",
        .product(name: "RidesKit", package: "Rides"),
        .product(name: "RibcageSwiftUI", package: "Ribcage"),
        .product(name: "RibcageUIKit", package: "Ribcage"),
      ])
  ]
#else
  let products: [Product] = [.library(name: "RidesiOSCore", targets: ["RidesiOSCore"])]
  let app: [Target] = []
#endif

let package = Package(
  name: "RidesiOS",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: products,
  dependencies: [
    .package(name: "Rides", path: "../../Rides"),
    .package(name: "Ribcage", path: "../../.."),
  ],
  targets: core + app,
  swiftLanguageModes: [.v6]
)
