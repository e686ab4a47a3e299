import RibcageSourceLimits
import Testing

/// The nesting the tools refuse before swift-syntax's parser reads a file (its time doubles with
/// each level of `[`), counted in code only.
@Suite(.timeLimit(.minutes(2))) struct SquareBracketNestingTests {
  private func deepest(_ text: String) -> Int {
    SquareBracketNesting.deepest(in: Array(text.utf8))
  }

  @Test func countsBracketsInTypesLiteralsAndSubscriptsWhateverIsBetweenThem() {
    #expect(deepest("let a: [[Int]] = [[1], [2, [3]]]") == 3)
    #expect(deepest("let a = x[y[z[0]]]") == 3)
    #expect(deepest(String(repeating: "[A<", count: 20)) == 20)
    #expect(deepest(String(repeating: "[ // a comment\n", count: 20)) == 20)
    #expect(SquareBracketNesting.exceedsLimit(Array(String(repeating: "[(", count: 13).utf8)))
    #expect(!SquareBracketNesting.exceedsLimit(Array(String(repeating: "[", count: 12).utf8)))
  }

  @Test func commentsAndStringsDoNotCountButInterpolationsDo() {
    let inert = """
      // [[[[[[[[[[[[[[[[[[[[
      /* [[[[[[[[[[[[[[[[ /* nested [[[[[[[[[[[[[[[[ */ still a comment [[[[[[[[[[[[[ */
      let open = "[[[[[[[[[[[[[[[[[[[["
      let raw = #"[[[[[[[[[[[[[[[[[[ "quoted" \\(not code) [[[[[[[[["#
      let block = \"\"\"
        [[[[[[[[[[[[[[[[[[[[[ "" [[[[[[[[[[[[[[
        \"\"\"
      let escaped = "\\"[[[[[[[[[[[[[[[[[["
      """
    #expect(deepest(inert) == 0)
    let interpolated = #"let a = "\(f([[[[[[[[[[[[[[1]]]]]]]]]]]]]]))""#
    #expect(deepest(interpolated) == 14)
    let rawInterpolated = ##"let a = #"\#([[[[[[[[[[[[[[1]]]]]]]]]]]]]])"#"##
    #expect(deepest(rawInterpolated) == 14)
    #expect(deepest(#"let a = "\("\("\([[1]])")")" + [[2]]"#) == 2)
  }

  @Test func unclosedCommentsStringsAndInterpolationsEndTheScanWithoutTrapping() {
    for text in ["/* [[[", "\"[[[", "\"\\([[", "#\"\"\"", "\"\\", "#", "\"\\#(", ")))]]]"] {
      _ = deepest(text)
    }
    let deepInterpolations = String(repeating: "\"\\(", count: 100_000)
    #expect(deepest(deepInterpolations) == 0)
  }

  /// Ways a hostile reviewer hid brackets from the first version of the count, while the parser
  /// saw them: a carriage return ends a comment or a one-line string as a line feed does, an
  /// escaped line break does not continue a one-line string, and `#/"""/#` is a regex, not the
  /// start of a multi-line string.
  @Test func lineBreaksAndRegexLiteralsDoNotHideBrackets() {
    let deep = String(repeating: "[", count: 20) + "Int" + String(repeating: "]", count: 20)
    #expect(deepest("//x\r let a: \(deep) = []") == 20)
    #expect(deepest("let s = \"abc\r let a: \(deep) = []") == 20)
    #expect(deepest("let s = \"a\\\n\(deep)") == 20)
    #expect(deepest("let r = #/\"\"\"/#\nlet a: \(deep) = []\nlet q = \"\"\"\n\"\"\"\n") == 20)
    #expect(deepest("let r = #/unclosed\n\(deep)") == 20)
    #expect(deepest("let half = total / count[i]\nlet a: \(deep)") == 20)
  }

  /// Brackets inside regex literals are the regex's: a Markdown scanner full of `\\[` and
  /// character classes is not refused.
  @Test func bracketsInRegexLiteralsDoNotCount() {
    let scanner = #"""
      static let openBracket = #/\[/#
      static let linkStart = /\[(?<title>[^\]]*)/
      static let taskOpen = /^- \[ /
      let parts = f(/(?:[a-z]|\[)+/, #/
        [[[[[[[[[[[[[[[[[
        /#)
      """#
    #expect(deepest(scanner) == 0)
  }
}
