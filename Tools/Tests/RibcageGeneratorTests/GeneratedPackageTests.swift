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

/// The proof that `ribcage new` works: `ribcage new app` makes a package that depends on Ribcage
/// by path (`--swiftui`: its first child's view is a SwiftUI screen, so the package uses
/// RibcageSwiftUI), then RIBs are wired into it with `--wire` (Root → Welcome | LoggedOut |
/// LoggedIn → Home | Lounge, a SwiftUI RIB with a presenter), plus a service, a workflow and a
/// plugin; it must build with no warnings, its generated tests (the parents' mocks and tests
/// after every edit included) must pass, and its terminal launch must print the tree with the
/// leak detector silent. The Xcode templates
/// (`ribcage templates xcode`) are instantiated into the same package as Xcode would, one of each,
/// and built and tested with it — one slow build for both.
/// Slow (a fresh build of Ribcage), so opt-in: `RIBCAGE_INTEGRATION=1` (Scripts/test-all.sh sets it).
@Test(
  .enabled(if: ProcessInfo.processInfo.environment["RIBCAGE_INTEGRATION"] == "1"),
  .timeLimit(.minutes(15)))
func aGeneratedPackageBuildsLaunchesAndItsGeneratedTestsPass() throws {
  let folder = TemporaryFolder()
  let app = ribcage(
    [
      "new", "app", "App", "--child", "Welcome", "--swiftui", "--output", ".", "--ribcage-path",
      repositoryRoot,
    ], in: folder.path)
  try #require(app.status == 0, "new app: \(app.errorText)")
  let commands = [
    ["new", "rib", "LoggedOut", "--presenter", "--parent", "Root", "--wire"],
    ["new", "rib", "LoggedIn", "--viewless", "--parent", "Root", "--wire"],
    ["new", "rib", "Home", "--parent", "LoggedIn", "--wire"],
    ["new", "rib", "Lounge", "--swiftui", "--presenter", "--parent", "LoggedIn", "--wire"],
    ["new", "service", "Profile"],
    ["new", "workflow", "OpenTrip"],
    ["new", "plugin", "CarPhotos"],
  ]
  for command in commands {
    let run = ribcage(command + ["--output", "Sources/App"], in: folder.path)
    try #require(run.status == 0, "\(command): \(run.errorText)")
  }
  // One of each Xcode template, filled in as Xcode's "New File" dialog would.
  try instantiateXcodeTemplates(into: folder)

  // Everything generated is formatted as the repository formats its own code.
  let format = try swift(
    [
      "format", "lint", "--strict", "--configuration", repositoryRoot + "/.swift-format", "-r",
      "Sources", "Tests", "Package.swift",
    ], in: folder.path)
  #expect(
    format.status == 0 && format.output.isEmpty,
    "generated code is not formatted:\n\(format.output)")

  // A viewless parent puts its children's views on its parent's view, and takes them off again.
  folder.write(
    "Tests/AppTests/WiringTests.swift",
    """
    import Ribcage
    import RibcageTesting
    import Testing

    @testable import App

    @MainActor @Test func aViewlessParentShowsItsChildrensViewsOnItsParentsView() throws {
      let harness = RIBHarness()
      let root = RootBuilder(dependency: AppComponent()).build()
      harness.launch(root)
      let view = try #require(root.viewControllable as? RootViewController)
      root.routeToLoggedIn()
      do {  // the test lets go of LoggedIn before the leak check
        let loggedIn = try #require(root.children.last as? LoggedInRouter)
        loggedIn.routeToHome()
      }
      #expect(root.snapshot().textRendering().contains("Home [active, view]"))
      #expect(view.shownChildren.count == 2)  // Welcome's and Home's
      root.routeAwayFromLoggedIn()  // LoggedIn's cleanupViews takes Home's view off
      #expect(view.shownChildren.count == 1)
      harness.expectNoLeaks()
    }
    """)
  // 38 from `ribcage new`, 20 from the Xcode templates.
  #expect(folder.files.filter { $0.hasPrefix("Sources/") }.count == 58)

  let build = try swift(["build", "--build-tests"], in: folder.path)
  try #require(build.status == 0, "swift build failed:\n\(build.output)")
  let warnings = build.output.split(separator: "\n").filter {
    $0.contains("warning:") && $0.contains(folder.path)
  }
  #expect(warnings.isEmpty, "warnings in generated code:\n\(warnings.joined(separator: "\n"))")

  let test = try swift(["test"], in: folder.path)
  #expect(test.status == 0, "swift test failed:\n\(test.output)")
  let summary = test.output.split(separator: "\n").first { $0.contains("Test run with") } ?? ""
  // 54 from `ribcage new` and the wiring test, 39 from the Xcode templates.
  #expect(summary.contains("✔ Test run with 93 tests"), "\(summary)")

  let launch = try swift(["run", "AppApp"], in: folder.path)
  #expect(launch.status == 0, "swift run AppApp failed:\n\(launch.output)")
  #expect(launch.output.contains("Root [active, view]\n└─ Welcome [active, view]\nNo leaks."))
}

/// Writes `ribcage templates xcode`'s templates, then one of each into `folder`'s package as
/// Xcode creates them: sources in `Sources/App/<Name>`, tests in `Tests/AppTests/<Name>`.
private func instantiateXcodeTemplates(into folder: TemporaryFolder) throws {
  let templates = TemporaryFolder()
  let run = ribcage(["templates", "xcode", "--output", "."], in: templates.path)
  try #require(run.status == 0, "templates xcode: \(run.errorText)")
  let names = ["Lobby", "Session", "Basket", "Foyer", "Wallet", "Onboard", "Badges"]
  for ((template, _), name) in zip(xcodeTemplateCommands, names) {
    let xcode = XcodeInstantiation(
      name: name, lowerName: name.lowercased(), flagKey: name.lowercased(), module: "App")
    for (suffix, destination) in [("", "Sources/App"), (" Tests", "Tests/AppTests")] {
      for (file, text) in try xcode.files(of: templates.path + "/\(template)\(suffix).xctemplate") {
        folder.write("\(destination)/\(name)/\(file)", text)
      }
    }
  }
}
