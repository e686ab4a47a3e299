import Foundation
import RibcageGenerator
import Testing

@Test(.timeLimit(.minutes(10))) func newRIBWritesEveryFileAndPrintsThem() {
  let folder = TemporaryFolder()
  let run = ribcage(
    ["new", "rib", "LoggedOut", "--presenter", "--output", "Sources/App"], in: folder.path)
  #expect(run.status == 0)
  #expect(run.error.isEmpty)
  #expect(run.out.first == "created Sources/App/LoggedOut/LoggedOutBuilder.swift")
  #expect(folder.files.count == 8)
  #expect(folder.files.contains("Tests/AppTests/LoggedOut/LoggedOutRouterTests.swift"))
}

@Test(.timeLimit(.minutes(10))) func dryRunWritesNothing() {
  let folder = TemporaryFolder()
  let run = ribcage(
    ["new", "service", "Profile", "--output", "Sources/App", "--dry-run"], in: folder.path)
  #expect(run.status == 0)
  #expect(
    run.out == [
      "would create Sources/App/ProfileService/ProfileService.swift",
      "would create Tests/AppTests/ProfileService/ProfileServiceTests.swift",
    ])
  #expect(folder.files.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func existingFilesAreRefusedListedAndNothingIsWritten() {
  let folder = TemporaryFolder()
  folder.write("Sources/App/Home/HomeRouter.swift", "// mine\n")
  let run = ribcage(["new", "rib", "Home", "--output", "Sources/App"], in: folder.path)
  #expect(run.status == 2)
  #expect(
    run.errorText == """
      error: these files exist already (pass --force to overwrite them):
        Sources/App/Home/HomeRouter.swift
      """)
  #expect(folder.files == ["Sources/App/Home/HomeRouter.swift"])
  #expect(folder.read("Sources/App/Home/HomeRouter.swift") == "// mine\n")

  let forced = ribcage(
    ["new", "rib", "Home", "--output", "Sources/App", "--force"], in: folder.path)
  #expect(forced.status == 0)
  #expect(forced.out.contains("overwrote Sources/App/Home/HomeRouter.swift"))
  #expect(
    folder.read("Sources/App/Home/HomeRouter.swift")?.contains("final class HomeRouter") == true)
  #expect(!folder.files.contains { $0.hasSuffix(".tmp") })
}

@Test(.timeLimit(.minutes(10))) func aFileWhereAFolderMustGoIsRefusedAndNothingIsWritten() {
  let folder = TemporaryFolder()
  folder.write("Tests", "not a folder\n")
  let run = ribcage(["new", "rib", "Home", "--output", "Sources/App"], in: folder.path)
  #expect(run.status == 2)
  #expect(run.errorText.hasPrefix("error: cannot write to Tests/AppTests/Home: "))
  #expect(folder.files == ["Tests"])
}

@Test(.timeLimit(.minutes(10))) func aFolderNamedLikeAGeneratedFileIsRefused() {
  let folder = TemporaryFolder()
  try! FileManager.default.createDirectory(
    atPath: folder.path + "/Sources/App/Home/HomeRouter.swift", withIntermediateDirectories: true)
  let run = ribcage(["new", "rib", "Home", "--output", "Sources/App"], in: folder.path)
  #expect(run.status == 2)
  #expect(
    run.errorText
      == "error: cannot write to Sources/App/Home/HomeRouter.swift: a folder has that name")
  #expect(folder.files.isEmpty)
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    (
      ["new", "rib", "class", "--output", "Sources/App"],
      "error: 'class' cannot be used as a name: it is a Swift keyword"
    ),
    (
      ["new", "rib", "Logged-Out", "--output", "Sources/App"],
      "error: 'Logged-Out' cannot be used as a name: a Swift type name has only letters, digits and underscores (e.g. LoggedOut)"
    ),
    (
      ["new", "rib", "Home", "--parent", "Nope", "--output", "Sources/App"],
      "error: no parent 'Nope': found no 'NopeComponent' class in the Swift files under Sources (generate the parent first, or point --output at its module)"
    ),
    (
      ["new", "rib", "Home", "--parent", "nope", "--output", "Sources/App"],
      "error: 'nope' cannot be used as a name: type names start with an uppercase letter (Nope)"
    ),
    (
      ["new", "rib", "Home", "--output", "elsewhere"],
      "error: cannot tell which module elsewhere belongs to (expected a path like Sources/<Module>); pass --module <Module>"
    ),
    (
      ["new", "rib", "Home", "--templates", "missing"],
      "error: the templates folder missing does not exist"
    ),
  ])
func badInputExitsTwoWithTheReasonAndWritesNothing(arguments: [String], message: String) {
  let folder = TemporaryFolder()
  let run = ribcage(arguments, in: folder.path)
  #expect(run.status == 2)
  #expect(run.errorText == message)
  #expect(folder.files.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func unknownFlagsAndMissingArgumentsAreUsageErrors() {
  let folder = TemporaryFolder()
  for arguments in [
    ["new", "rib"], ["new", "rib", "Home", "--bogus"],
    ["new", "rib", "Home", "--view", "--viewless"],
  ] {
    let run = ribcage(arguments, in: folder.path)
    #expect(run.status == 2, "\(arguments)")
    #expect(run.errorText.hasPrefix("Error: "), "\(arguments)")
    #expect(run.errorText.contains("Usage: ribcage"), "\(arguments)")
  }
  // An unknown command names the known ones instead (see RibcageCommandsTests).
  let unknown = ribcage(["old"], in: folder.path)
  #expect(unknown.status == 2)
  #expect(
    unknown.errorText
      == "error: unknown command 'old'; commands: new, lint, graph, check, migrate, inspect, templates"
  )
  #expect(folder.files.isEmpty)
}

@Test(.timeLimit(.minutes(10))) func aBrokenTemplateIsNamedWithItsLineAndNothingIsWritten() {
  let folder = TemporaryFolder()
  folder.write(".ribcage/templates/rib.router-tests.swift.stencil", "ok\n{% for x in %}\n")
  let run = ribcage(["new", "rib", "Home", "--output", "Sources/App"], in: folder.path)
  #expect(run.status == 2)
  #expect(
    run.errorText.hasPrefix("error: .ribcage/templates/rib.router-tests.swift.stencil:2: error: "))
  #expect(folder.files == [".ribcage/templates/rib.router-tests.swift.stencil"])
}

@Test(.timeLimit(.minutes(10))) func listTemplatesShowsWhereEachComesFrom() {
  let folder = TemporaryFolder()
  folder.write(".ribcage/templates/rib.view.swift.stencil", "x\n")
  let run = ribcage(["new", "--list-templates"], in: folder.path)
  #expect(run.status == 0)
  #expect(run.out.count == TemplateLibrary.names.count)
  #expect(
    run.out.contains("rib.view.swift.stencil  (override in \(folder.path)/.ribcage/templates)"))
  #expect(run.out.contains("rib.builder.swift.stencil  (built in)"))

  folder.write("elsewhere/plugin.swift.stencil", "y\n")
  let other = ribcage(["new", "templates", "--templates", "elsewhere"], in: folder.path)
  #expect(other.out.contains("plugin.swift.stencil  (override in \(folder.path)/elsewhere)"))
  #expect(other.out.contains("rib.view.swift.stencil  (built in)"))
}

@Test(.timeLimit(.minutes(10))) func helpExitsZero() {
  let run = ribcage(["new", "rib", "--help"], in: NSTemporaryDirectory())
  #expect(run.status == 0)
  #expect(run.out.joined().contains("--viewless"))
}
