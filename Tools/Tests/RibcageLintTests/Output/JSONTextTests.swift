@_spi(RibcageJSON) import Ribcage
import Testing

@testable import RibcageLint

/// `lint` and `graph` quote strings with their own escaper (the linter does not link the
/// framework it checks), and it must write every string exactly as the root package's
/// `JSONText` does: a name reads the same in a lint report, a graph and a recorded session.
@Suite(.timeLimit(.minutes(10))) struct JSONTextTests {
  /// Every control character alone, the characters JSON escapes, those it does not (`/`, DEL,
  /// U+2028), non-ASCII and non-BMP text, and all of them mixed into one string.
  static let samples: [String] =
    (0..<0x20).map { String(Character(Unicode.Scalar(UInt8($0)))) } + [
      "\"", "\\", "/", "\u{7F}", "é", "\u{2028}", "😀", "", "plain text",
      "a\"b\\c\u{8}d\u{C}e\n\r\t\u{0}\u{1F}/\u{7F}é😀 \u{2028}",
    ]

  @Test func quotesEveryStringAsTheRootPackageDoes() {
    for sample in Self.samples {
      #expect(
        RibcageLint.JSONText.quote(sample) == Ribcage.JSONText.quoted(sample),
        "scalars \(sample.unicodeScalars.map(\.value))")
    }
  }
}
