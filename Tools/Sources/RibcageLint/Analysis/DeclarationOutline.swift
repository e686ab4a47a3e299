/// A file's text with the bodies of its functions, initializers and deinitializers blanked
/// (every byte a space but line breaks, so every position stays where it was): what a parse
/// needs to see a file's declarations alone.
///
/// In a file that imports no RIB framework and declares no type with a RIB role, the rules
/// skip every function body (bytes aside, which they read from the original text): parsing
/// those bodies is most of the cost of linting such a file, for nothing. The scan is a single
/// pass over the bytes that knows comments, strings (multi-line, raw, interpolated) and
/// backticked names; where it cannot follow the text it gives up and the file is parsed whole.
enum DeclarationOutline {
  /// Hooks whose bodies rules read themselves (`missing-super-call`, the bags a type empties
  /// on deactivation): kept.
  static let keptBodies: Set<String> = [
    "didBecomeActive", "willResignActive", "didLoad", "didStart", "didStop",
  ]

  /// Words that start a declaration: met before a `{`, the function has no body (a protocol's
  /// requirement).
  static let declarationStarts: Set<String> = [
    "func", "var", "let", "init", "deinit", "subscript", "case", "typealias", "associatedtype",
    "static", "class", "struct", "enum", "protocol", "extension", "actor", "import", "public",
    "private", "fileprivate", "internal", "open", "mutating", "nonmutating", "override",
    "convenience", "required", "final", "nonisolated", "dynamic", "lazy", "weak", "unowned",
    "optional", "indirect", "prefix", "postfix", "infix", "operator", "precedencegroup", "macro",
  ]

  /// Whether the text names a RIB framework (`RIBs`, `ModernRIBs`, `Ribcage`) anywhere: such
  /// a file is parsed whole at once.
  static func mayImportRIBs(_ bytes: [UInt8]) -> Bool {
    bytes.containsSubsequence(ribsWord) || bytes.containsSubsequence(ribcageWord)
  }
  static let ribsWord = Array("RIBs".utf8)
  static let ribcageWord = Array("Ribcage".utf8)

  /// The outline, or nil when there is no body to blank or the scan cannot follow the text.
  static func blanked(_ source: [UInt8]) -> [UInt8]? {
    var scanner = Scanner(bytes: source)
    guard scanner.run(), !scanner.bodies.isEmpty else { return nil }
    var result = source
    for body in scanner.bodies {
      for index in body where result[index] != newline && result[index] != carriageReturn {
        result[index] = space
      }
    }
    return result
  }

  static let funcWord = Array("func".utf8)
  static let initWord = Array("init".utf8)
  static let deinitWord = Array("deinit".utf8)
  static let newline = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")

  /// One pass over the text, collecting the ranges inside function bodies.
  struct Scanner {
    let bytes: [UInt8]
    var index = 0
    var bodies: [Range<Int>] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func at(_ offset: Int) -> UInt8 {
      index + offset < bytes.count ? bytes[index + offset] : 0
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
      (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
        || byte == 95 || byte >= 128
    }

    /// Scans the whole text; false when it cannot follow it.
    mutating func run() -> Bool {
      while index < bytes.count {
        switch skipNonCode() {
        case .failed: return false
        case .skipped: continue
        case .code: break
        }
        let byte = bytes[index]
        guard Self.isIdentifier(byte), !(byte >= 48 && byte <= 57) else {
          index += 1
          continue
        }
        let previous = index > 0 ? bytes[index - 1] : 0
        let start = index
        while index < bytes.count, Self.isIdentifier(bytes[index]) { index += 1 }
        // `.init(`, `Foo.init`, `@inlinable`, `#if`, `$0`: not a declaration.
        guard previous != UInt8(ascii: "."), previous != UInt8(ascii: "@"),
          previous != UInt8(ascii: "#"), previous != UInt8(ascii: "$")
        else { continue }
        if matches(start, DeclarationOutline.funcWord) {
          skipSpaces()
          let name = readName()
          if name.isEmpty || DeclarationOutline.keptBodies.contains(name) { continue }
          guard blankBody() else { return false }
        } else if matches(start, DeclarationOutline.initWord)
          || matches(start, DeclarationOutline.deinitWord)
        {
          guard blankBody() else { return false }
        }
      }
      return true
    }

    /// What `skipNonCode` met at the current index.
    enum Step { case code, skipped, failed }

    /// Skips a comment, string or backticked name starting at the current index.
    mutating func skipNonCode() -> Step {
      let byte = bytes[index]
      if byte == UInt8(ascii: "/") {
        if at(1) == UInt8(ascii: "/") {
          while index < bytes.count, bytes[index] != DeclarationOutline.newline { index += 1 }
          return .skipped
        }
        if at(1) == UInt8(ascii: "*") {
          var depth = 0
          while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
              depth += 1
              index += 2
            } else if bytes[index] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
              depth -= 1
              index += 2
              if depth == 0 { return .skipped }
            } else {
              index += 1
            }
          }
          return .failed
        }
        return .code
      }
      if byte == UInt8(ascii: "`") {
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "`") {
          if bytes[index] == DeclarationOutline.newline { return .failed }
          index += 1
        }
        index += 1
        return .skipped
      }
      if byte == UInt8(ascii: "\"") { return skipString(hashes: 0) ? .skipped : .failed }
      if byte == UInt8(ascii: "#") {
        var hashes = 0
        while at(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if at(hashes) == UInt8(ascii: "\"") {
          index += hashes
          return skipString(hashes: hashes) ? .skipped : .failed
        }
        // `#/regex/#` may hold any brace: give up rather than guess.
        if at(hashes) == UInt8(ascii: "/") { return .failed }
      }
      return .code
    }

    /// Skips a string literal starting at the current `"` (after `hashes` `#`s).
    mutating func skipString(hashes: Int) -> Bool {
      let isMultiline = at(1) == UInt8(ascii: "\"")
      let isTriple = isMultiline && at(2) == UInt8(ascii: "\"")
      let quotes = isTriple ? 3 : 1
      if isMultiline && !isTriple {
        // `""`: an empty string.
        index += 2
        return closesRaw(hashes)
      }
      index += quotes
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") {
          var count = 0
          while count < hashes, at(1 + count) == UInt8(ascii: "#") { count += 1 }
          guard count == hashes else {
            index += 1
            continue
          }
          index += 1 + hashes
          if at(0) == UInt8(ascii: "(") {
            guard skipInterpolation() else { return false }
          } else {
            index += 1
          }
          continue
        }
        if byte == DeclarationOutline.newline, !isTriple { return false }
        if byte == UInt8(ascii: "\"") {
          var count = 0
          while count < quotes, at(count) == UInt8(ascii: "\"") { count += 1 }
          if count == quotes {
            var closing = 0
            while closing < hashes, at(quotes + closing) == UInt8(ascii: "#") { closing += 1 }
            if closing == hashes {
              index += quotes + hashes
              return true
            }
          }
        }
        index += 1
      }
      return false
    }

    /// After `""`, the `#`s that close a raw empty string.
    private mutating func closesRaw(_ hashes: Int) -> Bool {
      for _ in 0..<hashes {
        guard at(0) == UInt8(ascii: "#") else { return false }
        index += 1
      }
      return true
    }

    /// Skips `(…)` of a string interpolation: code, up to its matching parenthesis.
    mutating func skipInterpolation() -> Bool {
      var depth = 0
      while index < bytes.count {
        switch skipNonCode() {
        case .failed: return false
        case .skipped: continue
        case .code: break
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: "(") { depth += 1 }
        if byte == UInt8(ascii: ")") {
          depth -= 1
          if depth == 0 {
            index += 1
            return true
          }
        }
        index += 1
      }
      return false
    }

    /// Whether the word from `start` to the current index is `word`.
    private func matches(_ start: Int, _ word: [UInt8]) -> Bool {
      guard index - start == word.count else { return false }
      for offset in 0..<word.count where bytes[start + offset] != word[offset] { return false }
      return true
    }

    private mutating func readWord() -> String {
      let start = index
      while index < bytes.count, Self.isIdentifier(bytes[index]) { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A function's name: a word, a backticked word, or an operator.
    private mutating func readName() -> String {
      guard index < bytes.count else { return "" }
      if bytes[index] == UInt8(ascii: "`") {
        guard skipNonCode() == .skipped else { return "" }
        return "`"
      }
      if Self.isIdentifier(bytes[index]) { return readWord() }
      let start = index
      let operators = Array("/=-+!*%<>&|^~?.".utf8)
      while index < bytes.count, operators.contains(bytes[index]) { index += 1 }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpaces() {
      while index < bytes.count,
        bytes[index] == DeclarationOutline.space || bytes[index] == UInt8(ascii: "\t")
      {
        index += 1
      }
    }

    /// Finds the declaration's body after its signature and records its inside; true when
    /// it has none (a requirement) or it was recorded, false when the text cannot be followed.
    mutating func blankBody() -> Bool {
      var depth = 0
      while index < bytes.count {
        switch skipNonCode() {
        case .failed: return false
        case .skipped: continue
        case .code: break
        }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
        case UInt8(ascii: "{") where depth == 0:
          let start = index + 1
          guard let end = matchingBrace() else { return false }
          if end > start { bodies.append(start..<end) }
          index = end + 1
          return true
        case UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "@"),
          UInt8(ascii: "#"):
          if depth == 0 { return true }  // no body: leave it to the parser
        default:
          if depth == 0, Self.isIdentifier(byte), !(byte >= 48 && byte <= 57) {
            let previous = index > 0 ? bytes[index - 1] : 0
            let word = readWord()
            if previous != UInt8(ascii: "."), DeclarationOutline.declarationStarts.contains(word) {
              index -= word.utf8.count  // the next declaration: scanned by the caller
              return true
            }
            continue
          }
        }
        index += 1
      }
      return true
    }

    /// The index of the `}` closing the `{` at the current index.
    mutating func matchingBrace() -> Int? {
      var depth = 0
      while index < bytes.count {
        switch skipNonCode() {
        case .failed: return nil
        case .skipped: continue
        case .code: break
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: "{") { depth += 1 }
        if byte == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { return index }
        }
        index += 1
      }
      return nil
    }
  }
}
