import SwiftSyntax

/// Whether code writes a static property: a `static var` nothing assigns or mutates is constant
/// data written as a `var` (placeholder values, defaults), not state every RIB can change.
extension GlobalState {
  /// Whether the reference (`Store.items`, `Self.items`, or `items` in the declaring type) is
  /// written where it stands: assigned (`=`, `+=`), passed `inout`, or mutated through its path
  /// (`Store.items[0] = …`, `Store.items.append(…)`, `Store.config.limit = …`).
  static func isWritten(_ reference: some SyntaxProtocol) -> Bool {
    var node = Syntax(reference)
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        if let call = member.parent?.as(FunctionCallExprSyntax.self),
          call.calledExpression.id == member.id
        {
          // A method's result is a new value; a mutating verb changes the receiver.
          return isMutatingName(member.declName.baseName.text)
        }
        node = parent
      } else if let subscripted = parent.as(SubscriptCallExprSyntax.self),
        subscripted.calledExpression.id == node.id
      {
        node = parent
      } else if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
      {
        node = parent
      } else if parent.is(InOutExprSyntax.self) {
        return !isAssociationKey(parent)
      } else {
        break
      }
    }
    guard let list = node.parent?.as(ExprListSyntax.self),
      let index = list.firstIndex(where: { $0.id == node.id })
    else { return false }
    let next = list.index(after: index)
    guard next != list.endIndex else { return false }
    if list[next].is(AssignmentExprSyntax.self) { return true }
    guard let binary = list[next].as(BinaryOperatorExprSyntax.self) else { return false }
    return compoundAssignments.contains(binary.operator.text)
  }

  static let compoundAssignments: Set<String> = [
    "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=",
  ]

  /// Verbs that change their receiver (`append`, `removeAll`, `setValue`, `send`, `onNext`):
  /// the verb alone or followed by a capitalised word (`sorted`, `formatted`, `adding` are not).
  static func isMutatingName(_ name: String) -> Bool {
    mutatingVerbs.contains { verb in
      guard name.hasPrefix(verb) else { return false }
      guard let next = name.dropFirst(verb.count).first else { return true }
      return next.isUppercase
    }
  }

  static let mutatingVerbs = [
    "append", "insert", "remove", "set", "add", "update", "reset", "clear", "merge", "form",
    "subtract", "sort", "reverse", "shuffle", "pop", "toggle", "send", "accept", "on", "register",
    "store", "save", "increment", "decrement", "replace", "push", "swap", "write", "assign",
  ]

  /// `Type.member` written in a function body the walk skips (a plain type's code), read from
  /// its bytes: `Store.items = …`, `Store.items += …`, `Store.items[k] = …`,
  /// `Store.items.append(…)`, `&Store.items`. `Self.member` is the enclosing type's.
  static func writtenStatics(in bytes: [UInt8], _ range: Range<Int>, selfType: String?)
    -> Set<String>
  {
    var written: Set<String> = []
    bytes.withUnsafeBufferPointer { text in
      var dot = range.lowerBound
      while dot < range.upperBound {
        defer { dot += 1 }
        guard text[dot] == UInt8(ascii: "."), dot > range.lowerBound,
          isIdentifier(text[dot - 1])
        else { continue }
        var start = dot - 1
        while start > range.lowerBound, isIdentifier(text[start - 1]) { start -= 1 }
        guard isUppercase(text[start]),
          start == range.lowerBound || text[start - 1] != UInt8(ascii: ".")
        else { continue }
        var end = dot + 1
        while end < range.upperBound, isIdentifier(text[end]) { end += 1 }
        guard end > dot + 1, !isUppercase(text[dot + 1]) else { continue }
        var type = String(decoding: text[start..<dot], as: UTF8.self)
        if type == "Self" {
          guard let selfType else { continue }
          type = selfType
        }
        let isInOut =
          start > range.lowerBound && text[start - 1] == UInt8(ascii: "&")
          && !isAssociationKey(text, ampersand: start - 1, from: range.lowerBound)
        if isInOut || isWrite(after: end, in: text, range.upperBound) {
          written.insert(type + "." + String(decoding: text[(dot + 1)..<end], as: UTF8.self))
        }
      }
    }
    return written
  }

  /// Whether what follows a static's name, through `!`, `?`, subscripts and member names,
  /// writes it.
  private static func isWrite(after position: Int, in text: UnsafeBufferPointer<UInt8>, _ end: Int)
    -> Bool
  {
    var index = position
    func skipSpaces() {
      while index < end, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") {
        index += 1
      }
    }
    while index < end {
      skipSpaces()
      guard index < end else { return false }
      switch text[index] {
      case UInt8(ascii: "!"), UInt8(ascii: "?"):
        guard index + 1 < end, text[index + 1] != UInt8(ascii: "=") else { return false }
        index += 1
      case UInt8(ascii: "["):
        var depth = 0
        repeat {
          if text[index] == UInt8(ascii: "[") { depth += 1 }
          if text[index] == UInt8(ascii: "]") { depth -= 1 }
          index += 1
        } while index < end && depth > 0
      case UInt8(ascii: "."):
        let nameStart = index + 1
        index = nameStart
        while index < end, isIdentifier(text[index]) { index += 1 }
        guard index > nameStart else { return false }
        skipSpaces()
        if index < end, text[index] == UInt8(ascii: "(") {
          return isMutatingName(String(decoding: text[nameStart..<index], as: UTF8.self))
        }
      case UInt8(ascii: "="):
        return index + 1 >= end || text[index + 1] != UInt8(ascii: "=")
      case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"),
        UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"):
        return index + 1 < end && text[index + 1] == UInt8(ascii: "=")
      default:
        return false
      }
    }
    return false
  }

  /// Whether the type declaring `name` writes it itself (`name = …` in a static method,
  /// `Self.name.append(…)`), read from the text of its declaration (`range`): its bodies may be
  /// blanked in the tree the rules walk.
  static func writesItself(_ name: String, type: String, in bytes: [UInt8], _ range: Range<Int>)
    -> Bool
  {
    let pattern = Array(name.utf8)
    guard !pattern.isEmpty, range.lowerBound >= 0, range.upperBound <= bytes.count else {
      return false
    }
    return bytes.withUnsafeBufferPointer { text in
      var start = range.lowerBound
      while start + pattern.count <= range.upperBound {
        defer { start += 1 }
        guard text[start] == pattern[0],
          text[start..<(start + pattern.count)].elementsEqual(pattern)
        else { continue }
        let end = start + pattern.count
        guard end == range.upperBound || !isIdentifier(text[end]),
          start == range.lowerBound || !isIdentifier(text[start - 1])
        else { continue }
        if start > range.lowerBound, text[start - 1] == UInt8(ascii: ".") {
          // `Self.name`, `Type.name`; not `other.name`.
          var word = start - 1
          while word > range.lowerBound, isIdentifier(text[word - 1]) { word -= 1 }
          let qualifier = String(decoding: text[word..<(start - 1)], as: UTF8.self)
          guard qualifier == "Self" || qualifier == type else { continue }
        } else {
          // `var name = …` declares it (or a local of that name).
          var word = start
          while word > range.lowerBound, text[word - 1] == UInt8(ascii: " ") { word -= 1 }
          var previous = word
          while previous > range.lowerBound, isIdentifier(text[previous - 1]) { previous -= 1 }
          let keyword = String(decoding: text[previous..<word], as: UTF8.self)
          guard !["var", "let", "func", "case"].contains(keyword) else { continue }
        }
        let isInOut =
          start > range.lowerBound && text[start - 1] == UInt8(ascii: "&")
          && !isAssociationKey(text, ampersand: start - 1, from: range.lowerBound)
        if isInOut || isWrite(after: end, in: text, range.upperBound) { return true }
      }
      return false
    }
  }

  /// Functions that take a static's address as a key (`objc_getAssociatedObject(self,
  /// &Self.key)`): the address is used, the value neither read nor written.
  static let keyTakingFunctions: Set<String> = [
    "objc_getAssociatedObject", "objc_setAssociatedObject",
  ]

  /// Whether an `&expression` is an argument of a key-taking function.
  static func isAssociationKey(_ argument: Syntax) -> Bool {
    guard let call = argument.parent?.parent?.parent?.as(FunctionCallExprSyntax.self) else {
      return false
    }
    return keyTakingFunctions.contains(SyntaxQueries.calleeTypeName(call.calledExpression))
  }

  /// Whether the `&` at `ampersand` starts an argument of a key-taking function: the call's
  /// name stands before the nearest unclosed `(` of the statement.
  static func isAssociationKey(
    _ text: UnsafeBufferPointer<UInt8>, ampersand: Int, from start: Int
  ) -> Bool {
    var index = ampersand
    var depth = 0
    while index > start {
      index -= 1
      switch text[index] {
      case UInt8(ascii: ")"): depth += 1
      case UInt8(ascii: "("):
        if depth == 0 {
          var name = index
          while name > start, isIdentifier(text[name - 1]) { name -= 1 }
          return keyTakingFunctions.contains(String(decoding: text[name..<index], as: UTF8.self))
        }
        depth -= 1
      case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"): return false
      default: break
      }
    }
    return false
  }

  private static func isIdentifier(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")) || byte >= 0x80
  }

  private static func isUppercase(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }
}
