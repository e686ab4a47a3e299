import RibcageMigrate
import Testing

/// An import the parser reads together with text before it, found by the migrate fuzz target's
/// "moves no line" check (Fuzzing/FailCases/ToolsMigrate): swift-syntax attaches a dangling
/// `override fBs` to the next `import RxSwift` as modifiers and unexpected text, and removing the
/// unused import removed them and the line break between them too.
@Suite(.timeLimit(.minutes(10))) struct BrokenImportTests {
  @Test func anImportWithTextBeforeItIsLeftAsItIs() {
    let text = """
      import Combine
      import ModernRIBs

      final class GameInteractor: PresentableInteractor<GamePresentable> {
        override fBs
      import RxSwift
      }

      """
    for source in [nil] + MigrationSource.allCases.map(Optional.some) {
      let result = Migrator(source: source).migrate(text, path: "File.swift")
      #expect(
        result.text.split(separator: "\n", omittingEmptySubsequences: false).count
          == text.split(separator: "\n", omittingEmptySubsequences: false).count)
      #expect(result.text.contains("  override fBs\nimport RxSwift\n"), "\(result.text)")
    }
  }

  /// Found by the fuzz target's idempotence check (Fuzzing/FailCases/ToolsMigrate): emptying the
  /// first unused `import RxSwift` changed how the parser read the broken text before the
  /// second, and a second run emptied that one too.
  @Test func aFileWithSyntaxErrorsKeepsItsImportsAndMigratesToItself() {
    let text = """
      import RIBs
      broken: self) RIBs
      import RxSwift

      public clvars x] iN self?'. self) RIBs
      import RxSwift

      """
    for source in [nil] + MigrationSource.allCases.map(Optional.some) {
      let migrator = Migrator(source: source)
      let once = migrator.migrate(text, path: "File.swift")
      #expect(once.text.hasPrefix("import Ribcage\nbroken: self) RIBs\nimport RxSwift\n"))
      let twice = migrator.migrate(once.text, path: "File.swift")
      #expect(!twice.changed && twice.text == once.text, "\(twice.text)")
    }
  }

  /// Found by the fuzz target's idempotence check (Fuzzing/FailCases/ToolsMigrate): a
  /// `cancelOnStop(` whose argument is missing (a comment runs to the end of the line) got
  /// `worker: ` after the comment, and again on every run.
  @Test func aCallWithAMissingArgumentIsLeftAsItIs() {
    let text = """
      import ModernRIBs
      final class GameInteractor: Interactor {
        func start() {
          ticks.sink { _ in }.cancelOnStop(// worker
        }
      }

      """
    let migrator = Migrator(source: .modernribs)
    let once = migrator.migrate(text, path: "File.swift")
    #expect(!once.text.contains("worker: "), "\(once.text)")
    let twice = migrator.migrate(once.text, path: "File.swift")
    #expect(!twice.changed && twice.text == once.text, "\(twice.text)")
  }
}
