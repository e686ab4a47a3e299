import Testing

@testable import RibcageLint

/// Lint parses a file that imports no RIB framework from its declarations alone (function
/// bodies blanked, every position kept), and whole again when a type there has a RIB role:
/// the findings must be the ones a whole parse gives.
@Suite(.timeLimit(.minutes(10))) struct DeclarationOutlineTests {
  @Test func bodiesAreBlankedAndEveryPositionKept() throws {
    let source = """
      import Foundation
      /* a { comment */
      struct Client {
        let base = "{"
        func get(_ path: String) -> String {
          let shown = "\\(path.isEmpty ? "}" : path) {"
          return #"raw "}" \\#(shown)"# + \"\"\"
            multi } line
            \"\"\"
        }
        init(x: Int = { 1 }()) { print("init {") }
        deinit { print(1) }
        override func didBecomeActive() { work() }
      }
      protocol Loading {
        func load()
        var count: Int { get }
      }
      """
    let bytes = Array(source.utf8)
    let blanked = try #require(DeclarationOutline.blanked(bytes))
    let text = String(decoding: blanked, as: UTF8.self)
    #expect(blanked.count == bytes.count)
    #expect(
      blanked.indices.filter { blanked[$0] == 10 } == bytes.indices.filter { bytes[$0] == 10 })
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[4].hasSuffix("-> String {"))
    #expect(lines[5].allSatisfy { $0 == " " })
    #expect(lines[9].trimmingCharacters(in: .whitespaces) == "}")
    #expect(lines[10].hasPrefix("  init(x: Int = { 1 }()) {"))
    #expect(!lines[10].contains("print"))
    #expect(!lines[11].contains("print"))
    #expect(lines[12].contains("work()"))  // a hook whose body rules read
    #expect(lines[15] == "  func load()")
    #expect(lines[16] == "  var count: Int { get }")
  }

  @Test func textTheScanCannotFollowIsParsedWhole() {
    #expect(DeclarationOutline.blanked(Array("func f() { let r = #/a{/# }".utf8)) == nil)
    #expect(DeclarationOutline.blanked(Array("struct S { let x = 1 }".utf8)) == nil)
  }

  @Test func factsFromPlainFilesAreTheSameAsFromAWholeParse() throws {
    let files = [
      "Support/Store.swift": """
      import Foundation
      final class Store {
        static let main = Store()
        private var items: [String] = []
        func save(_ item: String) {
          items.append(item)
          UserDefaults.standard.set(items, forKey: "items")
        }
      }
      class BaseFlow: FlowBase {
        override func didBecomeActive() {
          super.didBecomeActive()
          prepare()
        }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        func add() { Store.main.save("x") }
      }
      """,
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: UIViewController {
        let store: Store
        init(store: Store) { self.store = store }
      }
      """,
    ]
    let folder = SourceFolder(files)
    let report = try Linter(configuration: LintConfiguration()).lint(
      paths: [], workingDirectory: folder.path)
    #expect(
      report.findings.map { "\($0.rule) \($0.path):\($0.line)" }.sorted() == [
        "global-state Home/HomeInteractor.swift:3",
        "view-has-logic Home/HomeViewController.swift:3",
      ])
  }
}
