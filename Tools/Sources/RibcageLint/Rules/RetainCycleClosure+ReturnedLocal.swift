import SwiftSyntax

/// A closure stored on a local that its method returns, where what the method returns ends up
/// in a property of the type's own (`page.actionHandler = { self.… }; return page`, and `lazy
/// var manager = Manager(rootItem: makePage())`): the type keeps the manager, the manager the
/// page, the page the closure, the closure the type. A local that is only used, or returned to
/// a caller that keeps nothing, holds nothing.
extension RetainCycleClosure {
  /// A value a property of the type is given (its initializer, or an assignment in a method).
  struct KeptValue {
    var property: String
    var value: ExprSyntax
    /// An assignment's bare target (`manager = …`), which a local of that name may shadow.
    var bareTarget: ExprSyntax?
  }

  /// A call in a value a property of the type is given (its initializer, or an assignment in a
  /// method), by the name it calls.
  struct KeptCall {
    var property: String
    var value: ExprSyntax
    var call: FunctionCallExprSyntax
    /// An assignment's bare target (`manager = …`), which a local of that name may shadow.
    var bareTarget: ExprSyntax?
  }

  /// The property of the type around `closure` that keeps what the enclosing method returns,
  /// when that method returns `local`.
  func propertyKeeping(returned local: String, around closure: some SyntaxProtocol) -> String? {
    // The type's own method (a local function of the same name is no member).
    guard let function = closure.ancestor(FunctionDeclSyntax.self),
      function.parent?.is(MemberBlockItemSyntax.self) == true,
      Self.returns(local, from: function),
      let members = function.ancestor(MemberBlockSyntax.self)
    else { return nil }
    return keptCalls(in: members)[function.name.text]?.first {
      calls(function, $0.call)
        && KeptPath(value: $0.value, statements: statementUses).keeps(Syntax($0.call))
        && !($0.bareTarget.map { isShadowed($0.trimmedDescription, at: $0) } ?? false)
    }?.property
  }

  /// The property of the type that keeps what `start` makes, through the locals of the lazy
  /// property's closure it is in (`lazy var list: UICollectionView = { let layout = Layout {
  /// self.… }; return UICollectionView(frame: .zero, collectionViewLayout: layout) }()`) or of
  /// the method it is in (`let layout = …; list = UICollectionView(…, collectionViewLayout:
  /// layout)`).
  func propertyKeeping(made start: some SyntaxProtocol) -> String? {
    guard let members = start.ancestor(MemberBlockSyntax.self) else { return nil }
    let function =
      Syntax(start).ancestor(FunctionDeclSyntax.self).map(Syntax.init)
      ?? Syntax(start).ancestor(InitializerDeclSyntax.self).map(Syntax.init)
    if function == nil {
      // The property's binding, not a local's in its closure.
      var binding = start.ancestor(PatternBindingSyntax.self)
      while let local = binding,
        local.parent?.parent?.parent?.is(MemberBlockItemSyntax.self) != true
      {
        binding = local.ancestor(PatternBindingSyntax.self)
      }
      guard let binding else { return nil }
      return keptValues(in: members).first {
        $0.bareTarget == nil && binding.initializer?.value.id == $0.value.id
          && KeptPath(value: $0.value, statements: statementUses).keeps(Syntax(start))
      }?.property
    }
    // The method's own values, not those whose bare target a local shadows; one path for all.
    guard let around = function else { return nil }
    let candidates =
      keptValuesByFunction[around.id]
      ?? {
        let found = keptValues(in: members).filter { kept in
          around.position <= kept.value.position && kept.value.endPosition <= around.endPosition
            && !(kept.bareTarget.map { isShadowed($0.trimmedDescription, at: $0) } ?? false)
        }
        keptValuesByFunction[around.id] = found
        return found
      }()
    guard !candidates.isEmpty else { return nil }
    let path = KeptPath(values: candidates.map(\.value), statements: statementUses)
    guard path.keeps(Syntax(start)) else { return nil }
    return candidates.first { $0.value.id == path.reached }?.property
  }

  /// What the type's properties are given (``keptCalls(in:)``), in order.
  private func keptValues(in members: MemberBlockSyntax) -> [KeptValue] {
    _ = keptCalls(in: members)
    return keptValuesByType[members.id] ?? []
  }

  /// What the type's properties are given — its own, not a nested type's; not `weak` ones,
  /// which keep nothing — read once per type.
  private func keptCalls(in members: MemberBlockSyntax) -> [String: [KeptCall]] {
    if let known = keptCallsByType[members.id] { return known }
    var kept: [(property: String, value: ExprSyntax, bareTarget: ExprSyntax?)] = []
    var stored: Set<String> = []
    for member in members.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self),
        !variable.modifiers.contains(where: {
          [.keyword(.static), .keyword(.class), .keyword(.weak), .keyword(.unowned)].contains(
            $0.name.tokenKind)
        })
      else { continue }
      for binding in variable.bindings {
        guard let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { continue }
        if let value = binding.initializer?.value {
          kept.append((property, value, nil))
        }
        stored.insert(property)
      }
    }
    // `manager = Manager(rootItem: makePage())` in one of its methods; written into what a
    // property holds (`tabs.viewControllers = [makeHome()]`, `cache[id] = makeCard()`) or
    // added to it (`cards += [makeCard()]`).
    for assignment in Self.ownNodes(SequenceExprSyntax.self, in: members) {
      let elements = Array(assignment.elements)
      guard elements.count >= 3,
        elements[1].is(AssignmentExprSyntax.self)
          || elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=",
        let root = Self.storedRoot(of: elements[0], among: stored)
      else { continue }
      kept.append((root.property, ExprSyntax(assignment), root.bareName))
    }
    // Handed to a method of what a property holds: `pages.append(makePage())`,
    // `stack.addArrangedSubview(makeRow())`.
    for call in Self.ownNodes(FunctionCallExprSyntax.self, in: members) {
      guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        let base = member.base, !call.arguments.isEmpty,
        Self.keepingMethodPrefixes.contains(where: member.declName.baseName.text.hasPrefix),
        !Self.releasingMethods.contains(member.declName.baseName.text),
        let root = Self.storedRoot(of: base, among: stored)
      else { continue }
      kept.append((root.property, ExprSyntax(call), root.bareName))
    }
    keptValuesByType[members.id] = kept.map {
      KeptValue(property: $0.property, value: $0.value, bareTarget: $0.bareTarget)
    }
    var calls: [String: [KeptCall]] = [:]
    for (property, value, bareTarget) in kept {
      for call in SyntaxQueries.nodes(FunctionCallExprSyntax.self, in: value) {
        let callee = call.calledExpression
        guard
          let name = callee.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? callee.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        else { continue }
        calls[name, default: []].append(
          KeptCall(property: property, value: value, call: call, bareTarget: bareTarget))
      }
    }
    keptCallsByType[members.id] = calls
    return calls
  }

  /// How the names of methods that keep what they are handed start (`append`, `insert(_:at:)`,
  /// `addSubview`, `setViewControllers`, `register`): not those that only look at it
  /// (`contains`, `firstIndex(of:)`).
  static let keepingMethodPrefixes = [
    "add", "append", "insert", "set", "push", "register", "embed", "attach", "update", "merge",
    "prepend", "store",
  ]

  /// Methods named like keeping ones whose object lets go of what it is given once it has
  /// run it: an operation queue's.
  static let releasingMethods: Set<String> = [
    "addOperation", "addOperations", "addBarrierBlock",
  ]

  /// The stored property (of `stored`) that `expression` is or is reached through: `tabs`
  /// for `tabs`, `self.tabs`, `tabs.viewControllers`, `cache[id]`; with the bare name that a
  /// local may shadow.
  private static func storedRoot(
    of expression: ExprSyntax, among stored: Set<String>
  ) -> (property: String, bareName: ExprSyntax?)? {
    var node = expression
    while true {
      if let reference = node.as(DeclReferenceExprSyntax.self) {
        let name = reference.baseName.text
        return stored.contains(name) ? (name, node) : nil
      }
      if let member = node.as(MemberAccessExprSyntax.self) {
        if SyntaxQueries.isSelf(member.base) {
          let name = member.declName.baseName.text
          return stored.contains(name) ? (name, nil) : nil
        }
        guard let base = member.base else { return nil }
        node = base
      } else if let subscriptCall = node.as(SubscriptCallExprSyntax.self) {
        node = subscriptCall.calledExpression
      } else if let optional = node.as(OptionalChainingExprSyntax.self) {
        node = optional.expression
      } else {
        return nil
      }
    }
  }

  /// Every node of type `Node` in `members`, outside the nested types declared there.
  private static func ownNodes<Node: SyntaxProtocol>(_: Node.Type, in members: MemberBlockSyntax)
    -> [Node]
  {
    var found: [Node] = []
    var stack = [Syntax(members)]
    while let node = stack.popLast() {
      if let match = node.as(Node.self) { found.append(match) }
      for child in node.children(viewMode: .sourceAccurate) where !child.isTypeDeclaration {
        stack.append(child)
      }
    }
    return found
  }

  /// Whether `function` returns `local` (`return page`, or a body of `page` alone).
  private static func returns(_ local: String, from function: FunctionDeclSyntax) -> Bool {
    guard let body = function.body else { return false }
    return body.statements.contains { item in
      let value =
        item.item.as(ReturnStmtSyntax.self)?.expression
        ?? (body.statements.count == 1 ? item.item.as(ExprSyntax.self) : nil)
      return value?.as(DeclReferenceExprSyntax.self)?.baseName.text == local
    }
  }

  /// Whether `call` calls the type's method `function` (`makePage()`, `self.makePage()`) with
  /// arguments its parameters take (an overload of the same name is another method), and no
  /// parameter or local function of that name is nearer.
  private func calls(_ function: FunctionDeclSyntax, _ call: FunctionCallExprSyntax) -> Bool {
    let callee = call.calledExpression
    let name: String
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
      guard name == function.name.text, !isShadowed(name, at: call) else { return false }
    } else if let member = callee.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      name = member.declName.baseName.text
      guard name == function.name.text else { return false }
    } else {
      return false
    }
    var labels = call.arguments.map { Optional($0.label?.text) }
    if call.trailingClosure != nil { labels.append(.none) }
    labels += call.additionalTrailingClosures.map { Optional($0.label.text) }
    return Self.accepts(function.signature.parameterClause.parameters, labels[...])
  }

  /// Whether `name` is a parameter, local or local function of the method (or a parameter of
  /// a closure) around `node` — anywhere in the method: read once per method.
  func isShadowed(_ name: String, at node: some SyntaxProtocol) -> Bool {
    // Bound anywhere in an initializer, accessor, subscript or `deinit` too.
    if Syntax(node).ancestor(FunctionDeclSyntax.self) == nil,
      boundNames(around: node).contains(name)
    {
      return true
    }
    var current = node.parent
    var lists: [CodeBlockItemListSyntax] = []
    while let parent = current, !parent.is(MemberBlockSyntax.self) {
      if let closure = parent.as(ClosureExprSyntax.self),
        closure.signature?.parameterClause?.trimmedDescription.contains(name) == true
      {
        return true
      }
      if let function = parent.as(FunctionDeclSyntax.self) {
        return localNames(of: function).contains(name)
      }
      if let list = parent.as(CodeBlockItemListSyntax.self) { lists.append(list) }
      current = parent.parent
    }
    // In a property's closure: its local functions.
    return lists.contains { list in
      list.contains { $0.item.as(FunctionDeclSyntax.self)?.name.text == name }
    }
  }

  /// The names `function` declares: parameters, locals, local functions.
  private func localNames(of function: FunctionDeclSyntax) -> Set<String> {
    if let known = localNamesByFunction[function.id] { return known }
    var names = Set(
      function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
    if let body = function.body {
      for pattern in SyntaxQueries.nodes(IdentifierPatternSyntax.self, in: body) {
        names.insert(pattern.identifier.text)
      }
      for local in SyntaxQueries.nodes(FunctionDeclSyntax.self, in: body) {
        names.insert(local.name.text)
      }
    }
    localNamesByFunction[function.id] = names
    return names
  }

  /// Whether parameters `parameters` take arguments labelled `arguments` (`.none` for a
  /// trailing closure, which takes the next parameter whatever its label): each argument's
  /// label is the next parameter's, skipping parameters with defaults; a variadic parameter
  /// takes the unlabelled arguments after its first.
  private static func accepts(
    _ parameters: FunctionParameterListSyntax, _ arguments: ArraySlice<String??>
  ) -> Bool {
    var remaining = arguments
    for parameter in parameters {
      let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
      if let next = remaining.first, next == .none || next == .some(label) {
        remaining = remaining.dropFirst()
        if parameter.ellipsis != nil {
          while let next = remaining.first, next == .some(nil) { remaining = remaining.dropFirst() }
        }
      } else if parameter.defaultValue == nil && parameter.ellipsis == nil {
        return false
      }
    }
    return remaining.isEmpty
  }
}

extension SyntaxProtocol {
  /// The nearest enclosing node of type `kind`.
  func ancestor<Kind: SyntaxProtocol>(_ kind: Kind.Type) -> Kind? {
    var current = parent
    while let node = current {
      if let found = node.as(kind) { return found }
      current = node.parent
    }
    return nil
  }
}

extension Syntax {
  /// A type declared inside another's members.
  fileprivate var isTypeDeclaration: Bool {
    `is`(ClassDeclSyntax.self) || `is`(StructDeclSyntax.self) || `is`(EnumDeclSyntax.self)
      || `is`(ActorDeclSyntax.self) || `is`(ExtensionDeclSyntax.self)
      || `is`(ProtocolDeclSyntax.self)
  }
}
