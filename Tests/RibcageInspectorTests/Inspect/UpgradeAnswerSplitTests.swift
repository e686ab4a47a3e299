import RibcageTesting
import Testing

@testable import RibcageInspector

/// A hostile server splits its answer wherever it likes: the reader, which remembers where its
/// search stopped, must answer at every read what a search of the bytes so far from the start
/// answers, around the 16 KiB limit too.
@Suite("Inspector: the upgrade answer split at every byte", .timeLimit(.minutes(5)))
struct UpgradeAnswerSplitTests {
  static let key = "dGhlIHNhbXBsZSBub25jZQ=="
  static let accept = "Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n"

  /// What the first `count` bytes answer, searched from the start: the blank line counts when
  /// it starts within the first 16 KiB (it then ends within 16 KiB + 4 bytes).
  /// `blankLine` is where the first blank line of all of `bytes` starts: the first of the first
  /// `count`, if it fits.
  static func expected(_ bytes: [UInt8], blankLine: Int?, count: Int) -> String {
    let limit = min(count, UpgradeAnswer.longestHead + 4)
    if let end = blankLine, end + 4 <= limit {
      return describe { try UpgradeAnswer.read(Array(bytes[..<count]), headEnd: end, key: key) }
    }
    return count >= UpgradeAnswer.longestHead + 4 ? "an oversized answer" : "incomplete"
  }

  static func firstBlankLine(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    return (0...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
  }

  static func describe(_ read: () throws -> UpgradeAnswer) -> String {
    do {
      return switch try read() {
      case .incomplete: "incomplete"
      case .accepted(let length): "accepted \(length)"
      case .refused(let status): "refused \(status)"
      }
    } catch {
      if case .handshakeRefused(let reason)? = error as? InspectorError { return reason }
      return "\(error)"
    }
  }

  /// A head of `length` bytes ending with its blank line, a 101 or a 401.
  static func head(length: Int, switching: Bool) -> [UInt8] {
    let status = switching ? "HTTP/1.1 101 OK\r\n" + accept : "HTTP/1.1 401 No\r\n"
    let filler = length - status.utf8.count - "X: \r\n\r\n".utf8.count
    return Array((status + "X: " + String(repeating: "a", count: filler) + "\r\n\r\n").utf8)
  }

  static var answers: [[UInt8]] {
    let limit = UpgradeAnswer.longestHead
    let frame: [UInt8] = [0x81, 0x02, 0x68, 0x69]
    var answers: [[UInt8]] = []
    // Heads whose blank line starts just before, at and just after the limit.
    for length in [limit - 1, limit + 3, limit + 4, limit + 5, limit + 6] {
      answers.append(head(length: length, switching: true) + frame)
      answers.append(head(length: length, switching: false))
    }
    // No blank line: 16 KiB and 3, 4 and 5 bytes.
    for extra in 3...5 { answers.append(Array(repeating: 0x61, count: limit + extra)) }
    // Blank lines that start like one and do not finish, then one that does, a frame glued on.
    answers.append(
      Array(("HTTP/1.1 101 OK\r\n\r\r\n" + accept + "\r\r\n\r\n\r\n").utf8) + frame + frame)
    answers.append(Array("HTTP/1.1 101 OK\r\n\(accept)\r\n".utf8) + [13, 10, 13, 10])
    return answers
  }

  @Test("read a byte at a time, each answer is what the bytes so far answer, and it stays")
  func everyByte() {
    for (number, bytes) in Self.answers.enumerated() {
      let blankLine = Self.firstBlankLine(bytes)
      var reader = UpgradeAnswerReader(key: Self.key)
      var first: (count: Int, answer: String)?
      for count in 1...bytes.count {
        let answer = Self.describe { try reader.read(Array(bytes[..<count])) }
        if let first {
          // Read again after it answered, with more bytes: the same answer.
          #expect(answer == first.answer, "answer \(number), \(count) bytes")
          continue
        }
        #expect(
          answer == Self.expected(bytes, blankLine: blankLine, count: count),
          "answer \(number), \(count) bytes")
        if answer != "incomplete" { first = (count, answer) }
      }
      // Only the 16 KiB and 3 bytes with no blank line leave it waiting for more.
      #expect(
        (first == nil)
          == (Self.expected(bytes, blankLine: blankLine, count: bytes.count) == "incomplete"),
        "answer \(number)")
      #expect(reader.bytesExamined <= bytes.count, "answer \(number)")
    }
  }

  @Test("split at random places, the reader answers what the whole answer does")
  func randomSplits() {
    var generator = SeededRandomNumberGenerator(seed: 38)
    for (number, bytes) in Self.answers.enumerated() {
      let blankLine = Self.firstBlankLine(bytes)
      for _ in 0..<20 {
        let cuts = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
          Int.random(in: 1...bytes.count, using: &generator)
        }
        var reader = UpgradeAnswerReader(key: Self.key)
        var answer = "incomplete"
        for end in cuts.sorted() + [bytes.count] where answer == "incomplete" {
          answer = Self.describe { try reader.read(Array(bytes[..<end])) }
          // The search stops where the bytes so far end: the blank line may straddle the cut.
          if answer == "incomplete" {
            #expect(Self.expected(bytes, blankLine: blankLine, count: end) == "incomplete")
          }
        }
        #expect(
          answer == Self.expected(bytes, blankLine: blankLine, count: bytes.count),
          "answer \(number), \(cuts)")
      }
    }
  }
}
