import SwiftSyntax

/// One name a `var`/`let` declaration of a type's member (or the file's top level) binds, with
/// what the rules ask of it worked out once.
struct PropertyDeclaration {
  let declaration: VariableDeclSyntax
  let binding: PatternBindingSyntax
  let pattern: IdentifierPatternSyntax
  var name: String { pattern.identifier.text }
  /// Declared at the file's top level (a global), not in a type.
  let isTopLevel: Bool
  let isStatic: Bool
  /// `weak` or `unowned`.
  let isWeak: Bool
  let isLazy: Bool
  let isVar: Bool
  let isPrivate: Bool
  /// Holds a value (no getter; observers are fine).
  let isStored: Bool
  /// The annotated type's base name (`FooListener` for `(any FooListener)?`), or empty.
  let typeName: String
  /// The annotated type, else the type an initializer `Foo(...)` creates, or empty.
  let storedType: String

  init(
    declaration: VariableDeclSyntax, binding: PatternBindingSyntax,
    pattern: IdentifierPatternSyntax, isTopLevel: Bool
  ) {
    self.declaration = declaration
    self.binding = binding
    self.pattern = pattern
    self.isTopLevel = isTopLevel
    var isStatic = false
    var isWeak = false
    var isLazy = false
    var isPrivate = false
    for modifier in declaration.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class): isStatic = true
      case .keyword(.weak), .keyword(.unowned): isWeak = true
      case .keyword(.lazy): isLazy = true
      case .keyword(.private), .keyword(.fileprivate): isPrivate = true
      default: break
      }
    }
    self.isStatic = isStatic
    self.isWeak = isWeak
    self.isLazy = isLazy
    self.isPrivate = isPrivate
    isVar = declaration.bindingSpecifier.tokenKind == .keyword(.var)
    isStored = binding.isStored
    typeName = binding.typeAnnotation?.type.baseName ?? ""
    storedType = typeName.isEmpty ? binding.initializerCallee : typeName
  }

  /// Whether it is a class's (or actor's) stored `static let` holding an instance of the type
  /// itself (`static let current = Preferences()`, `static let main: Store = .init()`).
  func holdsOwnInstance(of type: TypeInfo) -> Bool {
    guard isStatic, isStored, !isVar, type.shape == .classType || type.shape == .actorType
    else { return false }
    if storedType == type.name || storedType == "Self" { return true }
    // `= .init()`
    guard typeName.isEmpty, let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self)
    else { return false }
    return member.declName.baseName.tokenKind == .keyword(.`init`)
      && member.base.map(SyntaxQueries.calleeTypeName) == type.name
  }

  /// Whether the accessors include a setter (`static var token: String { get { … } set { … } }`).
  var hasSetter: Bool {
    guard case .accessors(let list) = binding.accessorBlock?.accessors else { return false }
    return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.set) }
  }
}

extension PatternBindingSyntax {
  /// Whether the binding stores a value (no getter; observers are fine).
  var isStored: Bool {
    guard let accessors = accessorBlock?.accessors else { return true }
    switch accessors {
    case .getter: return false
    case .accessors(let list):
      return list.allSatisfy {
        $0.accessorSpecifier.tokenKind == .keyword(.willSet)
          || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
      }
    }
  }

  /// `Foo` for an initializer `Foo(...)` or `Foo<Bar>(...)`.
  var initializerCallee: String {
    guard var call = initializer?.value.as(FunctionCallExprSyntax.self) else { return "" }
    // `AppleLoginManager().then { $0.delegate = self }` (the Then library): the object made.
    // Not a promise's `then` (`firstly { … }.then { … }`): only an object made by its type.
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "then",
      let made = member.base?.as(FunctionCallExprSyntax.self)
    {
      guard SyntaxQueries.calleeTypeName(made.calledExpression).first?.isUppercase == true
      else { return "" }
      call = made
    }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
      return specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
    return ""
  }
}
