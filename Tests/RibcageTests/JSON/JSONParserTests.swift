@_spi(RibcageTools) import Ribcage
import Testing

/// The root package's one JSON reader: strict RFC 8259 for whole values, and an object read
/// member by member with duplicate keys kept, which is how the flags file is read.
@Suite("JSONParser", .timeLimit(.minutes(5)))
struct JSONParserTests {
  private func members(
    _ text: String, maximumDepth: Int = 64
  ) throws(JSONSyntaxError) -> [(key: String, value: JSONValue, offset: Int)] {
    let bytes = Array(text.utf8)
    return try bytes.withUnsafeBufferPointer { buffer in
      Result { () throws(JSONSyntaxError) in
        try JSONParser(maximumDepth: maximumDepth).parseMembers(buffer)
      }
    }.get()
  }

  private func error(_ text: String, maximumDepth: Int = 64) -> JSONSyntaxError? {
    do {
      _ = try members(text, maximumDepth: maximumDepth)
      return nil
    } catch {
      return error
    }
  }

  @Test("a whole value: scalars, nesting, exact integers; a duplicate key is an error")
  func parsesWholeValues() throws {
    let value = try JSONParser().parse(#" {"a": [1, -2.5, "x\u00e9", true, null], "b": {}} "#)
    #expect(
      value
        == .object([
          "a": .array([.integer(1), .number(-2.5), .string("xé"), .bool(true), .null]),
          "b": .object([:]),
        ]))
    #expect(try JSONParser().parse("9223372036854775807") == .integer(.max))
    #expect(throws: JSONSyntaxError(offset: 9, reason: #"duplicate key "a""#)) {
      try JSONParser().parse(#"{"a": 1, "a": 2}"#)
    }
    #expect(throws: JSONSyntaxError(offset: 2, reason: "nesting deeper than 2 levels")) {
      try JSONParser(maximumDepth: 2).parse("[[[]]]")
    }
  }

  @Test("members come in the order written, a key written twice twice, with their offsets")
  func membersKeepDuplicatesInOrder() throws {
    let read = try members(#" { "b": 1, "a": "x", "b": [true], "c": {"d": null} } "#)
    #expect(read.map(\.key) == ["b", "a", "b", "c"])
    #expect(
      read.map(\.value) == [
        .integer(1), .string("x"), .array([.bool(true)]), .object(["d": .null]),
      ])
    #expect(read.map(\.offset) == [8, 16, 26, 39], "each value's first byte")
    #expect(try members("{}").isEmpty)
    #expect(try members(" {\n}\t").isEmpty)
  }

  @Test("members: what is not one object, or not JSON, is an error at its byte")
  func memberErrors() {
    let cases: [(text: String, error: JSONSyntaxError)] = [
      ("[]", .init(offset: 0, reason: "expected '{': the text must be an object")),
      (
        "",
        .init(
          offset: 0, reason: "unexpected end of input; expected '{': the text must be an object")
      ),
      (#"{"a": 1} {}"#, .init(offset: 9, reason: "trailing characters after the object")),
      (#"{"a": 1,}"#, .init(offset: 8, reason: "expected a string as an object key")),
      (#"{"a" 1}"#, .init(offset: 5, reason: "expected ':' after an object key")),
      (#"{"a": 1 "b": 2}"#, .init(offset: 8, reason: "expected ',' or '}' after an object member")),
      (#"{"a": 01}"#, .init(offset: 6, reason: "leading zeros are not allowed")),
      // Nested objects are checked as by `parse`, duplicates included.
      (#"{"a": {"b": 1, "b": 2}}"#, .init(offset: 15, reason: #"duplicate key "b""#)),
    ]
    for (text, expected) in cases {
      #expect(error(text) == expected, "\(text)")
    }
  }

  @Test("members: depth counts from the object itself, as parse counts it")
  func memberDepth() throws {
    #expect(try members(#"{"a": [1]}"#, maximumDepth: 2).count == 1)
    #expect(
      error(#"{"a": [[1]]}"#, maximumDepth: 2)
        == JSONSyntaxError(offset: 7, reason: "nesting deeper than 2 levels"))
    #expect(
      error("{}", maximumDepth: 0)
        == JSONSyntaxError(offset: 0, reason: "nesting deeper than 0 levels"))
    #expect(throws: JSONSyntaxError(offset: 7, reason: "nesting deeper than 2 levels")) {
      try JSONParser(maximumDepth: 2).parse(#"{"a": [[1]]}"#)
    }
  }
}
