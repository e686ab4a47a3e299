import SwiftSyntax

/// One pass over a file's syntax tree for every enabled rule: it keeps the shared
/// ``FileContext`` current (imports, the types around each node, their roles, the facts every
/// rule shares) and hands each rule the nodes it asked for. One pass, because parsing is the
/// cost to beat: the rules must add little on top of it.
final class RuleWalker: SyntaxVisitor {
  let context: FileContext
  /// The rules asking for each hook, by the hook's raw value.
  private var byHook = [[FileRule]](repeating: [], count: Hook.allCases.count)
  /// Roles of the types declared so far in the file, for their extensions.
  private var declaredRoles: [String: (roles: Set<Role>, codeRoles: Set<Role>)] = [:]

  init(context: FileContext) {
    self.context = context
    for type in RuleRegistry.rules where context.collecting.contains(type.description.id) {
      let rule = type.init(context: context)
      for hook in type.hooks { byHook[hook.rawValue].append(rule) }
    }
    super.init(viewMode: .sourceAccurate)
  }

  private func rules(_ hook: Hook) -> [FileRule] { byHook[hook.rawValue] }

  override func visitPost(_ node: SourceFileSyntax) {
    for rule in rules(.file) { rule.fileDidEnd() }
  }

  // MARK: Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text {
      switch module {
      case "Ribcage": context.framework = .ribcage
      case "RIBs": context.framework = .uberRIBs
      case "ModernRIBs": context.framework = .modernRIBs
      case "RxSwift", "RxCocoa", "RxRelay": context.importsRx = true
      case "Combine": context.importsCombine = true
      default: break
      }
      if module == "Ribcage" || module == "RIBs" || module == "ModernRIBs" {
        context.isRIBCode = true
        context.importsRIBs = true
      }
    }
    return .skipChildren
  }

  // MARK: Types

  private func push(
    _ name: String, _ shape: TypeInfo.Shape, _ inheritance: InheritanceClauseSyntax?,
    _ declaration: some SyntaxProtocol
  ) {
    let inherited = inheritance?.inheritedTypes.map { $0.type.baseName } ?? []
    var info = TypeInfo(name: name, shape: shape, inherited: inherited, naming: context.naming)
    if let external = context.externalRoles[name],
      shape == .classType || shape == .extensionType
    {
      info.roles.formUnion(external)
      info.codeRoles.formUnion(external)
      if info.roles.contains(.presenter) || info.roles.contains(.viewModel) {
        info.roles.remove(.view)
        info.codeRoles.remove(.view)
      }
    }
    if shape == .extensionType, let declared = declaredRoles[name] {
      // An extension is the type it extends: `extension ProfileCell` is a view when the file
      // declares `ProfileCell: UITableViewCell`.
      info.roles.formUnion(declared.roles)
      info.codeRoles.formUnion(declared.codeRoles)
    } else if shape != .extensionType {
      declaredRoles[name] = (info.roles, info.codeRoles)
    }
    if let prefix = info.ribPrefix, shape != .extensionType, shape != .protocolType {
      context.facts.ribs.insert(prefix)
    }
    if !info.roles.isEmpty { context.isRIBCode = true }
    if shape == .classType || shape == .extensionType {
      context.facts.typeRoles[name, default: []].formUnion(info.roles)
    }
    if shape != .extensionType { context.facts.declaredTypes[name] = shape }
    if shape == .classType, info.roles.contains(.builder) { context.facts.builders.insert(name) }
    if shape == .classType { context.facts.declaredInheritance[name] = inherited }
    if shape == .protocolType { context.facts.protocols[name] = inherited }
    let frame = FileContext.Frame(
      info: info, declaration: Syntax(declaration), inherited: inherited)
    context.frames.append(frame)
    for rule in rules(.types) { rule.typeDidStart(frame) }
  }

  private func pop() {
    guard let finished = context.frames.last else { return }
    // A class keeping an instance of itself in a `static let`, with state that changes, is a
    // singleton whatever the accessor is called (`current`, `default`, `main`).
    if !finished.ownInstances.isEmpty, finished.hasMutableState {
      context.facts.singletons.insert(finished.info.name)
      for name in finished.ownInstances {
        context.facts.singletonMembers.insert("\(finished.info.name).\(name)")
      }
    }
    for rule in rules(.types) { rule.typeWillEnd(finished) }
    context.frames.removeLast()
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .classType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { pop() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .structType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { pop() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .enumType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { pop() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .actorType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { pop() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    // `typealias CheckoutComponentType = StateProviding & PaymentProviding`: what a type
    // conforming to the alias conforms to.
    let members = node.initializer.value.description.split(separator: "&").map {
      TypeText.baseName(String($0).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    context.facts.typeAliasMembers[node.name.text] = members
    return .skipChildren
  }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .protocolType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { pop() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.extendedType.baseName, .extensionType, node.inheritanceClause, node)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { pop() }

  // MARK: Bodies

  /// Outside RIB code, function bodies hold nothing any rule looks at (the rules that read
  /// bodies apply to RIB roles only, and `missing-super-call` reads its function itself): skip
  /// them, since walking the tree is the rules' main cost over the parse.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    if !context.importsRIBs, context.frame?.info.roles.isEmpty ?? true {
      for rule in rules(.skippedBodies) { rule.visitSkippedBody(node) }
      return .skipChildren
    }
    return .visitChildren
  }

  // MARK: Properties

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
    let isTopLevel =
      !isMember && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    guard isMember || isTopLevel else { return .visitChildren }
    for binding in node.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let property = PropertyDeclaration(
        declaration: node, binding: binding, pattern: pattern, isTopLevel: isTopLevel)
      if !isTopLevel, let frame = context.frame, property.isStored {
        let type = frame.info.name
        if property.isStatic {
          // A type's shared instance: several rules need to know it, whichever run.
          if SyntaxQueries.singletonNames.contains(property.name) {
            context.facts.singletons.insert(type)
          } else if property.holdsOwnInstance(of: frame.info) {
            frame.ownInstances.append(property.name)
          }
        } else {
          if property.isVar { frame.hasMutableState = true }
          frame.storedProperties.insert(property.name)
          context.propertyTypes[type, default: [:]][property.name] = property.storedType
          if !property.storedType.isEmpty {
            frame.storedTypes.insert(property.storedType)
          }
        }
      }
      for rule in rules(.properties) { rule.visit(property) }
    }
    return .visitChildren
  }

  // MARK: Functions and calls

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules(.functions) { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules(.initializers) { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard context.frame != nil else { return .visitChildren }
    let called = node.calledExpression
    var name = ""
    var base: ExprSyntax?
    if let member = called.as(MemberAccessExprSyntax.self) {
      name = member.declName.baseName.text
      base = member.base
    } else {
      name = SyntaxQueries.calleeTypeName(called)
    }
    for rule in rules(.calls) { rule.visit(node, named: name, on: base) }
    return .visitChildren
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules(.closures) { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    for rule in rules(.memberAccesses) { rule.visit(node) }
    return .visitChildren
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard !context.frames.isEmpty, node.elements.count == 3 else { return .visitChildren }
    let elements = Array(node.elements)
    if elements[1].is(AssignmentExprSyntax.self) {
      for rule in rules(.assignments) {
        rule.visitAssignment(node, target: elements[0], value: elements[2])
      }
    }
    return .visitChildren
  }

  // MARK: Type names

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    guard context.frame != nil else { return .visitChildren }
    for rule in rules(.typeNames) { rule.visitTypeName(node.name.text, at: Syntax(node)) }
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard context.frame != nil else { return .visitChildren }
    let name = node.baseName.text
    if let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
      for rule in rules(.typeNames) { rule.visitTypeName(name, at: Syntax(node)) }
    }
    return .visitChildren
  }
}
