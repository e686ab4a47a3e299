import SwiftSyntax

/// One pass over a file's syntax tree that applies every per-file rule and collects the facts
/// the cross-file rules need. One pass, because parsing is the cost to beat: the rules must add
/// little on top of it.
final class RIBVisitor: SyntaxVisitor {
  private let naming: Naming
  private let enabled: Set<String>
  private let bytes: [UInt8]
  private let isMainFile: Bool
  private lazy var lines = LineTable(bytes: bytes)

  private(set) var findings: [RawFinding] = []
  private(set) var facts = FileFacts()

  private struct Frame {
    var info: TypeInfo
    /// Stored properties holding a stream's write side.
    var writeSides: Set<String> = []
    /// Stored property names (to tell a property assignment from a local one).
    var storedProperties: Set<String> = []
    /// Writes to a property's stream (resolved when the type ends: properties may come later).
    var pendingWrites: [(name: String, node: Syntax)] = []
    /// Closures assigned to a bare name (resolved when the type ends).
    var pendingClosureAssignments: [(name: String, closure: ClosureExprSyntax)] = []
  }

  private var frames: [Frame] = []
  /// Whether the file imports a RIB framework or declares a RIB type: global state counts here.
  private var isRIBCode = false
  /// Whether the file imports a RIB framework (Ribcage, RIBs, ModernRIBs).
  private var importsRIBs = false

  static let writeSideTypes: Set<String> = [
    "MutableStateStream", "EventRelay", "BehaviorRelay", "PublishRelay", "PublishSubject",
    "BehaviorSubject", "ReplaySubject", "CurrentValueSubject", "PassthroughSubject", "Variable",
  ]
  static let writeMethods: Set<String> = ["send", "update", "accept", "onNext", "finish"]
  static let subscriptionMethods: Set<String> = [
    "sink", "subscribe", "observe", "assign", "bind", "drive", "subscribeNext",
  ]
  static let bindingMethods: Set<String> = [
    "disposeOnDeactivate", "cancelOnDeactivate", "disposed", "store", "cancelOnStop",
    "bindTo", "bind",
  ]
  static let lifecycleHooks: Set<String> = [
    "didBecomeActive", "willResignActive", "didLoad", "didStart", "didStop",
  ]
  static let networkingNames: Set<String> = [
    "URLSession", "URLRequest", "HTTPClient", "Alamofire", "AF", "Session", "URLSessionTask",
  ]
  static let singletonNames: Set<String> = ["shared", "sharedInstance", "instance"]

  init(bytes: [UInt8], naming: Naming, enabled: Set<String>, isMainFile: Bool) {
    self.bytes = bytes
    self.naming = naming
    self.enabled = enabled
    self.isMainFile = isMainFile
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Reporting

  private func place(_ node: some SyntaxProtocol) -> Place {
    lines.place(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  private func report(_ rule: Rule, _ node: some SyntaxProtocol, _ message: String) {
    guard enabled.contains(rule.id) else { return }
    findings.append(RawFinding(rule: rule, place: place(node), message: message))
  }

  private var frame: Frame? { frames.last }

  // MARK: Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text,
      module == "Ribcage" || module == "RIBs" || module == "ModernRIBs"
    {
      isRIBCode = true
      importsRIBs = true
    }
    return .skipChildren
  }

  // MARK: Types

  private func push(
    _ name: String, _ shape: TypeInfo.Shape, _ inheritance: InheritanceClauseSyntax?
  ) {
    let inherited = inheritance?.inheritedTypes.map { $0.type.baseName } ?? []
    let info = TypeInfo(name: name, shape: shape, inherited: inherited, naming: naming)
    if let prefix = info.ribPrefix, shape != .extensionType, shape != .protocolType {
      facts.ribs.insert(prefix)
    }
    if !info.roles.isEmpty { isRIBCode = true }
    frames.append(Frame(info: info))
  }

  private func pop() {
    guard let finished = frames.popLast() else { return }
    if !finished.info.roles.contains(.service), importsRIBs || !finished.info.roles.isEmpty {
      for write in finished.pendingWrites where finished.writeSides.contains(write.name) {
        report(
          .streamWrittenOutsideService, write.node,
          "\(finished.info.name) writes the stream '\(write.name)', but only services write state: "
            + "move the writable stream into a service and call it")
      }
    }
    for assignment in finished.pendingClosureAssignments
    where finished.storedProperties.contains(assignment.name) {
      checkStoredClosure(assignment.closure, storedOn: nil, in: finished.info)
    }
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .classType, node.inheritanceClause)
    if let info = frame?.info, info.roles.contains(.viewModel) {
      report(
        .mutableViewModel, node.name,
        "view model \(info.name) is a class: make it an immutable struct (let properties, Equatable)"
      )
    }
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { pop() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .structType, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { pop() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .enumType, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { pop() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .actorType, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { pop() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.name.text, .protocolType, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { pop() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    push(node.extendedType.baseName, .extensionType, node.inheritanceClause)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { pop() }

  // MARK: Bodies

  /// Outside RIB code, function bodies hold nothing any rule looks at (the rules that read
  /// bodies apply to RIB roles only, and `missing-super-call` reads its function itself): skip
  /// them, since walking the tree is the rules' main cost over the parse.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    if !importsRIBs, frame?.info.roles.isEmpty ?? true { return .skipChildren }
    return .visitChildren
  }

  // MARK: Properties

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
    let isTopLevel =
      !isMember && node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
    guard isMember || isTopLevel else { return .visitChildren }
    var isStatic = false
    var isWeak = false
    var isLazy = false
    for modifier in node.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class): isStatic = true
      case .keyword(.weak), .keyword(.unowned): isWeak = true
      case .keyword(.lazy): isLazy = true
      default: break
      }
    }
    let isVar = node.bindingSpecifier.tokenKind == .keyword(.var)
    for binding in node.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      let name = pattern.identifier.text
      let stored = binding.isStored
      if isTopLevel {
        if isVar, stored, isRIBCode, !isMainFile {
          report(
            .globalState, pattern,
            "global variable '\(name)' is state every RIB can reach: move it into a service "
              + "owned by a component and inject it")
        }
        continue
      }
      guard let info = frame?.info else { continue }
      let typeName = binding.typeAnnotation?.type.baseName ?? ""
      if stored, !isStatic {
        let top = frames.count - 1
        frames[top].storedProperties.insert(name)
        if Self.writeSideTypes.contains(typeName)
          || Self.writeSideTypes.contains(binding.initializerCallee)
        {
          frames[top].writeSides.insert(name)
        }
      }
      if info.shape == .protocolType { continue }
      if isStatic, stored, isRIBCode || !info.roles.isEmpty {
        if isVar {
          report(
            .globalState, pattern,
            "static var '\(name)' in \(info.name) is global state: keep state in a service "
              + "owned by a component and inject it")
        } else if Self.singletonNames.contains(name) {
          report(
            .globalState, pattern,
            "'static let \(name)' makes \(info.name) a singleton every RIB can reach: create it in "
              + "a component (`shared { }`) and inject it")
        }
      }
      if stored, !isStatic, !isWeak, info.canHoldWeak, importsRIBs || !info.roles.isEmpty,
        isListener(
          name: name, type: binding.typeAnnotation?.type, initializer: binding.initializerCallee)
      {
        report(
          .strongListener, pattern,
          "'\(name)' is stored strongly: a listener or delegate held strongly is a retain cycle "
            + "with its owner; declare it `weak var \(name): (any \(typeName.isEmpty ? "Listener" : typeName))?`"
        )
      }
      if stored, !isStatic, isVar, info.shape == .structType, info.roles.contains(.viewModel) {
        report(
          .mutableViewModel, pattern,
          "view model \(info.name) has a var '\(name)': view models are immutable; make it `let`")
      }
      if isLazy, let closure = binding.initializer?.value.as(ClosureExprSyntax.self) {
        checkStoredClosure(closure, storedOn: nil, in: info)
      }
    }
    return .visitChildren
  }

  private func isListener(name: String, type: TypeSyntax?, initializer: String) -> Bool {
    if type == nil, !initializer.isEmpty {
      return naming.listener.contains { initializer.hasSuffix($0) }
    }
    if let type {
      if type.is(FunctionTypeSyntax.self) { return false }
      let base = type.baseName
      if base.isEmpty { return false }
      return naming.listener.contains { base.hasSuffix($0) }
    }
    let lowered = name.lowercased()
    return lowered == "listener" || lowered == "delegate" || lowered == "output"
      || name.hasSuffix("Listener") || name.hasSuffix("Delegate")
  }

  // MARK: Lifecycle overrides

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text
    if Self.lifecycleHooks.contains(name), let body = node.body,
      node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
    {
      var callsSuper = false
      for token in body.statements.tokens(viewMode: .sourceAccurate)
      where token.tokenKind == .keyword(.super) {
        if let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
          member.declName.baseName.text == name
        {
          callsSuper = true
          break
        }
      }
      if !callsSuper {
        report(
          .missingSuperCall, node.name,
          "override of \(name) does not call super.\(name): the base class's work is skipped; "
            + "call super.\(name)(\(name == "didStart" ? "interactorScope" : "")) first")
      }
    }
    return .visitChildren
  }

  // MARK: Calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let info = frame?.info else { return .visitChildren }
    let called = node.calledExpression
    var name = ""
    var base: ExprSyntax?
    if let member = called.as(MemberAccessExprSyntax.self) {
      name = member.declName.baseName.text
      base = member.base
    } else if let reference = called.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let specialized = called.as(GenericSpecializationExprSyntax.self),
      let reference = specialized.expression.as(DeclReferenceExprSyntax.self)
    {
      name = reference.baseName.text
    }

    if info.roles.contains(.router) {
      if name == "attachChild" { facts.attaches[info.name, default: []].append(place(node)) }
      if name == "detachChild" { facts.detaching.insert(info.name) }
    }
    if Self.writeMethods.contains(name), let receiver = base.flatMap(Self.propertyName) {
      frames[frames.count - 1].pendingWrites.append((receiver, Syntax(node)))
    }
    if info.roles.contains(.interactor) || info.roles.contains(.worker) {
      checkBinding(of: node, name: name, base: base, in: info)
    }
    return .visitChildren
  }

  /// `x` for `x` and `self.x`.
  private static func propertyName(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return member.declName.baseName.text
    }
    return nil
  }

  private func checkBinding(
    of call: FunctionCallExprSyntax, name: String, base: ExprSyntax?, in info: TypeInfo
  ) {
    let isTask: Bool
    if name == "Task", base == nil {
      isTask = true
    } else if name == "detached", base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" {
      isTask = true
    } else {
      isTask = false
    }
    guard isTask || Self.subscriptionMethods.contains(name) else { return }
    if !isTask {
      // The interactor's own observe/bind are bound to its lifecycle already.
      guard let base else { return }
      if let reference = base.as(DeclReferenceExprSyntax.self),
        reference.baseName.tokenKind == .keyword(.self)
          || reference.baseName.tokenKind == .keyword(.super)
      {
        return
      }
    }
    if isBound(Syntax(call)) { return }
    let what = isTask ? "Task" : "subscription (\(name))"
    let fix =
      info.roles.contains(.worker)
      ? "bind it with .cancelOnStop(worker: self) or store it for cancellation"
      : (isTask
        ? "use task { } (cancelled on deactivation) or bind it with .cancelOnDeactivate(interactor: self)"
        : "bind it with .cancelOnDeactivate(interactor: self) / .disposeOnDeactivate(interactor: self), or use observe(stream) { }")
    report(
      .unboundSubscription, call,
      "\(what) in \(info.name) is not bound to its lifecycle: it outlives deactivation; \(fix)")
  }

  /// Whether the value of `expression` is bound to a lifecycle, stored, returned or handed on.
  private func isBound(_ expression: Syntax) -> Bool {
    var node = expression
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self) {
        // `.cancelOnDeactivate(...)` and friends on the result.
        if Self.bindingMethods.contains(member.declName.baseName.text) { return true }
        return false
      }
      if parent.is(ReturnStmtSyntax.self) || parent.is(LabeledExprSyntax.self)
        || parent.is(ArrayElementSyntax.self)
      {
        return true
      }
      if let item = parent.as(CodeBlockItemSyntax.self) {
        // The only expression of a function with a result, a getter or a closure: returned.
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else {
          return false
        }
        if let function = list.parent?.parent?.as(FunctionDeclSyntax.self) {
          return function.signature.returnClause != nil
        }
        return list.parent?.is(AccessorBlockSyntax.self) == true
          || list.parent?.is(ClosureExprSyntax.self) == true
      }
      if parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
        node = parent
        continue
      }
      if let list = parent.as(ExprListSyntax.self),
        let sequence = list.parent?.as(SequenceExprSyntax.self)
      {
        // `lhs = subscription`: stored unless the target is `_`.
        let elements = Array(sequence.elements)
        if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == node.id
        {
          return !elements[0].is(DiscardAssignmentExprSyntax.self)
        }
        return true
      }
      if parent.is(InitializerClauseSyntax.self),
        let binding = parent.parent?.as(PatternBindingSyntax.self)
      {
        if binding.pattern.is(WildcardPatternSyntax.self) { return false }
        // A local constant: bound if a later statement binds, stores or returns it.
        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
          let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
          let item = declaration.parent?.as(CodeBlockItemSyntax.self),
          let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return true }
        return Self.usesLater(identifier, after: item, in: list)
      }
      return false
    }
    return false
  }

  private static func usesLater(
    _ name: String, after item: CodeBlockItemSyntax, in list: CodeBlockItemListSyntax
  ) -> Bool {
    var seen = false
    for statement in list {
      if statement.id == item.id {
        seen = true
        continue
      }
      guard seen else { continue }
      for token in statement.tokens(viewMode: .sourceAccurate) where token.text == name {
        return true  // stored, bound, returned or passed on: the author kept hold of it
      }
    }
    return false
  }

  // MARK: Assignments

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard !frames.isEmpty, node.elements.count == 3 else { return .visitChildren }
    let elements = Array(node.elements)
    // `stream.value = ...` writes the stream.
    if elements[1].is(AssignmentExprSyntax.self),
      let member = elements[0].as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "value", let base = member.base,
      let receiver = Self.propertyName(base)
    {
      frames[frames.count - 1].pendingWrites.append((receiver, Syntax(node)))
    }
    return .visitChildren
  }

  // MARK: Closures

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    guard let info = frame?.info, !info.roles.isDisjoint(with: Role.owners) else {
      return .visitChildren
    }
    // Handed to a subscription API?
    if let call = Self.enclosingCall(ofArgument: node) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        Self.subscriptionMethods.contains(member.declName.baseName.text),
        let base = member.base,
        base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self)
      {
        checkCapture(node, of: "self", in: info, context: "the subscription keeps the closure")
      }
      return .visitChildren
    }
    // Assigned?
    if let list = node.parent?.as(ExprListSyntax.self),
      let sequence = list.parent?.as(SequenceExprSyntax.self)
    {
      let elements = Array(sequence.elements)
      if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
        elements[2].id == Syntax(node).id
      {
        let target = elements[0]
        if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
          if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
            checkStoredClosure(node, storedOn: nil, in: info)
          } else if let owner = base.as(DeclReferenceExprSyntax.self)?.baseName.text {
            checkStoredClosure(node, storedOn: owner, in: info)
          }
        } else if let reference = target.as(DeclReferenceExprSyntax.self) {
          frames[frames.count - 1].pendingClosureAssignments.append((reference.baseName.text, node))
        }
      }
    }
    return .visitChildren
  }

  private static func enclosingCall(ofArgument closure: ClosureExprSyntax)
    -> FunctionCallExprSyntax?
  {
    if let call = closure.parent?.as(FunctionCallExprSyntax.self) { return call }  // trailing
    if let element = closure.parent?.as(MultipleTrailingClosureElementSyntax.self) {
      return element.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    if let argument = closure.parent?.as(LabeledExprSyntax.self) {
      return argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    return nil
  }

  /// A closure stored on `self` (owner nil) or on another object `owner`.
  private func checkStoredClosure(
    _ closure: ClosureExprSyntax, storedOn owner: String?, in info: TypeInfo
  ) {
    if let owner {
      if checkCapture(closure, of: owner, in: info, context: "it is stored on '\(owner)' itself") {
        return
      }
    }
    checkCapture(
      closure, of: "self", in: info,
      context: owner == nil
        ? "it is stored on self" : "it is stored on '\(owner!)', which \(info.name) keeps")
  }

  /// Reports if `closure` captures `name` strongly; returns whether it reported.
  @discardableResult
  private func checkCapture(
    _ closure: ClosureExprSyntax, of name: String, in info: TypeInfo, context: String
  ) -> Bool {
    var explicitlyStrong = false
    if let items = closure.signature?.capture?.items {
      for item in items where item.name.text == name {
        if item.specifier != nil { return false }  // weak or unowned
        explicitlyStrong = true
      }
    }
    var uses = explicitlyStrong
    if !uses {
      for token in closure.statements.tokens(viewMode: .sourceAccurate) {
        if name == "self"
          ? token.tokenKind == .keyword(.self) : token.tokenKind == .identifier(name)
        {
          uses = true
          break
        }
      }
    }
    guard uses else { return false }
    report(
      .retainCycleClosure, closure,
      "closure in \(info.name) captures \(name) strongly and \(context): a retain cycle; "
        + "capture [weak \(name)]")
    return true
  }

  // MARK: References

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    noteReference(node.name.text, node)
    return .visitChildren
  }

  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if let first = name.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
      noteReference(name, node)
    }
    return .visitChildren
  }

  private func noteReference(_ name: String, _ node: some SyntaxProtocol) {
    guard let info = frame?.info else { return }
    if info.roles.contains(.view) { checkViewReference(name, at: node, in: info) }
    guard let prefix = info.ribPrefix, !Self.isInInheritanceClause(node) else { return }
    for suffix in naming.builder + ["Buildable"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      let child = String(name.dropLast(suffix.count))
      if child != prefix { facts.builds[prefix, default: []].insert(child) }
      return
    }
    for suffix in naming.interactor + naming.router
    where name.hasSuffix(suffix) && name.count > suffix.count {
      let target = String(name.dropLast(suffix.count))
      if target != prefix {
        facts.references.append((prefix, info.name, name, target, place(node)))
      }
      return
    }
  }

  /// Whether `node` is part of a type's inheritance clause: a shared base class is not coupling.
  private static func isInInheritanceClause(_ node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(InheritanceClauseSyntax.self) { return true }
      if parent.is(MemberBlockSyntax.self) || parent.is(CodeBlockSyntax.self) { return false }
      current = parent.parent
    }
    return false
  }

  private var reportedViewReferences: Set<String> = []

  private func checkViewReference(_ name: String, at node: some SyntaxProtocol, in info: TypeInfo) {
    guard !name.isEmpty else { return }
    let what: String?
    if Self.writeSideTypes.contains(name) {
      what = "the writable stream type \(name)"
    } else if naming.service.contains(where: { name.hasSuffix($0) && name.count > $0.count }) {
      what = "the service \(name)"
    } else if naming.interactor.contains(where: { name.hasSuffix($0) }) {
      what = "the interactor \(name)"
    } else if Self.networkingNames.contains(name) {
      what = "networking (\(name))"
    } else {
      what = nil
    }
    guard let what, reportedViewReferences.insert("\(info.name).\(name)").inserted else { return }
    report(
      .viewHasLogic, node,
      "view \(info.name) refers to \(what): views only render view models and report user "
        + "actions to a listener; move this into the interactor or a service")
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
    guard let call = initializer?.value.as(FunctionCallExprSyntax.self) else { return "" }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    if let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
      return specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
    return ""
  }
}
