import RibcageMigrate
import Testing

/// swift-syntax's parser takes time doubling with each level of `[`: a file nested past the
/// tools' limit is left as it is, with a note, instead of keeping `ribcage migrate` busy.
@Suite(.timeLimit(.minutes(2))) struct DeepNestingTests {
  @Test func aFileNestingBracketsTooDeepIsLeftAsItIsWithANote() {
    let text = "import RIBs\nlet a: " + String(repeating: "[A<", count: 40) + "Int\n"
    let result = Migrator().migrate(text, path: "Deep.swift")
    #expect(!result.changed && result.text == text && result.editCount == 0)
    #expect(result.notes.count == 1)
    #expect(result.notes.first?.line == 1)
    #expect(result.notes.first?.message.contains("more than 12 deep") == true)
  }

  @Test func aFileAtTheLimitIsMigrated() {
    let text =
      "import RIBs\nlet a: " + String(repeating: "[", count: 12) + "Int"
      + String(repeating: "]", count: 12) + " = []\n"
    let result = Migrator().migrate(text, path: "Shallow.swift")
    #expect(result.changed && result.text.hasPrefix("import Ribcage\n"))
  }
}
