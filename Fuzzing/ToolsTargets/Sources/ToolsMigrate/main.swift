import FuzzSupport
import RibcageMigrate

// `ribcage migrate` on one Swift file, with each source library and with none: it never traps,
// it moves no line, a file it leaves alone is unchanged, and it is idempotent (its own output
// migrates to itself), as Migrator's documentation says.

enum Target {
  static func run(_ text: String) {
    for source in [nil] + MigrationSource.allCases.map(Optional.some) {
      let migrator = Migrator(source: source)
      let result = migrator.migrate(text, path: "File.swift")
      _ = result.notes.map(\.rendered)
      invariant(result.changed || result.text == text, "unchanged but different")
      invariant(
        result.text.split(separator: "\n", omittingEmptySubsequences: false).count
          == text.split(separator: "\n", omittingEmptySubsequences: false).count,
        "lines moved")
      let again = migrator.migrate(result.text, path: "File.swift")
      invariant(!again.changed && again.text == result.text, "not idempotent: \(result.text)")
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMigrate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).text)
  return 0
}
