import RibcageMigrate
import Testing

/// When `ribcage migrate` keeps, rewrites or removes `import Combine`: it never removes one on a
/// guess, and leaves files with no RIB code alone.
@Suite(.timeLimit(.minutes(10))) struct CombineImportTests {
  @Test(arguments: CombineFamilyFixtures.all.map(\.family))
  func eachCombineNameFamilyKeepsTheImportAsRibcageCombine(family: String) throws {
    let text = try #require(CombineFamilyFixtures.all.first { $0.family == family }?.text)
    let result = Migrator().migrate(text, path: "Fare.swift")
    #expect(result.text.hasPrefix("import RibcageCombine\nimport Foundation\nimport Ribcage\n"))
    #expect(result.needsRibcageCombine)
    #expect(result.notes.isEmpty)
  }

  @Test func nameThatCouldBeAPublisherOperatorKeepsTheImport() {
    // `fares` comes from another file: its `map` may well be Combine's.
    let text = """
      import Combine
      import ModernRIBs

      final class FareInteractor: Interactor {
        func shown(_ fares: FareSource) -> Any { fares.updates.map { $0 * 2 } }
      }
      """
    let result = Migrator().migrate(text, path: "FareInteractor.swift")
    #expect(result.text.hasPrefix("import RibcageCombine\nimport Ribcage\n"))
  }

  @Test func aFileWithNoRIBCodeKeepsCombineUntouched() {
    let repository = """
      import Combine
      import Foundation

      final class FareRepository {
        private let fares = CurrentValueSubject<Int, Never>(0)
        private var bag = Set<AnyCancellable>()
        var latest: AnyPublisher<Int, Never> { fares.eraseToAnyPublisher() }
      }
      """
    let result = Migrator().migrate(repository, path: "FareRepository.swift")
    #expect(!result.changed)
    #expect(!result.needsRibcageCombine)
    #expect(result.notes.isEmpty)
    // Even an import nothing seems to use: the file is not the migration's business.
    let utility =
      "import Combine\nimport Foundation\n\nenum Format { static let separator = \",\" }\n"
    #expect(!Migrator().migrate(utility, path: "Format.swift").changed)
    // The same with --from modernribs, as a team migrating a whole folder runs it.
    #expect(
      !Migrator(source: .modernribs).migrate(repository, path: "FareRepository.swift").changed)
  }

  @Test func aRIBCallInAFileWithoutTheImportStillMakesItRIBCode() {
    // ModernRIBs reached through another file's `@_exported import`: the renamed call needs
    // RibcageCombine's `cancelOnDeactivate`.
    let text = """
      import Combine

      extension FareInteractor {
        func bind() { fares.sink { _ in }.disposeOnDeactivate(interactor: self) }
      }
      """
    let result = Migrator(source: .modernribs).migrate(text, path: "FareInteractor+Bind.swift")
    #expect(result.text.hasPrefix("import RibcageCombine\n"))
    #expect(result.text.contains(".cancelOnDeactivate(interactor: self)"))
  }

  @Test func anExportedOrScopedCombineImportIsNeverEmptied() {
    let exported = "@_exported import Combine\nimport ModernRIBs\n"
    let result = Migrator().migrate(exported, path: "Exports.swift")
    #expect(result.text == "@_exported import RibcageCombine\nimport Ribcage\n")
    let scoped = "import struct Combine.AnyPublisher\nimport ModernRIBs\n"
    #expect(
      Migrator().migrate(scoped, path: "A.swift").text
        == "import struct Combine.AnyPublisher\nimport Ribcage\n")
  }

  @Test func aFileOnACombineLibraryKeepsCombine() {
    let text = """
      import Combine
      import CombineExt
      import ModernRIBs

      let replay = ReplaySubject<Int, Never>(bufferSize: 1)
      """
    let result = Migrator().migrate(text, path: "Replay.swift")
    #expect(result.text.hasPrefix("import RibcageCombine\nimport CombineExt\nimport Ribcage\n"))
  }

  @Test func anRxImportUsedOnlyThroughASchedulerIsKept() {
    let text = "import RIBs\nimport RxSwift\n\nlet scheduler = MainScheduler.instance\n"
    let result = Migrator().migrate(text, path: "Scheduler.swift")
    #expect(
      result.text == "import Ribcage\nimport RxSwift\n\nlet scheduler = MainScheduler.instance\n")
  }

  @Test func badInputNeverTraps() {
    let inputs = [
      "", "import", "import Combine.", "ModernRIBs.", "class : ModernRIBs. {", "@_exported import",
      "import ModernRIBs\nfinal class : XCTestCase", "Interactor(", "import Combine\n$",
      "import ModernRIBs\nlet x: ModernRIBs.", "\u{0}\u{FEFF}import Combine",
      "import ModernRIBs\nfinal class A: Routing, { var lifecycle: RouterLifecycle",
    ]
    for input in inputs {
      let result = Migrator().migrate(input, path: "Bad.swift")
      #expect(result.text.utf8.count <= input.utf8.count + 64)
      #expect(!Migrator().migrate(result.text, path: "Bad.swift").changed, "idempotent: \(input)")
    }
  }
}
