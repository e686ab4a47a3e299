import SwiftSyntax

/// Collects a file's ``GraphFacts`` in one walk over the syntax tree the linter already parsed.
final class GraphVisitor: SyntaxVisitor {
  private let lines: LineTable
  private(set) var facts = GraphFacts()
  /// Open declarations, innermost last; indices into `facts.declarations` (-1: top level).
  private var open: [Int] = []
  /// Flags of the `register(…, gatedBy:)` calls being visited, innermost last, with the calls.
  private var flags: [String] = []
  private var gatedCalls: [SyntaxIdentifier] = []
  /// Function bodies being visited, innermost last (names; `init` for initialisers).
  private var functions: [String] = []

  /// Whether function bodies are walked (see ``mayBuildRIBs(_:)``).
  private let walksBodies: Bool

  init(bytes: [UInt8]) {
    self.lines = LineTable(bytes: bytes)
    self.walksBodies = Self.mayBuildRIBs(bytes)
    super.init(viewMode: .sourceAccurate)
  }

  /// Words without which a file's function bodies hold nothing the graph reads: a body creates
  /// or builds a builder (`…Builder(…)`, `….build(…)`), a Needle component, or a workflow.
  static let bodyWords: [[UInt8]] = [
    "Build", "build", "Needle", "Workflow", "RIBs", "Ribcage", "parent:",
  ].map { Array($0.utf8) }

  /// Whether the file contains one of ``bodyWords`` (walking the syntax tree is the graph's
  /// main cost over the parse: files without them, most of a large codebase's non-RIB code,
  /// have their function bodies skipped).
  static func mayBuildRIBs(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard buffer.count >= 4 else { return false }
      for index in 0..<buffer.count {
        let byte = buffer[index]
        // Every word starts with B, b, N, W, R or p.
        guard
          byte == 0x42 || byte == 0x62 || byte == 0x4E || byte == 0x57 || byte == 0x52
            || byte == 0x70
        else { continue }
        for word in bodyWords where word[0] == byte && index + word.count <= buffer.count {
          var matches = true
          for offset in 1..<word.count where buffer[index + offset] != word[offset] {
            matches = false
            break
          }
          if matches { return true }
        }
      }
      return false
    }
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    walksBodies ? .visitChildren : .skipChildren
  }

  private func point(_ node: some SyntaxProtocol) -> SourcePoint {
    let point = lines.point(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    return SourcePoint(line: point.line, column: point.column)
  }

  /// The declaration being visited (the top level when none).
  private var current: TypeDeclaration {
    get {
      guard let index = open.last, index >= 0 else { return facts.topLevel }
      return facts.declarations[index]
    }
    _modify {
      if let index = open.last, index >= 0 {
        yield &facts.declarations[index]
      } else {
        yield &facts.topLevel
      }
    }
  }

  // MARK: Declarations

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let first = node.path.first { facts.imports.insert(first.name.text) }
    return .skipChildren
  }

  private func push(
    _ name: String, _ kind: TypeDeclaration.Kind, _ clause: InheritanceClauseSyntax?,
    generic: Bool, at node: some SyntaxProtocol
  ) {
    var declaration = TypeDeclaration(name: name, kind: kind, place: point(node))
    declaration.isGeneric = generic
    declaration.inherits = clause?.inheritedTypes.map { Self.reference($0.type) } ?? []
    facts.declarations.append(declaration)
    open.append(facts.declarations.count - 1)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    push(
      node.name.text, .classType, node.inheritanceClause,
      generic: node.genericParameterClause != nil, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { open.removeLast() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    push(
      node.name.text, .structType, node.inheritanceClause,
      generic: node.genericParameterClause != nil, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { open.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    push(
      node.name.text, .enumType, node.inheritanceClause,
      generic: node.genericParameterClause != nil, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { open.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    push(
      node.name.text, .actorType, node.inheritanceClause,
      generic: node.genericParameterClause != nil, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { open.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .protocolType, node.inheritanceClause, generic: false, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { open.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    push(
      node.extendedType.baseName, .extensionType, node.inheritanceClause, generic: false,
      at: node.extendedType)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { open.removeLast() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    let target = TypeText.normalized(node.initializer.value)
    if open.isEmpty {
      if node.genericParameterClause == nil { facts.typeAliases[node.name.text] = target }
    } else {
      current.aliases[node.name.text] = target  // a type's own alias: not global
    }
    return .skipChildren
  }

  /// The key a name is bound under: `function|name` inside a function, else the name.
  private func bindingKey(_ name: String) -> String {
    functions.last.map { $0 + "|" + name } ?? name
  }

  // MARK: Members

  /// Whether `node` is directly in the member block of the open declaration (not in a body).
  private func isMember(_ node: some SyntaxProtocol) -> Bool {
    node.parent?.is(MemberBlockItemSyntax.self) == true
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let member = !open.isEmpty && isMember(node)
    let isStatic = node.modifiers.contains {
      $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
    }
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        continue
      }
      let created = binding.initializer.flatMap { Self.createdType($0.value) }
      guard member || isStatic else {
        // A local: only what it is bound to (`let component = LoggedInComponent(…)`).
        if let type = binding.typeAnnotation.map({ TypeText.qualifiedBaseName($0.type) })
          ?? created.map(TypeText.qualifiedBaseName),
          !type.isEmpty
        {
          current.bindings[bindingKey(name)] = type
        }
        continue
      }
      let type = binding.typeAnnotation.map { TypeText.normalized($0.type) } ?? created
      if let annotation = binding.typeAnnotation?.type {
        mention(annotation, at: annotation)
      }
      if let type {
        current.bindings[name] = TypeText.qualifiedBaseName(type)
      }
      if member, !isStatic {
        current.members.append(.init(name: name, type: type, place: point(binding.pattern)))
      }
      if isStatic, created == "FeatureFlag",
        let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
        let key = Self.stringLiteral(call.arguments.first?.expression)
      {
        facts.featureFlags[name] = key
        facts.featureFlags[current.name + "." + name] = key
      }
    }
    return .visitChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    // A method is known by its name and argument labels (`build(withListener:reply:)`): a
    // builder's alternative build methods are different methods, each with its own locals.
    let labels = node.signature.parameterClause.parameters.map { $0.firstName.text + ":" }
    let identity = node.name.text + "(" + labels.joined() + ")"
    let parameters = record(node.signature.parameterClause, in: identity)
    let returnType = node.signature.returnClause.map { $0.type.baseName }
    current.functions.append(
      .init(name: node.name.text, parameters: parameters, returnType: returnType))
    if isMember(node) {
      current.members.append(
        .init(
          name: node.name.text + "()", type: returnType, isFunction: true, place: point(node.name)))
    }
    functions.append(identity)
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { functions.removeLast() }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    let parameters = record(node.signature.parameterClause, in: "init")
    current.functions.append(.init(name: "init", parameters: parameters, returnType: nil))
    functions.append("init")
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { functions.removeLast() }

  /// A method's parameters: their types mentioned, their names bound in `function`; returns
  /// each one's label and type.
  private func record(_ clause: FunctionParameterClauseSyntax, in function: String)
    -> [(label: String, type: String)]
  {
    clause.parameters.map { parameter in
      mention(parameter.type, at: parameter.type)
      let name = (parameter.secondName ?? parameter.firstName).text
      current.bindings[function + "|" + name] = TypeText.qualifiedBaseName(parameter.type)
      return (label: parameter.firstName.text, type: parameter.type.baseName)
    }
  }

  /// Records the type names in `type` (and its generic arguments) as mentioned.
  private func mention(_ type: TypeSyntax, at node: some SyntaxProtocol) {
    let place = point(node)
    for name in TypeText.names(in: type) where current.mentions[name] == nil {
      current.mentions[name] = place
    }
  }

  /// A name read: kept for types, outside their initializers (what an initializer assigns is
  /// stored, not used).
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    if let index = open.last, index >= 0, !functions.contains("init") {
      facts.declarations[index].readNames.insert(node.baseName.text)
    }
    return .skipChildren
  }

  // MARK: Calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    if let gate = node.arguments.first(where: { $0.label?.text == "gatedBy" }) {
      flags.append(gate.expression.trimmedDescription)
      gatedCalls.append(node.id)
    }
    let callee = node.calledExpression
    if let type = Self.calleeType(callee) ?? Self.annotatedType(ofImplicitInit: node) {
      current.creations.append(
        .init(
          type: type, scope: Self.scopeArgument(node), function: functions.last,
          flag: flags.last, place: point(node), isUnused: Self.isUnused(node),
          isBuiltAtOnce: Self.isBuiltAtOnce(node), isInStaticScope: Self.isInStaticScope(node)))
    } else if let access = callee.as(MemberAccessExprSyntax.self),
      access.declName.baseName.text.hasPrefix("build")
    {
      if let receiver = Self.receiverName(access.base) {
        current.buildCalls.append(
          .init(
            receiver: receiver, flag: flags.last, function: functions.last, place: point(node),
            isInStaticScope: Self.isInStaticScope(node)))
      } else if let receiver = Self.memberReceiverName(access.base) {
        current.buildCalls.append(
          .init(
            receiver: receiver, flag: flags.last, function: functions.last, place: point(node),
            isThroughMember: true, isInStaticScope: Self.isInStaticScope(node)))
      }
    }
    return .visitChildren
  }

  /// Whether `node` is in a static (or `class`) method or property of its type, or in a
  /// function or closure inside one — not in a closure a static property holds
  /// (`static let makeReply = { … }`), which an instance may call.
  private static func isInStaticScope(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    var inClosure = false
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if parent.is(ClosureExprSyntax.self) { inClosure = true }
      let isFunction = parent.is(FunctionDeclSyntax.self)
      let modifiers =
        parent.as(FunctionDeclSyntax.self)?.modifiers
        ?? parent.as(VariableDeclSyntax.self)?.modifiers ?? []
      let isStatic = modifiers.contains {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      }
      if isStatic { return isFunction || !inClosure }
      current = parent.parent
    }
    return false
  }

  /// Whether the value `call` makes is the receiver of a build call (`Foo(…).build(…)`).
  private static func isBuiltAtOnce(_ call: FunctionCallExprSyntax) -> Bool {
    guard let access = call.parent?.as(MemberAccessExprSyntax.self) else { return false }
    return access.declName.baseName.text.hasPrefix("build")
      && access.parent?.is(FunctionCallExprSyntax.self) == true
  }

  /// Whether the value `call` makes is bound to a named local no later statement of its block
  /// names: made and dropped. (`_ = Foo(…)` is kept as a use: it says the author means it.)
  private static func isUnused(_ call: FunctionCallExprSyntax) -> Bool {
    guard let clause = call.parent?.as(InitializerClauseSyntax.self),
      let binding = clause.parent?.as(PatternBindingSyntax.self),
      let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
      let item = declaration.parent?.as(CodeBlockItemSyntax.self),
      let list = item.parent?.as(CodeBlockItemListSyntax.self)
    else { return false }
    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
      return false
    }
    return !SyntaxQueries.usesLater(name, after: item, in: list)
  }

  /// The outermost `.onStep { … }` of a chain: the whole chain, read back to its start.
  private func recordWorkflow(_ node: FunctionCallExprSyntax) {
    guard let access = node.calledExpression.as(MemberAccessExprSyntax.self),
      ["onStep", "commit", "fork"].contains(access.declName.baseName.text)
    else { return }
    // Only the last step of a chain (`….commit().subscribe(…)` ends it too).
    if let parent = node.parent?.as(MemberAccessExprSyntax.self),
      ["onStep", "commit", "fork"].contains(parent.declName.baseName.text),
      parent.parent?.is(FunctionCallExprSyntax.self) == true
    {
      return
    }
    var steps: [String?] = []
    var base: ExprSyntax? = ExprSyntax(node)
    var root: String?
    var name: String?
    var onSelf = false
    var sawStep = false
    while let current = base {
      guard let call = current.as(FunctionCallExprSyntax.self) else {
        onSelf = current.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        break
      }
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
        if member.declName.baseName.text == "onStep" {
          sawStep = true
          steps.insert(Self.stepMethod(call), at: 0)
        }
        base = member.base
      } else if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
        specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Workflow"
      {
        if let first = specialized.genericArgumentClause.arguments.first,
          case .type(let type) = first.argument
        {
          root = type.baseName
        }
        name = Self.stringLiteral(call.arguments.first?.expression)
        break
      } else {
        break
      }
    }
    guard sawStep, root != nil || onSelf else { return }
    let owner = onSelf ? current.name : nil
    facts.workflows.append(
      WorkflowChain(
        name: name ?? owner ?? "workflow", root: root, steps: steps, owner: owner,
        place: point(node)))
  }

  /// `{ root in root.waitForLogin() }`, `{ (item: RootItem) -> … in item.launch(…) }`: the
  /// method the step calls on its item.
  private static func stepMethod(_ call: FunctionCallExprSyntax) -> String? {
    guard
      let closure = call.trailingClosure
        ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    else { return nil }
    var item: String?
    if let parameters = closure.signature?.parameterClause {
      switch parameters {
      case .simpleInput(let names): item = names.first?.name.text
      case .parameterClause(let clause): item = clause.parameters.first?.firstName.text
      }
    }
    let itemName = item ?? "$0"
    for token in closure.statements.tokens(viewMode: .sourceAccurate) where token.text == itemName {
      if let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
        access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == itemName
      {
        return access.declName.baseName.text
      }
    }
    return nil
  }

  override func visitPost(_ node: FunctionCallExprSyntax) {
    recordWorkflow(node)
    if gatedCalls.last == node.id {
      gatedCalls.removeLast()
      flags.removeLast()
    }
  }

  /// Nothing in attributes or `where` clauses matters to the graph.
  override func visit(_ node: AttributeListSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: GenericWhereClauseSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }

  /// Nothing in a string literal matters to the graph.
  override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
    .skipChildren
  }

  /// `Foo(…)`, `Foo.init(…)`, `Module.Foo(…)`: the created type's name.
  private static func calleeType(_ callee: ExprSyntax) -> String? {
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      return name.first?.isUppercase == true ? name : nil
    }
    if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      return calleeType(specialized.expression).map {
        $0 + TypeText.normalized(specialized.genericArgumentClause.trimmedDescription)
      }
    }
    if let access = callee.as(MemberAccessExprSyntax.self), let base = access.base {
      let member = access.declName.baseName.text
      if member == "init" { return calleeType(base) }
      if member.first?.isUppercase == true,
        let module = base.as(DeclReferenceExprSyntax.self)?.baseName.text
      {
        return module + "." + member  // Module.Type(…): the lookup picks the module's
      }
    }
    return nil
  }

  /// `let x: LoggedOutBuilder = .init(…)`: the annotation's type.
  private static func annotatedType(ofImplicitInit call: FunctionCallExprSyntax) -> String? {
    guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil,
      access.declName.baseName.tokenKind == .keyword(.`init`),
      let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
        PatternBindingSyntax.self),
      let type = binding.typeAnnotation?.type
    else { return nil }
    let name = type.baseName
    return name.isEmpty ? nil : name
  }

  /// `builder.build()`, `self.builder.build()`, `builder?.build()`: the property's name.
  private static func receiverName(_ base: ExprSyntax?) -> String? {
    guard var base else { return nil }
    if let optional = base.as(OptionalChainingExprSyntax.self) { base = optional.expression }
    if let forced = base.as(ForceUnwrapExprSyntax.self) { base = forced.expression }
    if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let access = base.as(MemberAccessExprSyntax.self),
      access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return access.declName.baseName.text
    }
    return nil
  }

  /// `profileBuilder` for `dependency.profileBuilder` (`dependency` a name other than `self`):
  /// a builder reached through an object the type holds.
  private static func memberReceiverName(_ base: ExprSyntax?) -> String? {
    guard let access = base?.as(MemberAccessExprSyntax.self),
      let holder = access.base?.as(DeclReferenceExprSyntax.self),
      holder.baseName.tokenKind != .keyword(.self)
    else { return nil }
    return access.declName.baseName.text
  }

  /// The scope handed to a builder or component: the `dependency:`/`parent:`/`component:`
  /// argument, or an unlabelled first one.
  private static func scopeArgument(_ call: FunctionCallExprSyntax) -> String? {
    let labels: Set<String> = ["dependency", "parent", "component"]
    var argument = call.arguments.first { labels.contains($0.label?.text ?? "") }?.expression
    if argument == nil, let first = call.arguments.first, first.label == nil {
      argument = first.expression
    }
    return argument.flatMap(scopeText)
  }

  /// A scope as the graph reads it: `component`, `self`, `self.component`, or
  /// `XComponent(…)` (a component made in place); anything else is not a scope.
  private static func scopeText(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base,
      base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return "self." + access.declName.baseName.text
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let type = calleeType(call.calledExpression)
    {
      return type + "()"
    }
    return nil
  }

  /// The type `Foo(…)`/`Foo.init(…)` creates, for `let x = Foo(…)`.
  private static func createdType(_ value: ExprSyntax) -> String? {
    var value = value
    if let forced = value.as(ForceUnwrapExprSyntax.self) { value = forced.expression }
    if let trying = value.as(TryExprSyntax.self) { value = trying.expression }
    guard let call = value.as(FunctionCallExprSyntax.self) else { return nil }
    return calleeType(call.calledExpression)
  }

  private static func stringLiteral(_ expression: ExprSyntax?) -> String? {
    guard let literal = expression?.as(StringLiteralExprSyntax.self),
      literal.segments.count == 1,
      let segment = literal.segments.first?.as(StringSegmentSyntax.self)
    else { return nil }
    return segment.content.text
  }

  private static func reference(_ type: TypeSyntax) -> TypeReference {
    var arguments: [String] = []
    var base = type
    if let some = base.as(SomeOrAnyTypeSyntax.self) { base = some.constraint }
    let clause =
      base.as(IdentifierTypeSyntax.self)?.genericArgumentClause
      ?? base.as(MemberTypeSyntax.self)?.genericArgumentClause  // `NeedleFoundation.Component<D>`
    if let clause {
      for argument in clause.arguments {
        if case .type(let argumentType) = argument.argument {
          arguments.append(argumentType.baseName)
        }
      }
    }
    return TypeReference(name: type.baseName, arguments: arguments)
  }
}
