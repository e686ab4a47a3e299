import ArgumentParser
import Foundation
import RibcageGenerator

/// `ribcage new`: generates RIBs, services, workflows and plugins with their tests.
struct New: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Generate a RIB, service, workflow or plugin with its tests, from templates.",
    discussion: """
      Templates can be overridden by files of the same name in .ribcage/templates/ (or the \
      folder given with --templates); --list-templates shows which are in use.
      """,
    subcommands: [
      NewApp.self, NewRIB.self, NewService.self, NewWorkflow.self, NewPlugin.self,
      ListTemplates.self,
    ])

  @Flag(
    help: "List the templates in use (from .ribcage/templates/ or built in); same as `templates`.")
  var listTemplates = false

  func run(on console: ToolConsole) throws {
    guard listTemplates else {
      console.print(Self.helpMessage())
      return
    }
    try ListTemplates.list(overrideFolder: nil, on: console)
  }
}

/// `ribcage new templates [--templates DIR]`: the templates in use and where each comes from.
struct ListTemplates: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "templates",
    abstract: "List the templates in use and where each comes from.")

  @Option(help: "A folder of templates overriding the built-in ones (default: .ribcage/templates).")
  var templates: String?

  func run(on console: ToolConsole) throws {
    try Self.list(overrideFolder: templates, on: console)
  }

  static func list(overrideFolder: String?, on console: ToolConsole) throws(GeneratorError) {
    let library = try TemplateLibrary(
      overrideFolder: overrideFolder, workingDirectory: console.workingDirectory)
    for entry in library.entries {
      console.print("\(entry.name)  (\(entry.origin))")
    }
    for unused in library.unusedOverrides {
      console.print("warning: \(unused) in the override folder matches no template")
    }
  }
}

/// Options every `ribcage new` subcommand takes.
struct GenerationOptions: ParsableArguments {
  @Option(help: "The folder for the sources (Sources/<Module>); each item gets a subfolder.")
  var output = "."

  @Option(help: "The folder for the tests (default: Tests/<Module>Tests beside Sources/<Module>).")
  var testsOutput: String?

  @Option(help: "The module the tests import with @testable (default: from Sources/<Module>).")
  var module: String?

  @Option(help: "A folder of templates overriding the built-in ones (default: .ribcage/templates).")
  var templates: String?

  @Flag(help: "Print what would be written; write nothing.")
  var dryRun = false

  @Flag(help: "Overwrite files that exist.")
  var force = false

  func generator(on console: ToolConsole) throws(GeneratorError) -> Generator {
    let library = try TemplateLibrary(
      overrideFolder: templates, workingDirectory: console.workingDirectory)
    let cwd = console.workingDirectory
    return Generator(
      templates: library,
      options: OutputOptions(
        output: FilePath.resolved(output, in: cwd),
        testsOutput: testsOutput.map { FilePath.resolved($0, in: cwd) }, module: module))
  }

  /// Writes `plan` (or, with `--dry-run`, only says what it would write), then prints its notes.
  func carryOut(_ plan: GenerationPlan, on console: ToolConsole) throws(GeneratorError) {
    try plan.carryOut(force: force, dryRun: dryRun, on: console)
  }
}

extension GenerationPlan {
  /// Writes the plan (or, with `dryRun`, only says what it would write), then prints its notes.
  func carryOut(force: Bool, dryRun: Bool, on console: ToolConsole) throws(GeneratorError) {
    let writer = PlanWriter(force: force)
    try writer.check(self)
    let cwd = console.workingDirectory
    let existing = Set(files.map(\.path).filter { FileManager.default.fileExists(atPath: $0) })
    if !dryRun { try writer.write(self) }
    for file in files {
      let relative = FilePath.relative(file.path, to: cwd)
      let verb: String
      switch (dryRun, file.isEdit, existing.contains(file.path)) {
      case (true, true, _): verb = "would edit"
      case (true, false, true): verb = "would overwrite"
      case (true, false, false): verb = "would create"
      case (false, true, _): verb = "edited"
      case (false, false, true): verb = "overwrote"
      case (false, false, false): verb = "created"
      }
      console.print("\(verb) \(relative)")
    }
    for note in notes { console.print("\n" + note) }
  }
}

/// `ribcage new app <Name>`: a package that launches.
struct NewApp: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "app",
    abstract:
      "Generate an app package: a launchable root, one child, tests, terminal and iOS launch.",
    discussion: """
      Writes <Name>/ (or --output): Package.swift, Sources/<Name> (Root, a LaunchRouter, and \
      its first child, wired), Sources/<Name>App (a terminal launch host and, where UIKit is, \
      the @main app delegate) and Tests/<Name>Tests. `swift run <Name>App` prints the tree.
      """)

  @Argument(help: "The app's name, e.g. Rider: the package, its module and <Name>App.")
  var name: String

  @Option(help: "The root's first child, a RIB with a view.")
  var child = "Home"

  @Flag(
    help:
      "Make the child's view a SwiftUI screen: the package then uses RibcageSwiftUI, iOS 17, macOS 14."
  )
  var swiftui = false

  @Option(help: "The package's folder (default: ./<Name>).")
  var output: String?

  @Option(
    help: "Depend on a local clone of Ribcage at this path (default: the released package's URL)."
  )
  var ribcagePath: String?

  @Option(help: "A folder of templates overriding the built-in ones (default: .ribcage/templates).")
  var templates: String?

  @Flag(help: "Print what would be written; write nothing.")
  var dryRun = false

  @Flag(help: "Overwrite files that exist.")
  var force = false

  func run(on console: ToolConsole) throws {
    let appName = try TypeName(name)
    let cwd = console.workingDirectory
    let folder = FilePath.resolved(output ?? appName.value, in: cwd)
    let library = try TemplateLibrary(overrideFolder: templates, workingDirectory: cwd)
    let generator = Generator(templates: library, options: OutputOptions(output: folder))
    let request = AppRequest(
      name: appName, child: try TypeName(child, role: "child"),
      ribcage: ribcagePath.map { .path(Self.manifestPath($0, from: folder, cwd: cwd)) }
        ?? AppRequest.defaultRibcage, childHasSwiftUIView: swiftui)
    try generator.plan(request).carryOut(force: force, dryRun: dryRun, on: console)
  }

  /// `path` as the manifest at `folder` should name it: relative paths are taken from the
  /// working directory and rewritten relative to the package.
  static func manifestPath(_ path: String, from folder: String, cwd: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    let target = FilePath.resolved(path, in: cwd).split(separator: "/")
    let base = folder.split(separator: "/")
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
    let ups = Array(repeating: "..", count: base.count - common)
    return (ups + target[common...].map(String.init)).joined(separator: "/")
  }
}

/// `ribcage new rib <Name>`.
struct NewRIB: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    commandName: "rib",
    abstract: "Generate a RIB (builder, interactor, router, view) and its tests with mocks.")

  enum Layout: EnumerableFlag {
    case view, viewless, swiftui

    static func help(for value: Layout) -> ArgumentHelp? {
      switch value {
      case .view: "The RIB owns a view."
      case .viewless: "The RIB has no view; its router presents its children in its parent's view."
      case .swiftui:
        "The RIB's view is a SwiftUI screen hosted by RibcageSwiftUI (iOS 17, macOS 14)."
      }
    }
  }

  @Argument(help: "The RIB's name, e.g. LoggedOut.")
  var name: String

  @Flag(exclusivity: .exclusive)
  var layout: Layout = .view

  @Flag(help: "Add a stateless presenter and a view model, rendered by a render loop.")
  var presenter = false

  @Option(
    help: "The parent RIB: also generate <Parent>Component+<Name>.swift and print the routing code."
  )
  var parent: String?

  @Flag(
    help: "With --parent: edit the parent's router, interactor, builder and mocks to route here.")
  var wire = false

  @OptionGroup var options: GenerationOptions

  func run(on console: ToolConsole) throws {
    let request = RIBRequest(
      name: try TypeName(name), hasView: layout != .viewless, hasPresenter: presenter,
      parent: try parent.map { name throws(GeneratorError) in try TypeName(name, role: "parent") },
      wire: wire, hasSwiftUIView: layout == .swiftui)
    if wire, parent == nil {
      throw GeneratorError.invalidName(name, reason: "--wire needs --parent <Parent>")
    }
    let generator = try options.generator(on: console)
    try options.carryOut(try generator.plan(request), on: console)
  }
}

/// The shared shape of `ribcage new service|workflow|plugin <Name>`.
protocol SingleFileCommand: ParsableCommand, ConsoleCommand {
  static var kind: GeneratedKind { get }
  var name: String { get }
  var options: GenerationOptions { get }
}

extension SingleFileCommand {
  func run(on console: ToolConsole) throws {
    let generator = try options.generator(on: console)
    try options.carryOut(try generator.plan(Self.kind, name: try TypeName(name)), on: console)
  }
}

/// `ribcage new service <Name>`.
struct NewService: SingleFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "service",
    abstract: "Generate a service that owns a state stream and exposes it read-only, with tests.")
  static let kind = GeneratedKind.service

  @Argument(help: "The service's name without 'Service', e.g. Profile.")
  var name: String

  @OptionGroup var options: GenerationOptions
}

/// `ribcage new workflow <Name>`.
struct NewWorkflow: SingleFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "workflow",
    abstract: "Generate a workflow (steps over actionable items) with tests.")
  static let kind = GeneratedKind.workflow

  @Argument(help: "The workflow's name, e.g. OpenTrip.")
  var name: String

  @OptionGroup var options: GenerationOptions
}

/// `ribcage new plugin <Name>`.
struct NewPlugin: SingleFileCommand {
  static let configuration = CommandConfiguration(
    commandName: "plugin",
    abstract: "Generate an optional plugin behind a feature flag, with tests.")
  static let kind = GeneratedKind.plugin

  @Argument(help: "The plugin's name, e.g. Coupon.")
  var name: String

  @OptionGroup var options: GenerationOptions
}
