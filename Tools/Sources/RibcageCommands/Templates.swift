import ArgumentParser
import Foundation
import RibcageGenerator

/// `ribcage templates`: `ribcage new`'s templates in other tools' formats.
struct Templates: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write ribcage new's templates for other tools (Xcode).",
    subcommands: [XcodeTemplates.self])

  func run(on console: ToolConsole) throws {
    console.print(Self.helpMessage())
  }
}

/// `ribcage templates xcode [--output DIR] [--install]`.
struct XcodeTemplates: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "xcode",
    abstract: "Write Xcode file templates generated from ribcage new's templates.",
    discussion: """
      RIB, Viewless RIB, RIB with Presenter, Service, Workflow and Plugin, each with a "Tests" \
      template for its tests and test doubles, exactly as `ribcage new` writes them (overrides \
      in .ribcage/templates or --templates included). --install replaces \
      ~/Library/Developer/Xcode/Templates/File Templates/Ribcage/ (only that folder); restart \
      Xcode, then File › New › File from Template… › Ribcage.
      """)

  /// Where Xcode looks for a user's file templates, below the home folder.
  static let xcodeFolder = "Library/Developer/Xcode/Templates/File Templates/Ribcage"

  @Option(help: "The folder to write the templates into (default: ./Ribcage Xcode Templates).")
  var output: String?

  @Flag(help: "Install them where Xcode looks: ~/\(XcodeTemplates.xcodeFolder).")
  var install = false

  @Option(help: "A folder of templates overriding the built-in ones (default: .ribcage/templates).")
  var templates: String?

  func run(on console: ToolConsole) throws {
    if install, output != nil { throw ToolFailure("give --output or --install, not both") }
    let cwd = console.workingDirectory
    let library = try TemplateLibrary(overrideFolder: templates, workingDirectory: cwd)
    let set = try XcodeTemplateSet(library: library)
    let folder: String
    if install {
      let home = console.environment["HOME"] ?? NSHomeDirectory()
      folder = FilePath.resolved(Self.xcodeFolder, in: home)
      // Templates of an older version would linger beside the new ones: start afresh.
      try? FileManager.default.removeItem(atPath: folder)
    } else {
      folder = FilePath.resolved(output ?? "Ribcage Xcode Templates", in: cwd)
    }
    try PlanWriter(force: true).write(set.plan(into: folder))
    for template in set.templates {
      console.print("wrote \(FilePath.relative(folder, to: cwd))/\(template.name).xctemplate")
    }
    if install {
      console.print("Restart Xcode; the templates are under File › New › File › Ribcage.")
    }
  }
}
