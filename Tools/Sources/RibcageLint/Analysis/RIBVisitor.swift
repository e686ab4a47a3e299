import SwiftSyntax

/// One pass over a file's syntax tree that applies every per-file rule and collects the facts
/// the cross-file rules need. One pass, because parsing is the cost to beat: the rules must add
/// little on top of it.
final class RIBVisitor: SyntaxVisitor {
  private let naming: Naming
  private let enabled: Set<String>
  private let bytes: [UInt8]
  private let isMainFile: Bool
  private let includesTests: Bool
  private lazy var lines = LineTable(bytes: bytes)

  private(set) var findings: [RawFinding] = []
  private(set) var facts = FileFacts()

  private struct Frame {
    var info: TypeInfo
    /// Stored properties holding the write side of a stream another object made and handed in
    /// (typed as a subject or relay, not created here, not private): writing them is writing
    /// shared state. A stream the type creates itself is its own (single writer, RIB-local).
    var sharedWriteSides: Set<String> = []
    /// Properties assigned a newly created value (`self.relay = BehaviorRelay(value: 0)`).
    var createdHere: Set<String> = []
    /// Stored property names (to tell a property assignment from a local one).
    var storedProperties: Set<String> = []
    /// Writes to a property's stream (resolved when the type ends: properties may come later).
    var pendingWrites: [(name: String, node: Syntax)] = []
    /// Closures assigned to a bare name (resolved when the type ends).
    var pendingClosureAssignments: [(name: String, closure: ClosureExprSyntax)] = []
    /// What the declaration inherits or conforms to, and its stored properties' types.
    var inherited: [String] = []
    var storedTypes: Set<String> = []
  }

  private var frames: [Frame] = []
  /// Roles of the types declared so far in the file, for their extensions.
  private var declaredRoles: [String: (roles: Set<Role>, codeRoles: Set<Role>)] = [:]
  /// Whether the file imports a RIB framework or declares a RIB type: global state counts here.
  private var isRIBCode = false
  /// Whether the file imports a RIB framework (Ribcage, RIBs, ModernRIBs).
  private var importsRIBs = false
  /// The RIB framework the file imports (for advice), if any.
  private var framework: Framework = .unknown
  /// Whether the file imports RxSwift (or RxCocoa/RxRelay) / Combine.
  private var importsRx = false
  private var importsCombine = false

  enum Framework { case ribcage, uberRIBs, modernRIBs, unknown }

  static let writeSideTypes: Set<String> = [
    "MutableStateStream", "EventRelay", "BehaviorRelay", "PublishRelay", "PublishSubject",
    "BehaviorSubject", "ReplaySubject", "CurrentValueSubject", "PassthroughSubject", "Variable",
  ]
  static let writeMethods: Set<String> = [
    "send", "update", "accept", "onNext", "finish", "onError", "onCompleted", "on",
  ]
  static let subscriptionMethods: Set<String> = [
    "sink", "subscribe", "observe", "assign", "bind", "drive", "subscribeNext",
  ]
  /// Lifecycle bindings that end a subscription when the interactor deactivates: a closure it
  /// keeps lives no longer than the active interactor, so capturing `self` is no lasting cycle.
  static let deactivationBindings: Set<String> = [
    "disposeOnDeactivate", "cancelOnDeactivate", "cancelOnStop", "disposeOnStop",
  ]
  static let bindingMethods: Set<String> = [
    "disposeOnDeactivate", "cancelOnDeactivate", "disposed", "store", "cancelOnStop",
    "bindTo", "bind",
  ]
  static let lifecycleHooks: Set<String> = [
    "didBecomeActive", "willResignActive", "didLoad", "didStart", "didStop",
  ]
  /// Networking a view should not do (`URLRequest` alone is how a web view loads a page).
  static let networkingNames: Set<String> = [
    "URLSession", "HTTPClient", "Alamofire", "AF", "URLSessionTask", "Moya", "MoyaProvider",
  ]
  static let singletonNames: Set<String> = ["shared", "sharedInstance", "instance"]

  /// Roles of types that only the whole run can tell (from a second look at the file).
  private let externalRoles: [String: Set<Role>]

  init(
    bytes: [UInt8], naming: Naming, enabled: Set<String>, isMainFile: Bool,
    includesTests: Bool = false, externalRoles: [String: Set<Role>] = [:]
  ) {
    self.externalRoles = externalRoles
    self.bytes = bytes
    self.naming = naming
    self.enabled = enabled
    self.isMainFile = isMainFile
    self.includesTests = includesTests
    super.init(viewMode: .sourceAccurate)
  }

  // MARK: Reporting

  private func place(_ node: some SyntaxProtocol) -> Place {
    lines.place(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  private var reportedPlaces: Set<String> = []

  private func report(_ rule: Rule, _ node: some SyntaxProtocol, _ message: String) {
    guard enabled.contains(rule.id), !inTestDouble else { return }
    let place = place(node)
    // One finding per rule and position (a chain can reach a check twice).
    guard reportedPlaces.insert("\(rule.id)|\(place.line)|\(place.column)").inserted else { return }
    findings.append(RawFinding(rule: rule, place: place, message: message))
  }

  /// Whether the code being visited is in a test double (`*Mock`, `*Spy`, …), unless test code
  /// is included.
  private var inTestDouble: Bool {
    !includesTests && frames.contains { $0.info.isTestDouble }
  }

  /// The remedy for an unbound subscription in the framework the file uses.
  private var bindingAdvice: String {
    switch framework {
    case .uberRIBs: return ".disposeOnDeactivate(interactor: self)"
    case .modernRIBs: return ".cancelOnDeactivate(interactor: self)"
    case .ribcage, .unknown:
      if importsRx { return ".disposeOnDeactivate(interactor: self)" }
      return ".cancelOnDeactivate(interactor: self)"
    }
  }

  private var frame: Frame? { frames.last }

  // MARK: Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    if let module = node.path.first?.name.text {
      switch module {
      case "Ribcage": framework = .ribcage
      case "RIBs": framework = .uberRIBs
      case "ModernRIBs": framework = .modernRIBs
      case "RxSwift", "RxCocoa", "RxRelay": importsRx = true
      case "Combine": importsCombine = true
      default: break
      }
      if module == "Ribcage" || module == "RIBs" || module == "ModernRIBs" {
        isRIBCode = true
        importsRIBs = true
      }
    }
    return .skipChildren
  }

  // MARK: Types

  private func push(
    _ name: String, _ shape: TypeInfo.Shape, _ inheritance: InheritanceClauseSyntax?
  ) {
    let inherited = inheritance?.inheritedTypes.map { $0.type.baseName } ?? []
    var info = TypeInfo(name: name, shape: shape, inherited: inherited, naming: naming)
    if let external = externalRoles[name], shape == .classType || shape == .extensionType {
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
      facts.ribs.insert(prefix)
    }
    if !info.roles.isEmpty { isRIBCode = true }
    if shape == .classType || shape == .extensionType {
      facts.typeRoles[name, default: []].formUnion(info.roles)
    }
    if shape != .extensionType { facts.declaredTypes[name] = shape }
    if shape == .classType, info.roles.contains(.builder) { facts.builders.insert(name) }
    if shape == .classType { facts.declaredInheritance[name] = inherited }
    if shape == .protocolType { facts.protocols[name] = inherited }
    frames.append(Frame(info: info, inherited: inherited))
  }

  private func pop() {
    guard let finished = frames.popLast() else { return }
    let roles = finished.info.roles
    if !roles.isDisjoint(with: Role.ribParts) || (importsRIBs && !roles.contains(.service)),
      finished.info.shape != .protocolType
    {
      var shape = facts.ribTypeShapes[finished.info.name] ?? ([], [])
      shape.conformances.formUnion(finished.inherited)
      shape.storedTypes.formUnion(finished.storedTypes)
      facts.ribTypeShapes[finished.info.name] = shape
    }
    if writesAreChecked(in: finished.info) {
      let shared = finished.sharedWriteSides.subtracting(finished.createdHere)
      for write in finished.pendingWrites where shared.contains(write.name) {
        reportSharedWrite(write.name, at: write.node, in: finished.info)
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
        let storedType = typeName.isEmpty ? binding.initializerCallee : typeName
        if !storedType.isEmpty {
          frames[top].storedTypes.insert(storedType)
          if info.roles.contains(.view), !inTestDouble {
            let looksLikeService = naming.service.contains {
              storedType.hasSuffix($0) && storedType.count > $0.count
            }
            facts.viewProperties.append((info.name, storedType, looksLikeService, place(pattern)))
            if naming.interactor.contains(where: { storedType.hasSuffix($0) }) {
              report(
                .viewHasLogic, pattern,
                "view \(info.name) holds the interactor \(storedType): views only render view "
                  + "models and report user actions to a listener; hold a listener protocol "
                  + "instead")
            }
          }
        }
        let isPrivate = node.modifiers.contains {
          $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate)
        }
        if Self.writeSideTypes.contains(typeName), binding.initializer == nil, !isPrivate {
          frames[top].sharedWriteSides.insert(name)
        }
      }
      if info.shape == .protocolType { continue }
      if isStatic, stored, Self.singletonNames.contains(name) {
        facts.singletons.insert(info.name)  // reported where RIB code uses it (cross-file)
      } else if isStatic, stored, isVar, isRIBCode || !info.roles.isEmpty,
        // A view's `static var reuseIdentifier = "…"` is a constant written as a var.
        !info.roles.contains(.view), !info.roles.contains(.viewModel)
      {
        report(
          .globalState, pattern,
          "static var '\(name)' in \(info.name) is global state: keep state in a service "
            + "owned by a component and inject it")
      }
      // An initializer (`var delegate = TableDelegate()`) makes it an owning reference: weak
      // would free it at once.
      if stored, !isStatic, !isWeak, info.canHoldWeak, binding.initializer == nil,
        isListener(name: name, type: binding.typeAnnotation?.type, initializer: "")
      {
        if importsRIBs || !info.roles.isEmpty {
          if enabled.contains(Rule.strongListener.id), !inTestDouble {
            facts.strongListeners.append((info.name, name, typeName, place(pattern)))
          }
        } else if info.shape == .classType, !typeName.isEmpty,
          ["delegate", "listener"].contains(where: { name.lowercased().hasSuffix($0) })
        {
          // A helper outside RIB code (a table-view adapter): a cycle when the RIB type that
          // owns it is its delegate, which only the whole run can tell.
          facts.helperDelegates.append((info.name, name, typeName, place(pattern)))
        }
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
      // `var listener: BuyFlowListening?`: the property says what it is, whatever the protocol
      // is called.
      let lowered = name.lowercased()
      if lowered == "listener" || lowered == "delegate" { return true }
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
      let function = Self.enclosingFunction(of: node)
      if name == "attachChild" {
        facts.attaches[info.name, default: []].append(
          .init(place: place(node), isPermanent: Self.attachesPermanently(node), function: function)
        )
      } else if let function, base == nil || Self.isSelf(base) {
        facts.routerCalls[info.name, default: [:]][function, default: []].insert(name)
      }
      if name == "detachChild" { facts.detaching.insert(info.name) }
    }
    if name == "shared", info.roles.contains(.component), let closure = node.trailingClosure,
      let created = Self.createdType(in: closure)
    {
      facts.providedServices.insert(created)
    }
    if Self.writeMethods.contains(name), let base, Self.isStreamWrite(node, name) {
      if let receiver = Self.propertyName(base) {
        frames[frames.count - 1].pendingWrites.append((receiver, Syntax(node)))
      } else if let path = Self.foreignStream(base, method: name), writesAreChecked(in: info) {
        reportSharedWrite(path, at: node, in: info)
      }
    }
    if name == "bind" || name == "drive", let target = Self.bindingTarget(of: node) {
      if let receiver = Self.propertyName(target) {
        frames[frames.count - 1].pendingWrites.append((receiver, Syntax(node)))
      } else if let path = Self.foreignStream(target, method: "accept"), writesAreChecked(in: info)
      {
        reportSharedWrite(path, at: node, in: info)
      }
    }
    if info.roles.contains(.interactor) || info.roles.contains(.worker) {
      checkBinding(of: node, name: name, base: base, in: info)
    }
    return .visitChildren
  }

  /// Whether writes to shared streams are checked in `info`: RIB code that is not a service (or a
  /// stream type itself).
  private func writesAreChecked(in info: TypeInfo) -> Bool {
    guard importsRIBs || !info.roles.isEmpty, !info.roles.contains(.service) else { return false }
    // A view reporting user events into its listener's or view model's input is the one-way
    // loop working, not shared state.
    if info.roles.contains(.view), info.roles.isDisjoint(with: [.interactor, .router, .worker]) {
      return false
    }
    return !["Stream", "Relay", "Subject"].contains { info.name.hasSuffix($0) }
  }

  private func reportSharedWrite(_ path: String, at node: some SyntaxProtocol, in info: TypeInfo) {
    report(
      .streamWrittenOutsideService, node,
      "\(info.name) writes '\(path)', a stream it does not own: shared state written from "
        + "several places changes where nobody looks; ask the stream's owner (a service) to "
        + "make the change, or keep the stream private to one writer")
  }

  /// `.on(.next(x))`, `.on(.error(e))`: a write; any other `on(…)` is not. Other write methods
  /// are writes by name.
  private static func isStreamWrite(_ call: FunctionCallExprSyntax, _ name: String) -> Bool {
    guard name == "on" else { return true }
    guard let argument = call.arguments.first?.expression else { return false }
    let event =
      argument.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
      ?? argument.as(MemberAccessExprSyntax.self)
    guard let event, event.base == nil else { return false }
    return ["next", "error", "completed"].contains(event.declName.baseName.text)
  }

  /// `dependency.paymentStream` in `dependency.paymentStream.send(…)`: a stream reached through
  /// another object. For methods streams share with ordinary types (`send`, `update`, `finish`)
  /// the property must be two levels deep (`owner.stream`), not a call or a local's method.
  private static func foreignStream(_ base: ExprSyntax, method: String) -> String? {
    guard let member = base.as(MemberAccessExprSyntax.self), let owner = member.base else {
      return nil
    }
    var ownerExpression = owner
    if let inner = owner.as(MemberAccessExprSyntax.self),
      inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      ownerExpression = ExprSyntax(inner)
    } else if let forced = owner.as(ForceUnwrapExprSyntax.self) {
      ownerExpression = forced.expression
    } else if let optional = owner.as(OptionalChainingExprSyntax.self) {
      ownerExpression = optional.expression
    }
    let ownerName: String
    if let reference = ownerExpression.as(DeclReferenceExprSyntax.self) {
      guard reference.baseName.tokenKind != .keyword(.self),
        reference.baseName.tokenKind != .keyword(.super)
      else { return nil }
      ownerName = reference.baseName.text
    } else if let inner = ownerExpression.as(MemberAccessExprSyntax.self),
      inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      ownerName = inner.declName.baseName.text
    } else {
      return nil
    }
    // `Foo.shared.x` is global state (another rule); `rx`, `$0` and locals named like types are
    // not owners of streams.
    guard let first = ownerName.unicodeScalars.first, first.properties.isLowercase,
      ownerName != "rx"
    else { return nil }
    let property = member.declName.baseName.text
    // Shared state lives in injected containers and stream objects (`dependency.paymentStream`,
    // `sharedMutableStream.option`); a UI component's input relay (`buttonViewModel.isEnabled
    // Relay`) or a presenter's event relay is how those types are driven.
    let containers = ["dependency", "dependencies", "component", "context"]
    let sharedWords = ["stream", "state", "store", "shared", "session"]
    let loweredOwner = ownerName.lowercased()
    guard
      containers.contains(ownerName)
        || sharedWords.contains(where: { loweredOwner.contains($0) })
        || property.lowercased().contains("stream")
    else { return nil }
    if method == "update" || method == "finish" {
      let lowered = property.lowercased()
      guard ["stream", "relay", "subject", "state"].contains(where: { lowered.contains($0) })
      else { return nil }
    }
    return "\(ownerName).\(property)"
  }

  /// The stream `source.bind(to: relay)` or `source.drive(relay)` writes.
  private static func bindingTarget(of call: FunctionCallExprSyntax) -> ExprSyntax? {
    guard call.trailingClosure == nil, call.arguments.count == 1,
      let argument = call.arguments.first,
      argument.label == nil || argument.label?.text == "to"
    else { return nil }
    let expression = argument.expression
    if expression.is(ClosureExprSyntax.self) { return nil }
    return expression
  }

  private static func isSelf(_ expression: ExprSyntax?) -> Bool {
    expression?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
  }

  /// The name of the method (or `init`) a node is in.
  private static func enclosingFunction(of node: some SyntaxProtocol) -> String? {
    var current = node.parent
    while let parent = current {
      if let function = parent.as(FunctionDeclSyntax.self) { return function.name.text }
      if parent.is(InitializerDeclSyntax.self) { return "init" }
      if parent.is(MemberBlockSyntax.self) { return nil }
      current = parent.parent
    }
    return nil
  }

  /// The type a `shared { Foo(...) }` closure creates.
  private static func createdType(in closure: ClosureExprSyntax) -> String? {
    guard let last = closure.statements.last?.item else { return nil }
    var expression: ExprSyntax?
    if let value = last.as(ExprSyntax.self) {
      expression = value
    } else if let statement = last.as(ReturnStmtSyntax.self) {
      expression = statement.expression
    }
    guard let call = expression?.as(FunctionCallExprSyntax.self),
      isInitializer(call.calledExpression)
    else { return nil }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
      return reference.baseName.text
    }
    return call.calledExpression.as(GenericSpecializationExprSyntax.self)?.expression
      .as(DeclReferenceExprSyntax.self)?.baseName.text
  }

  /// Whether an `attachChild` call attaches a child for the router's whole life: in `didLoad`,
  /// an initializer or a build step, in a loop, or in a function that attaches several children
  /// at once (a tab bar's tabs).
  private static func attachesPermanently(_ call: FunctionCallExprSyntax) -> Bool {
    var current = call.parent
    while let node = current {
      if node.is(ForStmtSyntax.self) || node.is(InitializerDeclSyntax.self) { return true }
      if let closure = node.as(ClosureExprSyntax.self),
        let outer = enclosingCall(ofArgument: closure),
        let member = outer.calledExpression.as(MemberAccessExprSyntax.self),
        ["forEach", "map", "compactMap"].contains(member.declName.baseName.text)
      {
        return true
      }
      if let function = node.as(FunctionDeclSyntax.self) {
        let name = function.name.text
        if name == "didLoad" || name.hasPrefix("build") || name == "loadView"
          || name == "viewDidLoad"
        {
          return true
        }
        guard let body = function.body else { return false }
        var attaches = 0
        for token in body.tokens(viewMode: .sourceAccurate) where token.text == "attachChild" {
          attaches += 1
        }
        return attaches > 1
      }
      current = node.parent
    }
    return false
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
    // `.observe(on: scheduler)` / `.subscribe(on: scheduler)` / `.receive(on:)` pick a
    // scheduler: operators, not subscriptions (the subscription later in the chain is checked).
    if call.arguments.first?.label?.text == "on" { return }
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
    let isWorker = info.roles.contains(.worker) && !info.roles.contains(.interactor)
    if isTask, framework != .ribcage, !Self.loopsOverAsyncSequence(call) {
      // Outside Ribcage (no `task { }`), a one-shot Task does its work and ends; only a Task
      // that iterates a sequence (`for await`) lives on like a subscription.
      return
    }
    if !isTask, name == "sink" || (name == "assign" && !importsRx) {
      // A Combine subscription whose AnyCancellable is dropped is cancelled at once.
      report(
        .unboundSubscription, call,
        "\(what) in \(info.name) discards its AnyCancellable, so it is cancelled at once and "
          + "never delivers: "
          + (isWorker
            ? "store it (.store(in: &cancellables)) and cancel it when the worker stops"
            : "bind it with \(bindingAdvice)"))
      return
    }
    let fix: String
    if isTask {
      fix =
        framework == .ribcage
        ? "use task { } (cancelled on deactivation) or bind it with .cancelOnDeactivate(interactor: self)"
        : "keep the Task and cancel it in \(isWorker ? "didStop" : "willResignActive")"
    } else if isWorker {
      fix =
        framework == .ribcage
        ? "bind it with .cancelOnStop(worker: self) or store it for cancellation"
        : (importsRx
          ? "bind it with .disposeOnStop(self) or .disposed(by: disposeBag)"
          : "store it for cancellation and cancel it in didStop")
    } else {
      fix =
        "bind it with \(bindingAdvice)"
        + (framework == .ribcage ? ", or use observe(stream) { }" : "")
    }
    report(
      .unboundSubscription, call,
      "\(what) in \(info.name) is not bound to its lifecycle: it outlives deactivation; \(fix)")
  }

  /// Whether a `Task { }` iterates an async sequence (`for await`): a subscription in effect.
  private static func loopsOverAsyncSequence(_ call: FunctionCallExprSyntax) -> Bool {
    let closure =
      call.trailingClosure
      ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
    guard let closure else { return false }
    for token in closure.tokens(viewMode: .sourceAccurate)
    where token.tokenKind == .keyword(.await) {
      if token.parent?.is(ForStmtSyntax.self) == true { return true }
    }
    return false
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

  // MARK: Singletons

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    // RIB code by code: the file imports a RIB framework or the type inherits/conforms to RIB
    // types (a networking enum named `AuthRouter` is no router).
    // The using type is the outermost RIB type around the use (a view's nested `ViewHolder` is
    // the view).
    guard Self.singletonNames.contains(node.declName.baseName.text),
      let base = node.base?.as(DeclReferenceExprSyntax.self),
      let first = base.baseName.text.unicodeScalars.first, first.properties.isUppercase,
      let user = frames.first(where: { importsRIBs || !$0.info.codeRoles.isEmpty })?.info,
      !inTestDouble
    else { return .visitChildren }
    facts.singletonUses.append(
      (user.name, user.roles.contains(.view), base.baseName.text, place(node)))
    return .visitChildren
  }

  // MARK: Assignments

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    guard !frames.isEmpty, node.elements.count == 3 else { return .visitChildren }
    let elements = Array(node.elements)
    if elements[1].is(AssignmentExprSyntax.self),
      let call = elements[2].as(FunctionCallExprSyntax.self),
      Self.isInitializer(call.calledExpression),
      let target = Self.propertyName(elements[0])
    {
      frames[frames.count - 1].createdHere.insert(target)
    }
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

  /// Whether closures in `info` can form retain cycles worth reporting: RIB owners, and view
  /// classes (a RIB's view controller keeps its subscriptions in its own dispose bag).
  private func ownsClosures(_ info: TypeInfo) -> Bool {
    if !info.roles.isDisjoint(with: Role.owners) { return true }
    guard info.roles.contains(.view) else { return false }
    // An extension of a view controller (its data-source methods) is still the class; an
    // extension of a SwiftUI `…View` struct is not.
    return info.shape == .classType
      || (info.shape == .extensionType && info.name.hasSuffix("Controller"))
  }

  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
    guard let info = frame?.info, ownsClosures(info) else {
      return .visitChildren
    }
    // Handed to a subscription API?
    if let call = Self.enclosingCall(ofArgument: node) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        Self.subscriptionMethods.contains(member.declName.baseName.text),
        let base = member.base,
        base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self),
        // `subscribe(with: self) { owner, value in }`, `drive(with:)`: weak by the API.
        !call.arguments.contains(where: { $0.label?.text == "with" || $0.label?.text == "weak" }),
        // Ended on deactivation: the closure lives no longer than the active interactor.
        !Self.chainEnds(Syntax(call), in: Self.deactivationBindings)
      {
        checkCapture(node, of: "self", in: info, context: "the subscription keeps the closure")
      } else if Self.isInitializer(call.calledExpression),
        let property = storedPropertyTarget(of: call)
      {
        // `dataSource = DataSource(configureCell: { self.… })`: stored on self through the
        // object it builds.
        checkCapture(
          node, of: "self", in: info,
          context: "it is kept by the object stored in '\(property)', which \(info.name) keeps")
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

  /// Whether a later call in the member chain of `call` is one of `names`
  /// (`….subscribe { }.disposeOnDeactivate(interactor: self)`).
  private static func chainEnds(_ call: Syntax, in names: Set<String>) -> Bool {
    var node = call
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        if names.contains(member.declName.baseName.text) { return true }
        node = parent
        continue
      }
      if parent.is(FunctionCallExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self) {
        node = parent
        continue
      }
      return false
    }
    return false
  }

  /// `Foo(...)`, `Foo<Bar>(...)`, `Module.Foo(...)`: a type's initializer.
  private static func isInitializer(_ callee: ExprSyntax) -> Bool {
    if let member = callee.as(MemberAccessExprSyntax.self) {
      return member.base == nil && member.declName.baseName.tokenKind == .keyword(.`init`)
    }
    var name = ""
    if let reference = callee.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
      name = specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? ""
    }
    guard let first = name.unicodeScalars.first else { return false }
    return first.properties.isUppercase
  }

  /// The stored property of `self` that the value of `call` is assigned to (`self.x = call`,
  /// `lazy var x = call`), if any.
  private func storedPropertyTarget(of call: FunctionCallExprSyntax) -> String? {
    if let clause = call.parent?.as(InitializerClauseSyntax.self),
      let binding = clause.parent?.as(PatternBindingSyntax.self),
      let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self),
      declaration.parent?.is(MemberBlockItemSyntax.self) == true,
      declaration.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) })
    {
      return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }
    guard let list = call.parent?.as(ExprListSyntax.self),
      let sequence = list.parent?.as(SequenceExprSyntax.self)
    else { return nil }
    let elements = Array(sequence.elements)
    guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
      elements[2].id == Syntax(call).id
    else { return nil }
    if let member = elements[0].as(MemberAccessExprSyntax.self),
      member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    {
      return member.declName.baseName.text
    }
    if let reference = elements[0].as(DeclReferenceExprSyntax.self),
      frame?.storedProperties.contains(reference.baseName.text) == true
    {
      return reference.baseName.text
    }
    return nil
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
          ? token.tokenKind == .keyword(.self) && !Self.isMetatypeSelf(token)
          : token.tokenKind == .identifier(name)
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

  /// `SomeType.self` (a metatype), not the instance.
  private static func isMetatypeSelf(_ token: TokenSyntax) -> Bool {
    guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
      let member = reference.parent?.as(MemberAccessExprSyntax.self)
    else { return false }
    return member.declName.id == reference.id
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
    guard let prefix = info.ribPrefix, !Self.isInInheritanceClause(node), !inTestDouble,
      Role.inherited[name] == nil  // the framework's base classes belong to no RIB
    else { return }
    for suffix in naming.builder + ["Buildable"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      facts.builderReferences.insert(name)
      let child = String(name.dropLast(suffix.count))
      if child != prefix { facts.builds[prefix, default: []].insert(child) }
      return
    }
    // `SwapRootInteractor()`: a parent building a child inline, like a builder would.
    if let reference = node.as(DeclReferenceExprSyntax.self),
      reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
    {
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
    // Services and interactors are found from the view's stored properties (services need the
    // whole run to tell a service from a same-named value type); a view's own event relays are
    // how it reports user actions, not logic.
    let what: String?
    if Self.networkingNames.contains(name) {
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
