/// `// ribcage:disable:next <rule-id>[, <rule-id>]` (the next line), and
/// `// ribcage:disable <rule-id>` … `// ribcage:enable <rule-id>` (a range); `all` means every rule.
struct Suppressions: Sendable {
  private var lines: [Int: Set<String>] = [:]
  private var ranges: [(rule: String, from: Int, to: Int)] = []

  static let none = Suppressions()

  /// Reads the directives in `bytes` (cheap when there are none: one scan for the marker).
  init(bytes: [UInt8]) {
    let marker = Array("ribcage:".utf8)
    guard bytes.containsSubsequence(marker) else { return }
    var open: [String: Int] = [:]
    var lineNumber = 1
    var lineStart = 0
    for index in 0...bytes.count {
      guard index == bytes.count || bytes[index] == UInt8(ascii: "\n") else { continue }
      let line = String(decoding: bytes[lineStart..<index], as: UTF8.self)
      if let comment = line.range(of: "//"),
        let directive = line.range(of: "ribcage:", range: comment.upperBound..<line.endIndex)
      {
        let words = line[directive.upperBound...].split(whereSeparator: {
          $0 == " " || $0 == "," || $0 == "\t"
        })
        if let command = words.first {
          let rules = Set(words.dropFirst().map(String.init))
          switch command {
          case "disable:next": lines[lineNumber + 1, default: []].formUnion(rules)
          case "disable:this": lines[lineNumber, default: []].formUnion(rules)
          case "disable": for rule in rules where open[rule] == nil { open[rule] = lineNumber }
          case "enable":
            for rule in rules {
              if let from = open.removeValue(forKey: rule) {
                ranges.append((rule, from, lineNumber))
              }
            }
          default: break
          }
        }
      }
      lineNumber += 1
      lineStart = index + 1
    }
    for (rule, from) in open { ranges.append((rule, from, Int.max)) }
  }

  private init() {}

  /// Whether `rule`, by its name, is suppressed on `line` alone (`disable:this rule`,
  /// `disable:next rule` above it): not by `all`, nor by a range — a decision about that line.
  func namesRule(_ rule: String, at line: Int) -> Bool {
    lines[line]?.contains(rule) == true
  }

  /// Whether `rule` is suppressed on `line`.
  func suppresses(_ rule: String, at line: Int) -> Bool {
    if let rules = lines[line], rules.contains(rule) || rules.contains("all") { return true }
    return ranges.contains {
      ($0.rule == rule || $0.rule == "all") && $0.from <= line && line <= $0.to
    }
  }
}

extension Array where Element == UInt8 {
  func containsSubsequence(_ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= count else { return false }
    var index = 0
    let last = count - needle.count
    while index <= last {
      if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }
}
