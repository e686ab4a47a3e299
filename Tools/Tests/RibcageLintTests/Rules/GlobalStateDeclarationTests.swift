import Foundation
import RibcageLint
import Testing

/// `global-state` names a singleton's declaration in each use instead of reporting it apart
/// (a summary beside the uses, which readers of outside apps counted as noise), and a
/// suppression on the declaration's line accepts the singleton everywhere.
@Suite(.timeLimit(.minutes(10))) struct GlobalStateDeclarationTests {
  static let files = [
    "Core/Store.swift": """
    import Foundation
    final class Store {
      static let shared = Store()
      var items: [String] = []
    }
    """,
    "Home/HomeInteractor.swift": """
    import RIBs
    final class HomeInteractor: Interactor {
      func add() { Store.shared.items.append("a") }
    }
    """,
    "Cart/CartInteractor.swift": """
    import RIBs
    final class CartInteractor: Interactor {
      func clear() { Store.shared.items.removeAll() }
    }
    """,
  ]

  @Test func eachUseNamesTheDeclarationWhichIsNotReportedApart() throws {
    let report = try lint(Self.files)
    #expect(
      report.map { "\($0.path):\($0.line)" }.sorted() == [
        "Cart/CartInteractor.swift:3", "Home/HomeInteractor.swift:3",
      ])
    for finding in report {
      #expect(finding.message.contains("the singleton Store (Core/Store.swift:3)"))
    }
  }

  @Test func suppressingTheDeclarationAcceptsEveryUse() throws {
    var files = Self.files
    files["Core/Store.swift"] = files["Core/Store.swift"]!.replacingOccurrences(
      of: "static let shared = Store()",
      with: "static let shared = Store()  // ribcage:disable:this global-state")
    #expect(try lint(files).isEmpty)
    // A suppression elsewhere in the file accepts nothing.
    files["Core/Store.swift"] =
      Self.files["Core/Store.swift"]! + "\n// ribcage:disable:this global-state\n"
    #expect(try lint(files).count == 2)
  }

  /// From a hostile review: a file silenced for itself (`disable all`, a range) accepts
  /// nothing of its uses elsewhere; two same-named singletons in two modules are two; accepting
  /// one accessor of a type accepts that one only.
  @Test func onlyANamedSuppressionOnThatLineOfThatDeclarationAccepts() throws {
    var files = Self.files
    files["Core/Store.swift"] = "// ribcage:disable all\n" + Self.files["Core/Store.swift"]!
    #expect(try lint(files).count == 2)
    files["Core/Store.swift"] = Self.files["Core/Store.swift"]!.replacingOccurrences(
      of: "static let shared = Store()",
      with: "static let shared = Store()  // ribcage:disable:this all")
    #expect(try lint(files).count == 2)

    let modules = [
      "Sources/Demo/Store.swift": """
      final class Store {
        static let shared = Store()  // ribcage:disable:this global-state
        var items: [String] = []
      }
      """,
      "Sources/Demo/DemoInteractor.swift": """
      import RIBs
      final class DemoInteractor: Interactor {
        func add() { Store.shared.items.append("a") }
      }
      """,
      "Sources/Main/Store.swift": """
      final class Store {
        static let shared = Store()
        var items: [String] = []
      }
      """,
      "Sources/Main/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: Interactor {
        func add() { Store.shared.items.append("a") }
      }
      """,
    ]
    let found = try lint(modules)
    #expect(found.map(\.path) == ["Sources/Main/HomeInteractor.swift"])
    #expect(found.first?.message.contains("(Sources/Main/Store.swift:2)") == true)

    let accessors = [
      "Core/Storage.swift": """
      final class Storage {
        static let shared = Storage()  // ribcage:disable:this global-state
        static let secure = Storage()
        var items: [String: String] = [:]
      }
      """,
      "Pin/PinInteractor.swift": """
      import RIBs
      final class PinInteractor: Interactor {
        func save(_ pin: String) { Storage.secure.items["pin"] = pin }
        func cache(_ key: String) { Storage.shared.items[key] = key }
      }
      """,
    ]
    #expect(try lint(accessors).map { "\($0.path):\($0.line)" } == ["Pin/PinInteractor.swift:3"])
  }

  private func lint(_ files: [String: String]) throws -> [Finding] {
    let folder = SourceFolder(files)
    var linter = Linter(configuration: LintConfiguration())
    linter.onlyRules = [Rule.globalState.id]
    return try linter.lint(paths: [], workingDirectory: folder.path).findings
  }
}
