import RibcageMigrate
import Testing

/// A RIB library imported more than once, found by the migrate fuzz target's idempotence check
/// (Fuzzing/FailCases/ToolsMigrate): only the last import was rewritten, so the migrated file
/// still imported RIBs and a second run changed it again.
@Suite(.timeLimit(.minutes(10))) struct RepeatedImportTests {
  @Test func everyImportOfTheRIBLibraryIsRewritten() {
    for text in [
      "import RIBs\nimport RIBs\n", "import ModernRIBs\nclass A {}\nimport ModernRIBs\n",
      "import RIBs\nimport RxSwift\nclass A {}\nimport RIBs\n",
    ] {
      let result = Migrator().migrate(text, path: "File.swift")
      #expect(!result.text.contains("RIBs"), "\(text) -> \(result.text)")
      let again = Migrator().migrate(result.text, path: "File.swift")
      #expect(!again.changed, "\(result.text) -> \(again.text)")
    }
  }
}
