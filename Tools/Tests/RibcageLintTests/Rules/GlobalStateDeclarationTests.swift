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

  private func lint(_ files: [String: String]) throws -> [Finding] {
    let folder = SourceFolder(files)
    var linter = Linter(configuration: LintConfiguration())
    linter.onlyRules = [Rule.globalState.id]
    return try linter.lint(paths: [], workingDirectory: folder.path).findings
  }
}
