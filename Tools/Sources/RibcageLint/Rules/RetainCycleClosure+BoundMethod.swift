import SwiftSyntax

/// The type's own methods passed as closures (`publisher.sink(receiveValue: show)`,
/// `UIAction(handler: toggle)`, `configuration.provider = makeActions`): a bound method holds
/// `self` strongly, as a closure using `self` does, so it is checked where it is kept the same
/// way.
extension RetainCycleClosure {
  /// Checks the type's methods `call` is handed as arguments.
  func checkBoundMethods(handedTo call: FunctionCallExprSyntax) {
    guard let info = context.frame?.info else { return }
    for argument in call.arguments {
      if let method = boundMethod(argument.expression) {
        check(Held(method: method, at: argument.expression), in: info)
      }
    }
  }

  /// Checks `value` if it is one of the type's methods, assigned.
  func checkBoundMethod(assigned value: ExprSyntax) {
    guard let info = context.frame?.info, let method = boundMethod(value) else { return }
    check(Held(method: method, at: value), in: info)
  }

  /// The name of the instance method of the type being walked that `expression` names without
  /// calling it: `show`, `show(_:)`, `self.show`, `self?.show`. Not a parameter, local or
  /// property of that name.
  private func boundMethod(_ expression: ExprSyntax) -> String? {
    guard let frame = context.frame else { return nil }
    var reference = expression.as(DeclReferenceExprSyntax.self)
    if let member = expression.as(MemberAccessExprSyntax.self) {
      var base = member.base
      if let optional = base?.as(OptionalChainingExprSyntax.self) { base = optional.expression }
      guard SyntaxQueries.isSelf(base) else { return nil }
      reference = member.declName
    } else if let reference,
      isShadowed(reference.baseName.text, at: expression)
        || SyntaxQueries.isLocal(reference.baseName.text, at: expression)
    {
      return nil
    }
    guard let reference, case .identifier(let name) = reference.baseName.tokenKind,
      !frame.storedProperties.contains(name), instanceMethods(of: frame).contains(name)
    else { return nil }
    return name
  }

  /// The instance methods the type being walked declares in this file (its declaration and
  /// extensions), without the names it also gives a property (`transitionController` and
  /// `transitionController(_:didFinish:)`), read once per type name.
  private func instanceMethods(of frame: FileContext.Frame) -> Set<String> {
    let typeName = frame.info.name
    if let known = methodsByType[typeName] { return known }
    var names: Set<String> = []
    var properties: Set<String> = []
    for declaration in declarations(of: frame) {
      for member in declaration.members {
        if let variable = member.decl.as(VariableDeclSyntax.self) {
          for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
              properties.insert(name)
            }
          }
        }
        guard let function = member.decl.as(FunctionDeclSyntax.self),
          !function.modifiers.contains(where: {
            [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
          })
        else { continue }
        names.insert(function.name.text)
      }
    }
    names.subtract(properties)
    methodsByType[typeName] = names
    return names
  }

  /// The member blocks of the type being walked in this file: its declaration's and its
  /// extensions'.
  func declarations(of frame: FileContext.Frame) -> [MemberBlockSyntax] {
    SyntaxQueries.nodes(MemberBlockSyntax.self, in: frame.declaration.root).filter {
      Self.declaredName(of: $0.parent) == frame.info.name
    }
  }

  /// The name a class, struct, actor, enum or extension declares.
  private static func declaredName(of node: Syntax?) -> String? {
    if let type = node?.as(ClassDeclSyntax.self) { return type.name.text }
    if let type = node?.as(StructDeclSyntax.self) { return type.name.text }
    if let type = node?.as(ActorDeclSyntax.self) { return type.name.text }
    if let type = node?.as(EnumDeclSyntax.self) { return type.name.text }
    if let type = node?.as(ExtensionDeclSyntax.self) { return type.extendedType.trimmedDescription }
    return nil
  }

  /// The value the local `name` is first given, in the scopes around `node` before it
  /// (`var configuration = Configuration()`).
  static func initialValue(ofLocal name: String, before node: some SyntaxProtocol) -> ExprSyntax? {
    var child = Syntax(node)
    while let parent = child.parent, !parent.is(MemberBlockSyntax.self) {
      if let list = parent.as(CodeBlockItemListSyntax.self) {
        for item in list {
          if item.id == child.id { break }
          guard let declaration = item.item.as(VariableDeclSyntax.self) else { continue }
          for binding in declaration.bindings
          where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
            return binding.initializer?.value
          }
        }
      }
      child = parent
    }
    return nil
  }
}
