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
    let bodies: [Range<Int>]? = source.withUnsafeBufferPointer { buffer in
      var scanner = Scanner(bytes: buffer)
      return scanner.run() ? scanner.bodies : nil
    }
    guard let bodies, !bodies.isEmpty else { return nil }
    var result = source
    result.withUnsafeMutableBufferPointer { buffer in
      for body in bodies {
        for index in body where buffer[index] != newline && buffer[index] != carriageReturn {
          buffer[index] = space
        }
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
}
