import SwiftSyntax

/// Whether a singleton holds state: one with nothing stored that can change and members that
/// write nothing lasting (bundle and device info, opening a URL, asking whether mail can be
/// sent) shares no state between RIBs, whatever its accessor; one whose members write defaults,
/// files, the keychain or a database does, even with no stored property of its own.
extension GlobalState {
  /// System accessors a stateless helper may reach: they read the app's environment or ask the
  /// system to act, and keep nothing of the helper's.
  static let environmentAccessors = [
    "UIApplication.shared", "UIDevice.current", "Bundle.main", "ProcessInfo.processInfo",
    "UIScreen.main", "Locale.current", "TimeZone.current", "Calendar.current",
  ].map { Array($0.utf8) }
  /// APIs that write lasting or shared state: defaults, files, the keychain, databases,
  /// notifications, the network.
  static let stateAPIs = [
    "UserDefaults", "NSUbiquitousKeyValueStore", "FileManager", "SecItem", "Keychain", "KeyChain",
    "NSPersistentContainer", "NSManagedObjectContext", "CoreData", "Realm", "write(to",
    "NotificationCenter", "URLSession", "URLCache", "NSCache",
  ]
  /// Value types a `let` without an initial value can hold and stay constant.
  static let constantTypes: Set<String> = [
    "String", "Int", "Double", "Float", "CGFloat", "Bool", "URL", "Date", "UUID", "Character",
  ]
  /// Formatters and coders: a tool the helper configures and uses, holding no app state
  /// (a date-formatting singleton shares a formatter, not data, between RIBs).
  static let toolTypes: Set<String> = [
    "DateFormatter", "ISO8601DateFormatter", "NumberFormatter", "DateComponentsFormatter",
    "DateIntervalFormatter", "RelativeDateTimeFormatter", "MeasurementFormatter",
    "ByteCountFormatter", "PersonNameComponentsFormatter", "ListFormatter", "JSONDecoder",
    "JSONEncoder", "PropertyListDecoder", "PropertyListEncoder",
  ]

  /// A formatter or coder the helper keeps to itself: `private`, a `let` or a `lazy var` set up
  /// once, in a class inheriting nothing but `NSObject` (an inherited store keeps state the
  /// helper's own properties do not show). One reachable from outside can be reconfigured by
  /// any RIB (`Dates.shared.formatter.timeZone = zone`): state.
  static func isPrivateTool(_ property: PropertyDeclaration) -> Bool {
    guard property.isPrivate, !property.isVar || property.isLazy else { return false }
    let type = property.storedType.split(separator: ".").last.map(String.init) ?? ""
    guard toolTypes.contains(type) else { return false }
    var node = property.declaration.parent
    while let current = node {
      if let owner = current.as(ClassDeclSyntax.self) {
        let inherited = owner.inheritanceClause?.inheritedTypes.map(\.type.trimmedDescription) ?? []
        return inherited.allSatisfy { $0 == "NSObject" || $0 == "Sendable" || $0.hasPrefix("@") }
      }
      if current.is(StructDeclSyntax.self) || current.is(EnumDeclSyntax.self) { return true }
      node = current.parent
    }
    return false
  }

  /// Whether a stored property of a type keeps state: a `var`, or a `let` holding anything but
  /// a literal (or a plain value it is initialised with). A singleton's own accessor and a
  /// `static let` holding an instance of the type are not its state.
  static func keepsState(_ property: PropertyDeclaration, of info: TypeInfo) -> Bool {
    guard property.isStored else { return false }
    if property.isStatic,
      SyntaxQueries.singletonNames.contains(property.name) || property.holdsOwnInstance(of: info)
    {
      return false
    }
    if isPrivateTool(property) { return false }
    if property.isVar || property.isLazy { return true }
    guard let value = property.binding.initializer?.value else {
      return !constantTypes.contains(property.typeName)
    }
    return !isLiteral(value)
  }

  /// A literal, or an array or dictionary of literals.
  static func isLiteral(_ expression: ExprSyntax) -> Bool {
    if expression.is(StringLiteralExprSyntax.self) || expression.is(IntegerLiteralExprSyntax.self)
      || expression.is(FloatLiteralExprSyntax.self) || expression.is(BooleanLiteralExprSyntax.self)
      || expression.is(NilLiteralExprSyntax.self)
    {
      return true
    }
    if let array = expression.as(ArrayExprSyntax.self) {
      return array.elements.allSatisfy { isLiteral($0.expression) }
    }
    if let dictionary = expression.as(DictionaryExprSyntax.self) {
      guard case .elements(let elements) = dictionary.content else { return true }
      return elements.allSatisfy { isLiteral($0.key) && isLiteral($0.value) }
    }
    if let prefix = expression.as(PrefixOperatorExprSyntax.self) {
      return isLiteral(prefix.expression)  // `-1`
    }
    return false
  }

  /// Whether a type's declaration (not an extension) declares a method or computed property to
  /// read: a singleton declared with nothing but its accessor is not known to keep nothing.
  static func showsWhatItDoes(_ declaration: Syntax) -> Bool {
    if declaration.is(ExtensionDeclSyntax.self) { return true }
    guard let group = declaration.asProtocol(DeclGroupSyntax.self) else { return false }
    return group.memberBlock.members.contains { item in
      if item.decl.is(FunctionDeclSyntax.self) { return true }
      guard let variable = item.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.bindings.contains { $0.accessorBlock != nil }
    }
  }

  /// Whether a type's code (declaration or extension) writes lasting state or reaches another
  /// singleton than the app's environment: its members act on shared state.
  static func actsOnState(_ range: Range<Int>, in context: FileContext) -> Bool {
    if stateAPIs.contains(where: { context.mentions($0, in: range) }) { return true }
    return context.mentions(".", in: range)
      && reachesSingleton(context.bytes[range], ignoring: environmentAccessors)
  }
}
