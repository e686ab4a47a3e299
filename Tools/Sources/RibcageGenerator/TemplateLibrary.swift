import Foundation
import Stencil

/// The templates `ribcage new` renders: the ones shipped with the tool, each replaceable by a
/// file of the same name in a team's override folder (`.ribcage/templates/` or `--templates`).
public struct TemplateLibrary: Sendable {
  /// Where a template in use comes from.
  public enum Origin: Sendable, Equatable, CustomStringConvertible {
    case bundled
    case override(folder: String)

    public var description: String {
      switch self {
      case .bundled: "built in"
      case .override(let folder): "override in \(folder)"
      }
    }
  }

  /// One template in use.
  public struct Entry: Sendable, Equatable {
    public let name: String
    public let path: String
    public let origin: Origin
  }

  /// The names of every template the generator uses.
  public static let names = [
    "rib.builder.swift.stencil", "rib.interactor.swift.stencil", "rib.router.swift.stencil",
    "rib.view.swift.stencil", "rib.swiftui-view.swift.stencil", "rib.swiftui-screen.swift.stencil",
    "rib.swiftui-view-tests.swift.stencil", "rib.presenter.swift.stencil",
    "rib.mocks.swift.stencil",
    "rib.interactor-tests.swift.stencil", "rib.router-tests.swift.stencil",
    "rib.parent-component.swift.stencil", "rib.routing-snippet.txt.stencil",
    "service.swift.stencil", "service.tests.swift.stencil", "workflow.swift.stencil",
    "workflow.tests.swift.stencil", "plugin.swift.stencil", "plugin.tests.swift.stencil",
    "app.package.swift.stencil", "app.gitignore.stencil", "app.root-builder.swift.stencil",
    "app.root-interactor.swift.stencil", "app.root-router.swift.stencil",
    "app.root-view.swift.stencil", "app.root.swift.stencil", "app.root-mocks.swift.stencil",
    "app.root-tests.swift.stencil", "app.main.swift.stencil", "app.terminal-host.swift.stencil",
  ]

  /// The folder of the shipped templates.
  public let bundledFolder: String
  /// The override folder, if it exists.
  public let overrideFolder: String?

  /// The library with the shipped templates and, if it exists, the override folder.
  ///
  /// - Parameters:
  ///   - overrideFolder: `--templates DIR`; it must exist.
  ///   - workingDirectory: where `.ribcage/templates/` is looked for when no folder is given.
  public init(overrideFolder: String?, workingDirectory: String) throws(GeneratorError) {
    try self.init(
      bundledFolder: try BundledTemplates.folder(), overrideFolder: overrideFolder,
      workingDirectory: workingDirectory)
  }

  /// The library with templates from `bundledFolder`: the designated initializer, `package` so
  /// that tests in this package can use it and it is no API of the tools' libraries.
  package init(bundledFolder: String, overrideFolder: String?, workingDirectory: String)
    throws(GeneratorError)
  {
    self.bundledFolder = bundledFolder
    var isDirectory: ObjCBool = false
    if let overrideFolder {
      let path = FilePath.resolve(overrideFolder, against: workingDirectory)
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw .missingTemplateFolder(overrideFolder) }
      self.overrideFolder = path
    } else {
      let path = FilePath.join(workingDirectory, ".ribcage/templates")
      let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
      self.overrideFolder = exists && isDirectory.boolValue ? path : nil
    }
  }

  /// Every template and where it comes from.
  public var entries: [Entry] {
    Self.names.map { name in
      if let overrideFolder {
        let path = FilePath.join(overrideFolder, name)
        if FileManager.default.fileExists(atPath: path) {
          return Entry(name: name, path: path, origin: .override(folder: overrideFolder))
        }
      }
      return Entry(name: name, path: FilePath.join(bundledFolder, name), origin: .bundled)
    }
  }

  /// The template files in the override folder that match no template (likely misspelt).
  public var unusedOverrides: [String] {
    guard let overrideFolder,
      let files = try? FileManager.default.contentsOfDirectory(atPath: overrideFolder)
    else { return [] }
    return files.filter { $0.hasSuffix(".stencil") && !Self.names.contains($0) }.sorted()
  }

  /// Renders template `name` with `context`.
  public func render(_ name: String, _ context: [String: Any]) throws(GeneratorError) -> String {
    guard let entry = entries.first(where: { $0.name == name }) else {
      throw .missingTemplate(name)
    }
    guard let data = FileManager.default.contents(atPath: entry.path) else {
      throw .missingTemplate(entry.path)
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .templateSyntax(file: entry.path, line: nil, reason: "the file is not UTF-8 text")
    }
    let environment = Environment(trimBehaviour: .smart)
    let template = Template(templateString: text, environment: environment, name: entry.path)
    do {
      return try template.render(context)
    } catch let error as TemplateSyntaxError {
      let line = (error.token ?? error.stackTrace.last).map {
        Int($0.sourceMap.location.lineNumber)
      }
      throw .templateSyntax(file: entry.path, line: line, reason: error.reason)
    } catch {
      throw .templateSyntax(file: entry.path, line: nil, reason: "\(error)")
    }
  }
}
