import Ribcage
import RibcageTesting
import Testing

/// Flag files are JSON (RFC 8259) and nothing looser; a key set twice is an issue, and the last
/// value applies.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct FlagFileTests {
  @Test func flagFilesAreRFC8259() {
    let text = FeatureFlag("text", default: "")
    let count = FeatureFlag("count", default: 0)
    let ratio = FeatureFlag("ratio", default: 0.0)
    let flags = FlagStore()
    flags.register(text)
    flags.register(count)
    flags.register(ratio)

    // Every escape; `\u` in either case; surrogate pairs are one character.
    let strings: [(file: String, value: String)] = [
      (#"{"text": "\b\f\/\\\"\n\r\t"}"#, "\u{08}\u{0C}/\\\"\n\r\t"),
      (#"{"text": "\ud83d\ude00 \uD83D\uDE00"}"#, "😀 😀"),
      (#"{"text": "\u00e9\u00C9\u0000"}"#, "éÉ\u{0}"),
      (#"{"text": "é 😀 unescaped"}"#, "é 😀 unescaped"),
    ]
    for (file, value) in strings {
      #expect(flags.loadFile(file).isEmpty, "\(file)")
      #expect(flags.value(text) == value, "\(file)")
    }

    let integers: [(number: String, value: Int)] = [
      ("0", 0), ("-0", 0), ("-12", -12), ("1234567890", 1_234_567_890),
    ]
    for (number, value) in integers {
      #expect(flags.loadFile(#"{"count": "# + number + "}").isEmpty, "\(number)")
      #expect(flags.value(count) == value, "\(number)")
    }
    let numbers: [(number: String, value: Double)] = [
      ("1.5", 1.5), ("-0.25", -0.25), ("1e3", 1000), ("1E+2", 100), ("25e-2", 0.25),
      ("0.5E1", 5),
    ]
    for (number, value) in numbers {
      #expect(flags.loadFile(#"{"ratio": "# + number + "}").isEmpty, "\(number)")
      #expect(flags.value(ratio) == value, "\(number)")
      // A fraction or an exponent makes a number, not an integer.
      #expect(
        flags.loadFile(#"{"count": "# + number + "}") == [
          FlagIssue(
            kind: .wrongType(expected: "an integer", found: "a number"), key: "count",
            source: .localFile)
        ], "\(number)")
    }

    // Whitespace is space, tab, line feed and carriage return.
    #expect(flags.loadFile(" \t\r\n{\t\"count\" :\r\n 7 }\n ").isEmpty)
    #expect(flags.value(count) == 7)
    #expect(flags.loadFile("{}").isEmpty)

    // Everything else is malformed, with what is wrong and the byte where it is.
    flags.loadFile(#"{"count": 7, "text": "kept"}"#)
    let rejected: [(file: String, detail: String)] = [
      (#"{"count": +1}"#, "expected a value at byte 10"),
      (#"{"count": 01}"#, "leading zeros are not allowed at byte 10"),
      (#"{"count": -01}"#, "leading zeros are not allowed at byte 10"),
      (#"{"count": -}"#, "expected a digit after '-' at byte 11"),
      (#"{"count": .5}"#, "expected a value at byte 10"),
      (#"{"count": 1.}"#, "expected a digit after the decimal point at byte 12"),
      (#"{"count": 1e}"#, "expected a digit in the exponent at byte 12"),
      (#"{"count": 1e+}"#, "expected a digit in the exponent at byte 13"),
      (#"{"count": 0x1}"#, "expected ',' or '}' after an object member at byte 11"),
      (#"{"count": 1e400}"#, "number out of range at byte 10"),
      (#"{"count": Infinity}"#, "expected a value at byte 10"),
      (#"{"text": "\u+123"}"#, #"expected 4 hex digits after \u at byte 10"#),
      (#"{"text": "\u12"}"#, #"expected 4 hex digits after \u at byte 10"#),
      (#"{"text": "\u12G4"}"#, #"expected 4 hex digits after \u at byte 10"#),
      (#"{"text": "\ud83d"}"#, #"lone surrogate \uD83D at byte 10"#),
      (#"{"text": "\ud83dx"}"#, #"lone surrogate \uD83D at byte 10"#),
      (#"{"text": "\ud83d\u0041"}"#, #"lone surrogate \uD83D at byte 10"#),
      (#"{"text": "\ude00\ud83d"}"#, #"lone surrogate \uDE00 at byte 10"#),
      (#"{"text": "\x41"}"#, #"invalid escape \x at byte 10"#),
      ("{\"text\": \"a\tb\"}", "unescaped control character 0x09 in a string at byte 11"),
      ("{\"text\": \"a\u{1F}b\"}", "unescaped control character 0x1F in a string at byte 11"),
      ("\u{0C}{\"count\": 1}", "expected '{': the text must be an object at byte 0"),
      (#"[{"count": 1}]"#, "expected '{': the text must be an object at byte 0"),
      ("", "unexpected end of input; expected '{': the text must be an object at byte 0"),
      ("{\"count\":\u{0B}1}", "expected a value at byte 9"),
      ("{\"count\":\u{A0}1}", "expected a value at byte 9"),
      (#"{"count": 1} x"#, "trailing characters after the object at byte 13"),
      (#"{"count": 1}{}"#, "trailing characters after the object at byte 12"),
      (#"{"count": 1,}"#, "expected a string as an object key at byte 12"),
      (#"{"count": 1 "text": "a"}"#, "expected ',' or '}' after an object member at byte 12"),
      (
        #"{"count": 1, "text": "a""#,
        "unexpected end of input; expected ',' or '}' after an object member at byte 24"
      ),
      // Flag values are scalars: a whole file with anything else changes nothing.
      (#"{"count": null}"#, "null is not a flag value at byte 10"),
      (#"{"count": 1, "text": [1]}"#, "nested objects and arrays are not flag values at byte 21"),
      (#"{"count": {"a": 1, "a": 2}}"#, #"duplicate key "a" at byte 19"#),
    ]
    for (file, detail) in rejected {
      #expect(
        flags.loadFile(file)
          == [FlagIssue(kind: .malformedSource(detail), key: nil, source: .localFile)], "\(file)")
      #expect(flags.value(count) == 7 && flags.value(text) == "kept", "\(file) changed nothing")
    }
  }

  @Test func duplicateKeyInAFlagFileIsAnIssue() {
    let flags = FlagStore()
    flags.register(FeatureFlag<Bool>.coupons)
    flags.register(FeatureFlag<Int>.maxStops)
    let duplicateCoupons = FlagIssue(kind: .duplicateKey, key: "coupons", source: .localFile)
    let duplicateStops = FlagIssue(kind: .duplicateKey, key: "max-stops", source: .localFile)

    let issues = flags.loadFile(
      #"{ "coupons": true, "max-stops": 2, "coupons": false, "coupons": false }"#)
    #expect(issues == [duplicateCoupons], "one issue per key")
    #expect(flags.issues == issues)
    #expect(!flags.isEnabled(.coupons), "the last value applies")
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 2)
    #expect(
      issues.first?.description
        == #"local file sets flag "coupons" more than once; the last value applies."#)

    // Only the last value is checked: an earlier one of the wrong type is simply ignored.
    #expect(flags.loadFile(#"{ "max-stops": "two", "max-stops": 3 }"#) == [duplicateStops])
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 3)
    #expect(flags.isEnabled(.coupons), "the new file no longer sets coupons")

    // The last one of the wrong type: reported too, and the flag falls back to its default.
    #expect(
      flags.loadFile(#"{ "max-stops": 4, "max-stops": "four" }"#) == [
        duplicateStops,
        FlagIssue(
          kind: .wrongType(expected: "an integer", found: "a string"), key: "max-stops",
          source: .localFile),
      ])
    #expect(flags.value(FeatureFlag<Int>.maxStops) == 1)
  }

  @Test func anIssueQuotesItsKeyAsJSON() {
    // A key is text from the file: written as it is, a quote and a line feed in it end the
    // issue's sentence and start one the file made up.
    let key = "x\" to 1; fine.\nlocal file sets flag \"y"
    let file =
      #"{"x\" to 1; fine.\nlocal file sets flag \"y": 1, "#
      + #""x\" to 1; fine.\nlocal file sets flag \"y": 2}"#
    let flags = FlagStore()
    let issues = flags.loadFile(file)
    #expect(issues == [FlagIssue(kind: .duplicateKey, key: key, source: .localFile)])
    #expect(
      issues.first?.description
        == #"local file sets flag "x\" to 1; fine.\nlocal file sets flag \"y" more than once; the last value applies."#
    )
    #expect(
      flags.issuesForPendingKeys().first?.description.hasPrefix(
        #"local file sets unknown flag "x\" to 1; fine.\n"#) == true)
  }
}
