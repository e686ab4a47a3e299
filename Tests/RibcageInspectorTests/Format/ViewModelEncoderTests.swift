import Foundation
@_spi(RibcageTools) import Ribcage
import Testing

@_spi(RibcageTools) @testable import RibcageInspector

/// The recorder's view model encoder against Foundation's `JSONEncoder`: the same JSON value
/// (keys may come in another order), typed errors where JSON cannot hold a value.
@Suite("ViewModelEncoder", .timeLimit(.minutes(5)))
struct ViewModelEncoderTests {
  struct Row: Codable, Equatable {
    var name: String
    var price: Double?
  }

  enum Status: Codable, Equatable {
    case idle
    case riding(driver: String, minutes: Int)
  }

  struct Screen: Codable, Equatable {
    var title: String
    var rows: [Row]
    var tags: [String: Int]
    var status: Status
    var note: String?
    var flags: [Bool]
    var extremes: [Int64]
    var unsigned: UInt64
  }

  func json(_ value: some Encodable) throws -> JSONValue {
    var encoder = ViewModelEncoder()
    var bytes: [UInt8] = []
    try encoder.encode(value, into: &bytes)
    return try JSONParser().parse(bytes)
  }

  func foundation(_ value: some Encodable) throws -> JSONValue {
    try JSONParser().parse(Array(try JSONEncoder().encode(value)))
  }

  @Test("nested structs, optionals, enums, dictionaries and escapes encode as JSONEncoder does")
  func matchesFoundation() throws {
    let screens = [
      Screen(
        title: "Confirm \"black\"\n\t/ 🚗 \u{1}",
        rows: [Row(name: "uberX", price: 12.5), Row(name: "Black", price: nil)],
        tags: ["a": 1, "b": -2], status: .riding(driver: "Priya", minutes: 15), note: nil,
        flags: [true, false], extremes: [.min, .max, 0], unsigned: .max),
      Screen(
        title: "", rows: [], tags: [:], status: .idle, note: "ring twice", flags: [],
        extremes: [], unsigned: 0),
    ]
    for screen in screens {
      #expect(try json(screen) == foundation(screen))
    }
    #expect(try json([1.5, 0.1, -0.0, 1e300]) == foundation([1.5, 0.1, -0.0, 1e300]))
  }

  @Test("non-finite numbers are a typed error, and the bytes are left as they were")
  func nonFinite() {
    var encoder = ViewModelEncoder()
    var bytes: [UInt8] = Array("kept".utf8)
    #expect(throws: ViewModelEncodingError.self) {
      try encoder.encode(Row(name: "x", price: .infinity), into: &bytes)
    }
    #expect(bytes == Array("kept".utf8))
  }

  @Test("a cycle is an error, not a crash")
  func cycle() {
    final class Node: Encodable {
      var next: Node?
      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(next ?? self)
      }
    }
    let node = Node()
    var encoder = ViewModelEncoder()
    var bytes: [UInt8] = []
    #expect(throws: ViewModelEncodingError.self) { try encoder.encode(node, into: &bytes) }
  }
}
