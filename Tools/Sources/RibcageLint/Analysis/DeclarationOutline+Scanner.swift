extension DeclarationOutline {
  /// One pass over the text, collecting the ranges inside function bodies.
  struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var bodies: [Range<Int>] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    @inline(__always) private func at(_ offset: Int) -> UInt8 {
      index + offset < bytes.count ? bytes[index + offset] : 0
    }

    @inline(__always) private static func isIdentifier(_ byte: UInt8) -> Bool {
      (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || (byte >= 48 && byte <= 57)
        || byte == 95 || byte >= 128
    }

    /// Scans the whole text; false when it cannot follow it.
    mutating func run() -> Bool {
      while index < bytes.count {
        let byte = bytes[index]
        // Only these bytes can start a comment, a string or a backticked name.
        if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`")
          || byte == UInt8(ascii: "#")
        {
          switch skipNonCode() {
          case .failed: return false
          case .skipped: continue
          case .code: break
          }
        }
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
        switch bytes[index] {
        case UInt8(ascii: "{"): depth += 1
        case UInt8(ascii: "}"):
          depth -= 1
          if depth == 0 { return index }
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "`"), UInt8(ascii: "#"):
          switch skipNonCode() {
          case .failed: return nil
          case .skipped: continue
          case .code: break
          }
        default: break
        }
        index += 1
      }
      return nil
    }
  }
}
