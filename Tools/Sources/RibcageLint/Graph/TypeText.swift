import SwiftSyntax

/// Type text as the graph compares it.
enum TypeText {
  /// `(any Foo)?` → `Foo?`, `Swift.Int` → `Int`, spaces removed, `Optional<X>` → `X?`.
  static func normalized(_ type: TypeSyntax) -> String {
    normalized(type.trimmedDescription)
  }

  static func normalized(_ text: String) -> String {
    var text = text.removingWords(["any", "some", "Swift."])
    text.removeAll { $0 == " " || $0 == "\n" || $0 == "\t" }
    if text.hasPrefix("Optional<"), text.hasSuffix(">") {
      text = String(text.dropFirst("Optional<".count).dropLast()) + "?"
    }
    if text.hasPrefix("("), text.hasSuffix(")?"), !text.contains("->"), !text.contains(",") {
      text = String(text.dropFirst().dropLast(2)) + "?"
    }
    return text
  }

  /// `Foo<Bar>?` → `Foo`.
  static func baseName(_ text: String) -> String {
    var name = Substring(text)
    if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
    while let last = name.last, last == "?" || last == "!" { name.removeLast() }
    if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
    return String(name)
  }

  /// `Main.Builder<X>?` → `Main.Builder`: the base name with the one qualifier written before
  /// it (a module's name, which `TypeIndex.lookup` resolves; `Foo<Bar>?` → `Foo`).
  static func qualifiedBaseName(_ text: String) -> String {
    var name = Substring(text)
    if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
    while let last = name.last, last == "?" || last == "!" { name.removeLast() }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    return parts.suffix(2).joined(separator: ".")
  }

  static func qualifiedBaseName(_ type: TypeSyntax) -> String {
    qualifiedBaseName(normalized(type))
  }

  /// Every type name in `type`, generic arguments included (`Main.Buildable` as written).
  static func names(in type: TypeSyntax) -> [String] {
    var names: [String] = []
    var stack: [Syntax] = [Syntax(type)]
    while let node = stack.popLast() {
      if let identifier = node.as(IdentifierTypeSyntax.self) {
        names.append(identifier.name.text)
      } else if let member = node.as(MemberTypeSyntax.self) {
        let module = member.baseType.as(IdentifierTypeSyntax.self)?.name.text
        names.append(module.map { $0 + "." + member.name.text } ?? member.name.text)
      }
      stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
    }
    return names
  }
}

extension String {
  /// The text without the words in `words` where they start a word (`any Foo` loses `any `,
  /// `Company` keeps its letters), each with the space after it.
  fileprivate func removingWords(_ words: [String]) -> String {
    var result = ""
    var rest = Substring(self)
    var previous: Character = " "
    outer: while let first = rest.first {
      if !(previous.isLetter || previous.isNumber || previous == "_") {
        for word in words where rest.hasPrefix(word) {
          let after = rest.dropFirst(word.count)
          if word.hasSuffix(".") || after.first == " " {
            rest = word.hasSuffix(".") ? after : after.dropFirst()
            continue outer
          }
        }
      }
      result.append(first)
      previous = first
      rest = rest.dropFirst()
    }
    return result
  }
}
