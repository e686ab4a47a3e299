/// A name given to `ribcage new`, checked to make good Swift type names.
public struct TypeName: Sendable, Equatable, CustomStringConvertible {
  /// The name as given, e.g. `LoggedOut`.
  public let value: String

  /// Suffixes the generator appends itself; a name ending in one would read `HomeRouterRouter`.
  static let reservedSuffixes = [
    "Builder", "Component", "Interactor", "Router", "ViewController", "Presenter", "Dependency",
    "Listener", "Service", "Workflow", "Plugin",
  ]

  /// Swift's keywords (declarations, statements, expressions, types and patterns), which cannot
  /// start a type name without backticks.
  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
    "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
    "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
    "Self", "super", "throws", "true", "try", "Type", "Protocol", "actor", "async", "some",
    "any", "each", "macro", "package",
  ]

  /// Checks `value`: a Swift identifier (ASCII letters, digits, `_`), starting with an uppercase
  /// letter, not a keyword, not ending in a suffix the generator adds.
  public init(_ value: String, role: String = "name") throws(GeneratorError) {
    guard !value.isEmpty else { throw .invalidName(value, reason: "the \(role) is empty") }
    guard
      value.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
      })
    else {
      throw .invalidName(
        value, reason: "a Swift type name has only letters, digits and underscores (e.g. LoggedOut)"
      )
    }
    guard let first = value.first, first.isLetter else {
      throw .invalidName(value, reason: "a Swift type name starts with a letter")
    }
    guard !Self.keywords.contains(value), !Self.keywords.contains(value.lowercased()) else {
      throw .invalidName(value, reason: "it is a Swift keyword")
    }
    guard first.isUppercase else {
      throw .invalidName(
        value,
        reason:
          "type names start with an uppercase letter (\(first.uppercased())\(value.dropFirst()))")
    }
    if let suffix = Self.reservedSuffixes.first(where: { value.hasSuffix($0) && value != $0 }) {
      throw .invalidName(
        value,
        reason:
          "it ends in '\(suffix)', which the generator adds itself (use '\(value.dropLast(suffix.count))')"
      )
    }
    if Self.reservedSuffixes.contains(value) {
      throw .invalidName(value, reason: "it is one of the names the generator adds itself")
    }
    self.value = value
  }

  public var description: String { value }

  /// `LoggedOut` → `loggedOut`, `URLLoader` → `urlLoader`.
  public var lowerCamel: String {
    let characters = Array(value)
    var upperRun = 0
    while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
    if upperRun <= 1 || upperRun == characters.count {
      return upperRun == characters.count
        ? value.lowercased() : characters[0].lowercased() + String(characters.dropFirst())
    }
    // Keep the last capital of an acronym as the start of the next word.
    return String(characters[0..<(upperRun - 1)]).lowercased()
      + String(characters[(upperRun - 1)...])
  }

  /// `LoggedOut` → `logged_out` (flag keys).
  public var snakeCase: String {
    let characters = Array(value)
    var result = ""
    for (index, character) in characters.enumerated() {
      if character.isUppercase, index > 0 {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        // A word starts after a lowercase letter or digit, or at the last capital of an acronym.
        if !previous.isUppercase || next?.isLowercase == true, previous != "_" { result += "_" }
      }
      result += character.lowercased()
    }
    return result
  }
}
