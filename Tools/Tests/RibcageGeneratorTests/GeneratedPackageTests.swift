import Foundation
import Testing

/// The repository's root, where the Ribcage package is.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// Runs `swift <arguments>` in `directory`; returns the exit status and everything it printed.
private func swift(_ arguments: [String], in directory: String) throws -> (
  status: Int32, output: String
) {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift"] + arguments
  process.currentDirectoryURL = URL(fileURLWithPath: directory)
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The proof that `ribcage new` works: a fresh package that depends on Ribcage by path gets a
/// generated tree (Root → LoggedOut | LoggedIn → Home, with --parent wiring) plus a service, a
/// workflow and a plugin; it must build with no warnings and its generated tests must pass.
/// Slow (a fresh build of Ribcage), so opt-in: `RIBCAGE_INTEGRATION=1` (Scripts/test-all.sh sets it).
@Test(
  .enabled(if: ProcessInfo.processInfo.environment["RIBCAGE_INTEGRATION"] == "1"),
  .timeLimit(.minutes(15)))
func aGeneratedPackageBuildsAndItsGeneratedTestsPass() throws {
  let folder = TemporaryFolder()
  folder.write(
    "Package.swift",
    """
    // swift-tools-version:6.2
    import PackageDescription

    let package = Package(
      name: "App",
      platforms: [.macOS(.v13)],
      dependencies: [.package(name: "Ribcage", path: "\(repositoryRoot)")],
      targets: [
        .target(name: "App", dependencies: [.product(name: "Ribcage", package: "Ribcage")]),
        .testTarget(
          name: "AppTests",
          dependencies: [
            "App", .product(name: "Ribcage", package: "Ribcage"),
            .product(name: "RibcageTesting", package: "Ribcage"),
          ]),
      ],
      swiftLanguageModes: [.v6]
    )
    """)
  let commands = [
    ["new", "rib", "Root", "--viewless"],
    ["new", "rib", "LoggedOut", "--presenter", "--parent", "Root"],
    ["new", "rib", "LoggedIn", "--viewless", "--parent", "Root"],
    ["new", "rib", "Home", "--parent", "LoggedIn"],
    ["new", "service", "Profile"],
    ["new", "workflow", "OpenTrip"],
    ["new", "plugin", "CarPhotos"],
  ]
  for command in commands {
    let run = ribcage(command + ["--output", "Sources/App"], in: folder.path)
    try #require(run.status == 0, "\(command): \(run.errorText)")
  }
  // The parent's component really satisfies its children's dependencies: wire them by hand the
  // way the printed snippets say, and run the tree.
  folder.write(
    "Tests/AppTests/WiringTests.swift",
    """
    import Ribcage
    import RibcageTesting
    import Testing

    @testable import App

    @MainActor final class AppDependency: RootDependency {}

    @MainActor @Test func generatedParentsProvideTheirChildrensDependencies() {
      let harness = RIBHarness()
      let root = RootComponent(dependency: AppDependency())
      let parent = Router(interactor: Interactor())
      harness.activate(parent)
      do {
        let loggedOut = LoggedOutBuilder(dependency: root).build(withListener: LoggedOutListenerMock())
        let loggedIn = LoggedInBuilder(dependency: root)
          .build(withListener: LoggedInListenerMock(), presentingView: LoggedInViewControllableMock())
        let home = HomeBuilder(dependency: LoggedInComponent(dependency: root))
          .build(withListener: HomeListenerMock())
        parent.attachChild(loggedOut)
        parent.attachChild(loggedIn)
        loggedIn.attachChild(home)
        #expect(parent.snapshot().textRendering().contains("Home [active, view]"))
        parent.detachChild(loggedOut)
        parent.detachChild(loggedIn)
      }
      harness.expectNoLeaks()
    }
    """)
  #expect(folder.files.filter { $0.hasPrefix("Sources/") }.count == 21)

  let build = try swift(["build", "--build-tests"], in: folder.path)
  try #require(build.status == 0, "swift build failed:\n\(build.output)")
  let warnings = build.output.split(separator: "\n").filter {
    $0.contains("warning:") && $0.contains(folder.path)
  }
  #expect(warnings.isEmpty, "warnings in generated code:\n\(warnings.joined(separator: "\n"))")

  let test = try swift(["test"], in: folder.path)
  #expect(test.status == 0, "swift test failed:\n\(test.output)")
  // 3 RIBs with a view: 5–7 tests each; the viewless ones 6; service 2, workflow 2, plugin 3; wiring 1.
  let summary = test.output.split(separator: "\n").first { $0.contains("Test run with") } ?? ""
  #expect(summary.contains("✔ Test run with 36 tests"), "\(summary)")
}
