import SwiftSyntax

extension Rule {
  public static let retainCycleClosure = Rule(
    id: "retain-cycle-closure", name: "RetainCycleClosure",
    summary: "An escaping closure stored or subscribed captures its owner strongly.",
    rationale: """
      In an interactor, router, presenter, worker, service or coordinator, a closure that is \
      stored on `self` (or handed to a subscription API that keeps it) and captures `self` \
      strongly keeps `self` alive as long as the closure lives. The coordinator form is worse: \
      `child.finishFlow = { self.remove(child) }` captures the very object that stores the \
      closure, so the child can never go. Capture `[weak self]` (and `[weak child]`), or use \
      Ribcage's `runFlow`, which needs no callback at all.
      """,
    badExample: "child.finishFlow = { self.removeDependency(child) }",
    goodExample: "child.finishFlow = { [weak self, weak child] in self?.removeDependency(child) }",
    defaultSeverity: .error)
}

/// `retain-cycle-closure`: closures a RIB owner (or a view class) stores on itself, on an object
/// it keeps, or hands to a subscription it keeps, that capture it strongly.
final class RetainCycleClosure: FileRule, LintRule {
  static let description = Rule.retainCycleClosure
  override class var hooks: Set<Hook> {
    [.closures, .properties, .types, .functions, .file, .calls, .assignments]
  }

  /// Lifecycle bindings that end a subscription when the interactor deactivates: a closure it
  /// keeps lives no longer than the active interactor, so capturing `self` is no lasting cycle.
  static let deactivationBindings: Set<String> = [
    "disposeOnDeactivate", "cancelOnDeactivate", "cancelOnStop", "disposeOnStop",
  ]

  /// Per type being walked: closures assigned to a bare name (a stored property or a local,
  /// told apart when the type ends: properties may come later).
  private var pendingAssignments: [[(name: String, closure: Held)]] = []
  /// Subscriptions capturing `self` kept in a bag of the type's own, decided when the file ends:
  /// a bag the type empties when it deactivates or stops breaks the cycle every time.
  private var bagged: [(closure: Held, bag: String, info: TypeInfo)] = []
  /// Type → the bags its `willResignActive`/`didStop` empty (`cancellables.removeAll()`,
  /// `disposeBag = DisposeBag()`, `cancellables.forEach { $0.cancel() }`).
  private var emptiedBags: [String: Set<String>] = [:]
  /// Per type (its member block): the calls in what its properties are given, by name, read
  /// once (``propertyKeeping(returned:around:)``).
  var keptCallsByType: [SyntaxIdentifier: [String: [KeptCall]]] = [:]
  /// Per type (its member block): what its properties are given, in order.
  var keptValuesByType: [SyntaxIdentifier: [KeptValue]] = [:]
  /// Per method: the values of ``keptValuesByType`` it gives properties, no local shadowing
  /// their target.
  var keptValuesByFunction: [SyntaxIdentifier: [KeptValue]] = [:]
  /// Per method: the names it declares (``localNames(of:)``).
  var localNamesByFunction: [SyntaxIdentifier: Set<String>] = [:]
  /// Per type (by its full name): its instance methods declared in the file
  /// (``instanceMethods(of:)``).
  var methodsByType: [String: Set<String>] = [:]
  /// The file's member blocks by the name of the type they belong to (``declarations(of:)``),
  /// read once.
  var declarationsByName: [String: [MemberBlockSyntax]]?
  /// Per member of a type: the names it binds (``boundNames(around:)``).
  var boundNamesByMember: [SyntaxIdentifier: Set<String>] = [:]
  /// Per type (by its full name): the properties it sets back to nothing (``resetsToNil(_:)``).
  var resetNamesByType: [String: Set<String>] = [:]
  /// Which statements name which identifiers, per block (``StatementUses``).
  let statementUses = StatementUses()

  /// Where a type ends what it started (a view controller, what it started on appearing): a bag
  /// emptied there breaks its subscriptions' cycles.
  static let deactivationHooks: Set<String> = [
    "willResignActive", "didStop", "viewDidDisappear", "viewWillDisappear",
  ]

  /// Standard-library types whose initializers run the closures they are given before they
  /// return (`Dictionary(grouping:by:)`, `Array(unsafeUninitializedCapacity:initializingWith:)`).
  static let valueTypesRunningClosures: Set<String> = [
    "Dictionary", "Array", "Set", "ContiguousArray", "String", "Result", "Data",
    "UITraitCollection",
  ]
  /// Objects that let go of their closures once they have run them: a property animator drops
  /// its animation and completion blocks when the animation ends (or is stopped), so an
  /// animator the type keeps holds `self` only while it animates.
  static let closuresReleasedWhenDone: Set<String> = ["UIViewPropertyAnimator"]

  /// Whether the function making an animator starts it and lets it run: one paused part-way
  /// (`fractionComplete = 0.5`, the blur-intensity trick) never ends, and keeps its blocks.
  static func startsAnimating(around call: FunctionCallExprSyntax) -> Bool {
    var node = call.parent
    while let current = node, !current.is(FunctionDeclSyntax.self),
      !current.is(InitializerDeclSyntax.self)
    {
      node = current.parent
    }
    guard let text = node?.description else { return false }
    return text.contains("startAnimation") && !text.contains("fractionComplete")
      && !text.contains("pauseAnimation") && !text.contains("pausesOnCompletion")
  }

  /// Sources that complete after a value or at once: a subscription to them ends by itself.
  static let finiteSources: [String: Set<String>] = [
    "Observable": ["just", "of", "from", "empty", "error"],
    "Driver": ["just", "of", "from", "empty"], "Signal": ["just", "of", "from", "empty"],
    "Infallible": ["just", "of", "from", "empty"],
    "Single": [], "Maybe": [], "Completable": [], "Just": [], "Future": [], "Empty": [],
  ]
  static let finiteOperators: Set<String> = ["first", "asSingle", "asMaybe", "asCompletable"]

  override func typeDidStart(_ frame: FileContext.Frame) { pendingAssignments.append([]) }

  override func typeWillEnd(_ frame: FileContext.Frame) {
    for assignment in pendingAssignments.popLast() ?? []
    where frame.storedProperties.contains(assignment.name) {
      checkStoredClosure(
        assignment.closure, storedOn: nil, in: frame.info, property: assignment.name)
    }
  }

  override func visit(_ property: PropertyDeclaration) {
    guard !property.isTopLevel, property.isLazy, let info = context.frame?.info,
      let closure = property.binding.initializer?.value.as(ClosureExprSyntax.self)
    else { return }
    checkStoredClosure(Held(closure), storedOn: nil, in: info, property: property.name)
  }

  /// Whether closures in `info` can form retain cycles worth reporting: RIB owners, components
  /// (one subscribing to its own `shared` stream keeps itself), and view classes (a RIB's view
  /// controller keeps its subscriptions in its own dispose bag).
  private func ownsClosures(_ info: TypeInfo) -> Bool {
    if !info.roles.isDisjoint(with: Role.owners) || info.roles.contains(.component) {
      return true
    }
    guard info.roles.contains(.view) else { return false }
    // An extension of a view controller (its data-source methods) is still the class; an
    // extension of a SwiftUI `…View` struct is not.
    return info.shape == .classType
      || (info.shape == .extensionType && info.name.hasSuffix("Controller"))
  }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    checkBoundMethods(handedTo: call)
  }

  override func visitAssignment(_ node: SequenceExprSyntax, target: ExprSyntax, value: ExprSyntax) {
    checkBoundMethod(assigned: value)
  }

  override func visit(_ closure: ClosureExprSyntax) {
    guard let info = context.frame?.info else { return }
    check(Held(closure), in: info)
  }

  /// Checks where `closure` (a closure, or a method passed as one) is stored, handed or
  /// subscribed, and whether what keeps it is what it captures.
  func check(_ closure: Held, in info: TypeInfo) {
    if context.isRIBCode || !info.roles.isEmpty, checkAddedAction(closure, in: info) { return }
    guard ownsClosures(info) else {
      // Whoever sets it (a builder, a parent), a closure stored on an object that captures that
      // object strongly keeps it forever: `controller.onClose = { controller.dismiss() }`.
      if context.isRIBCode || !info.roles.isEmpty,
        let target = SyntaxQueries.assignmentTarget(of: closure.node),
        let owner = Self.storingObject(target)
      {
        checkStoredOnItself(
          closure, owner, property: target.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
          in: info)
      }
      return
    }
    // Handed to a subscription API, or to an operator upstream of one?
    if let call = SyntaxQueries.enclosingCall(ofArgument: closure.node) {
      if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
        SyntaxQueries.subscriptionMethods.contains(member.declName.baseName.text),
        let base = member.base
      {
        // `subscribe(with: self) { owner, value in }`, `drive(with:)`: weak by the API.
        guard
          !call.arguments.contains(where: { $0.label?.text == "with" || $0.label?.text == "weak" })
        else { return }
        checkSubscribed(closure, by: call, on: base, in: info)
      } else if !Self.runsOnceOnSubscription(closure.node, in: call),
        let subscription = Self.subscription(downstreamOf: call),
        let member = subscription.calledExpression.as(MemberAccessExprSyntax.self),
        let base = member.base
      {
        // `.filter { self.… }.drive(with: self) { … }.disposed(by: disposeBag)`: the chain keeps
        // its operators' closures as long as the subscription lives, whatever the subscription's
        // own closure captures.
        checkSubscribed(closure, by: subscription, on: base, in: info)
      } else if SyntaxQueries.isInitializer(call.calledExpression),
        // `Dictionary(grouping:by:)`: a standard-library value runs the closure at once.
        !Self.valueTypesRunningClosures.contains(
          SyntaxQueries.constructedTypeName(call.calledExpression)),
        !(Self.closuresReleasedWhenDone.contains(
          SyntaxQueries.constructedTypeName(call.calledExpression))
          && Self.startsAnimating(around: call))
      {
        if let property = storedPropertyTarget(of: call) {
          // `dataSource = DataSource(configureCell: { self.… })`: stored on self through the
          // object it builds.
          checkCapture(
            closure, of: "self", in: info,
            context: "it is kept by the object stored in '\(property)', which \(info.name) keeps",
            isJudgment: true)
        } else if closure.capturesStrongly("self"), let property = propertyKeeping(made: call),
          !resetsToNil(property)
        {
          // `let layout = Layout { self.… }` handed on to what a property keeps — unless the
          // type sets that property back to `nil`, releasing the object where it chose to.
          checkCapture(
            closure, of: "self", in: info,
            context: "it is kept by an object that '\(property)', which \(info.name) keeps, "
              + "holds", isJudgment: true)
        }
      }
      return
    }
    // Assigned?
    guard let target = SyntaxQueries.assignmentTarget(of: closure.node) else { return }
    if let member = target.as(MemberAccessExprSyntax.self), let base = member.base {
      if SyntaxQueries.isSelf(base) {
        checkStoredClosure(
          closure, storedOn: nil, in: info, property: member.declName.baseName.text)
      } else if let owner = Self.storingObject(target) {
        checkStoredClosure(
          closure, storedOn: owner, in: info, property: member.declName.baseName.text)
      }
    } else if let reference = target.as(DeclReferenceExprSyntax.self),
      !pendingAssignments.isEmpty,
      // A local of the property's name (`var completion = {}; completion = finish`).
      !boundNames(around: reference).contains(reference.baseName.text)
    {
      pendingAssignments[pendingAssignments.count - 1].append((reference.baseName.text, closure))
    }
  }

  /// `closure`, handed to `subscription` (called on `base`) or to an operator upstream of it:
  /// kept as long as the subscription lives.
  private func checkSubscribed(
    _ closure: Held, by call: FunctionCallExprSyntax, on base: ExprSyntax, in info: TypeInfo
  ) {
    guard base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self),
      // Ended on deactivation: the closure lives no longer than the active interactor.
      !SyntaxQueries.chainEnds(Syntax(call), in: Self.deactivationBindings),
      // A source that completes frees the closure: `Observable.just(x)`, a `Single`.
      !Self.isFinite(base)
    else { return }
    // Kept in a bag of self's own, the cycle is certain — unless the source may end by itself
    // (a request a method returns completes, and the closures go with it); kept elsewhere, or
    // by an API read by name, it is a judgment.
    let ends = Self.mayComplete(base)
    // What runs once when such a source ends (`onDisposed:`, `onCompleted:`) is released then:
    // no cycle to speak of.
    if ends, let label = closure.node.parent?.as(LabeledExprSyntax.self)?.label?.text,
      Self.endEventLabels.contains(label)
    {
      return
    }
    if !ends, let holder = bagHolder(of: call), closure.capturesStrongly(holder) {
      // `.disposed(by: header.disposeBag)` in a closure using `header`: the object keeps the
      // subscription that keeps it. A warning: the object may empty its bag (on reuse).
      checkCapture(
        closure, of: holder, in: info,
        context: "the subscription is kept in a bag of '\(holder)' itself", isJudgment: true)
    } else if !ends, let bag = ownBag(of: call) {
      // Judged when the file ends; a struct's `self` is a copy, known now.
      if !isValueType(info) { bagged.append((closure, bag, info)) }
    } else {
      checkCapture(
        closure, of: "self", in: info,
        context: ends
          ? "the subscription keeps the closure until its source ends"
          : "the subscription keeps the closure",
        isJudgment: true)
    }
  }

  /// The subscription a chain of calls starting at `call` ends in (`source.filter { }` in
  /// `source.filter { }.map { }.subscribe { }`), if it ends in one.
  static func subscription(downstreamOf call: FunctionCallExprSyntax) -> FunctionCallExprSyntax? {
    var node = call
    while let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
      let next = member.parent?.as(FunctionCallExprSyntax.self),
      next.calledExpression.id == member.id
    {
      // `.observe(on: scheduler)`, `.subscribe(on:)` pick a scheduler: operators.
      if SyntaxQueries.subscriptionMethods.contains(member.declName.baseName.text),
        next.arguments.first?.label?.text != "on"
      {
        return next
      }
      node = next
    }
    return nil
  }

  /// Sources and handlers whose closure runs once, when the chain is subscribed, and is not kept
  /// (`Observable.create { … }`, `Observable.deferred { … }`, Combine's `Deferred { … }`,
  /// `do(onSubscribe:)`): no cycle through the subscription.
  static func runsOnceOnSubscription(_ closure: ExprSyntax, in call: FunctionCallExprSyntax)
    -> Bool
  {
    if let label = closure.parent?.as(LabeledExprSyntax.self)?.label?.text,
      ["onSubscribe", "onSubscribed"].contains(label)
    {
      return true
    }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
      return ["create", "deferred"].contains(member.declName.baseName.text)
    }
    return ["Deferred", "Future"].contains(SyntaxQueries.calleeTypeName(call.calledExpression))
  }

  /// `owner` for `owner.onClose = …` and `self.owner.onClose = …`: the object storing the
  /// closure.
  private static func storingObject(_ target: ExprSyntax) -> String? {
    guard let member = target.as(MemberAccessExprSyntax.self), let base = member.base else {
      return nil
    }
    if let reference = base.as(DeclReferenceExprSyntax.self),
      reference.baseName.tokenKind != .keyword(.self)
    {
      return reference.baseName.text
    }
    if let inner = base.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(inner.base) {
      return inner.declName.baseName.text
    }
    return nil
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
    guard let target = SyntaxQueries.assignmentTarget(of: call) else { return nil }
    if let member = target.as(MemberAccessExprSyntax.self), SyntaxQueries.isSelf(member.base) {
      return member.declName.baseName.text
    }
    if let reference = target.as(DeclReferenceExprSyntax.self),
      context.frame?.storedProperties.contains(reference.baseName.text) == true
    {
      return reference.baseName.text
    }
    return nil
  }

  /// A closure stored on `self` (owner nil) or on another object `owner`.
  private func checkStoredClosure(
    _ closure: Held, storedOn owner: String?, in info: TypeInfo,
    property: String? = nil
  ) {
    guard let owner else {
      // A property the type sets back to `nil` (after calling it, on stop) breaks the cycle
      // there: a judgment, not a cycle in every reading.
      guard closure.capturesStrongly("self") else { return }
      let isReset = property.map { resetsToNil($0) } ?? false
      checkCapture(
        closure, of: "self", in: info,
        context: isReset ? "it is stored on self until set back to nil" : "it is stored on self",
        isJudgment: isReset)
      return
    }
    if checkStoredOnItself(closure, owner, property: property, in: info) { return }
    // On a local (a cell configured in `cellForRow`, which the table view owns) it is not kept
    // by self — unless the method returns the local into a property of self's.
    guard !SyntaxQueries.isLocal(owner, at: closure.node) else {
      if let property = propertyKeeping(returned: owner, around: closure.node) {
        checkCapture(
          closure, of: "self", in: info,
          context: "it is stored on '\(owner)', which its method returns into '\(property)', "
            + "which \(info.name) keeps",
          isJudgment: true)
      } else if closure.capturesStrongly("self"),
        let made = SyntaxQueries.initializer(ofLocal: owner, before: closure.node),
        let property = propertyKeeping(made: made), !resetsToNil(property)
      {
        // `var configuration = …; configuration.provider = { self.… }`, the configuration
        // then handed on to what a property keeps.
        checkCapture(
          closure, of: "self", in: info,
          context: "it is stored on '\(owner)', which '\(property)' keeps, which \(info.name) "
            + "keeps", isJudgment: true)
      }
      return
    }
    // A `weak` or `unowned` property keeps nothing.
    guard !isWeakProperty(owner) else { return }
    checkCapture(
      closure, of: "self", in: info,
      context: "it is stored on '\(owner)', which \(info.name) keeps", isJudgment: true)
  }

  /// Reports if `closure`, stored in `owner.property`, uses `owner` strongly; returns whether
  /// it reported or the cycle breaks by itself.
  @discardableResult
  private func checkStoredOnItself(
    _ closure: Held, _ owner: String, property: String?, in info: TypeInfo
  ) -> Bool {
    guard property == "completionBlock" else {
      return checkCapture(
        closure, of: owner, in: info, context: "it is stored on '\(owner)' itself")
    }
    // An `Operation` sets its `completionBlock` to nil once it runs (documented by Foundation):
    // enqueued or started here, the cycle breaks by itself; otherwise it lasts until someone
    // runs the operation, which this file does not show.
    if Self.isRun(owner, at: closure.node) { return closure.capturesStrongly(owner) }
    return checkCapture(
      closure, of: owner, in: info,
      context: "it is stored on '\(owner)' itself until the operation runs", isJudgment: true)
  }

  /// Whether the function around `node` enqueues or starts the operation `name`
  /// (`queue.addOperation(name)`, `queue.addOperations([name], …)`, `name.start()`).
  private static func isRun(_ name: String, at node: some SyntaxProtocol) -> Bool {
    var current = node.parent
    while let parent = current, !parent.is(FunctionDeclSyntax.self),
      !parent.is(InitializerDeclSyntax.self), !parent.is(MemberBlockSyntax.self)
    {
      current = parent.parent
    }
    guard let scope = current, !scope.is(MemberBlockSyntax.self) else { return false }
    return scope.tokens(viewMode: .sourceAccurate).contains { token in
      guard token.text == name, let reference = token.parent?.as(DeclReferenceExprSyntax.self)
      else { return false }
      if let member = reference.parent?.as(MemberAccessExprSyntax.self),
        member.base?.id == ExprSyntax(reference).id
      {
        return member.declName.baseName.text == "start"
          && member.parent?.is(FunctionCallExprSyntax.self) == true
      }
      var up = reference.parent
      while let node = up, !node.is(CodeBlockItemSyntax.self) {
        if let call = node.as(FunctionCallExprSyntax.self),
          let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
          ["addOperation", "addOperations"].contains(callee.declName.baseName.text)
        {
          return true
        }
        up = node.parent
      }
      return false
    }
  }

  /// Whether the type being walked sets `property` back to nothing (`onDone = nil`,
  /// `self.onDone = .none`, `onDone = {}`), in its declaration or an extension of it in the
  /// file. The names it resets are read once per type.
  private func resetsToNil(_ property: String) -> Bool {
    guard let frame = context.frame else { return false }
    let key = Self.qualifiedName(of: frame.declaration)
    if let known = resetNamesByType[key] { return known.contains(property) }
    var names: Set<String> = []
    for declaration in declarations(of: frame) {
      let tokens = Array(declaration.tokens(viewMode: .sourceAccurate).map(\.tokenKind))
      for index in tokens.indices.dropFirst(2) {
        guard tokens[index - 1] == .equal, case .identifier(let name) = tokens[index - 2]
        else { continue }
        let next = index + 1 < tokens.count ? tokens[index + 1] : nil
        let isNothing =
          tokens[index] == .keyword(.nil)
          || (tokens[index] == .leftBrace && next == .rightBrace)
          || (tokens[index] == .period && next == .identifier("none"))
        if isNothing { names.insert(name) }
      }
    }
    resetNamesByType[key] = names
    return names.contains(property)
  }

  /// Whether the stream a subscription's chain starts from completes by itself.
  private static func isFinite(_ chain: ExprSyntax) -> Bool {
    var node: ExprSyntax? = chain
    while let current = node {
      if let call = current.as(FunctionCallExprSyntax.self) {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
          let name = member.declName.baseName.text
          if finiteOperators.contains(name) { return true }
          if name == "take", call.arguments.first?.expression.description == "1" { return true }
          // `Observable<Void>.just(())` as `Observable.just`.
          let root =
            member.base?.as(DeclReferenceExprSyntax.self)
            ?? member.base?.as(GenericSpecializationExprSyntax.self)?.expression.as(
              DeclReferenceExprSyntax.self)
          if let root, let sources = finiteSources[root.baseName.text] {
            // A `timer` with no period fires once and completes.
            if name == "timer", !call.arguments.contains(where: { $0.label?.text == "period" }) {
              return true
            }
            return sources.isEmpty || sources.contains(name)
          }
          node = member.base
        } else {
          let name = SyntaxQueries.calleeTypeName(call.calledExpression)
          return finiteSources[name]?.isEmpty == true
        }
      } else if let member = current.as(MemberAccessExprSyntax.self) {
        // `[1, 2].publisher`: a sequence's publisher completes once it has sent them.
        if member.declName.baseName.text == "publisher",
          member.base?.is(ArrayExprSyntax.self) == true
            || member.base?.is(DictionaryExprSyntax.self) == true
        {
          return true
        }
        node = member.base
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        node = optional.expression
      } else {
        return false
      }
    }
    return false
  }

  /// Operators and conversions: the stream they make ends when their source does.
  static let passThroughOperators: Set<String> = [
    "asObservable", "asDriver", "asSignal", "asPublisher", "eraseToAnyPublisher", "map",
    "flatMap", "flatMapLatest", "flatMapFirst", "concatMap", "compactMap", "filter",
    "distinctUntilChanged", "removeDuplicates", "observe", "observeOn", "subscribe",
    "subscribeOn", "receive", "share", "debounce", "throttle", "skip", "startWith", "prepend",
    "withLatestFrom", "scan", "do", "handleEvents", "catchError", "catchAndReturn", "catch",
    "retry", "delay", "compactMapValues", "mapToVoid", "void", "unwrap", "filterNil",
    "replaceError", "replaceNil", "merge", "combineLatest", "zip", "sample", "takeUntil",
    "skipUntil", "debug", "print", "assertNoFailure", "setFailureType", "switchToLatest",
    "materialize", "dematerialize", "withUnretained", "buffer", "window",
  ]
  /// The closures a subscription runs once, when its source ends.
  static let endEventLabels: Set<String> = [
    "onCompleted", "onError", "onDisposed", "onFailure", "onComplete", "receiveCompletion",
  ]
  /// Calls that make streams which never end: notifications, control events, timers, KVO.
  static let endlessSources: Set<String> = [
    "notification", "publisher", "publish", "interval", "controlEvent", "controlProperty",
    "methodInvoked", "sentMessage", "observe", "observeWeakly", "never", "autoconnect",
    "combineLatest", "merge", "zip",
  ]

  /// Whether the stream a subscription's chain starts from may end by itself: it is what a
  /// method returns (`useCase.fetchList()`, a one-shot request), not a property the object
  /// keeps (a relay, a control event) or a known endless source. The subscription's closures
  /// are released when it ends, so a strong capture keeps the owner only until then.
  static func mayComplete(_ chain: ExprSyntax) -> Bool {
    var node: ExprSyntax? = chain
    var innermost: FunctionCallExprSyntax?
    while let current = node {
      if let call = current.as(FunctionCallExprSyntax.self) {
        innermost = call
        node = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
      } else if let member = current.as(MemberAccessExprSyntax.self) {
        node = member.base
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        node = optional.expression
      } else if let forced = current.as(ForceUnwrapExprSyntax.self) {
        node = forced.expression
      } else {
        node = nil
      }
    }
    guard let innermost else { return false }
    let name: String
    if let member = innermost.calledExpression.as(MemberAccessExprSyntax.self) {
      name = member.declName.baseName.text
      // `Observable.create`, `Observable<Int>.interval`: a type's factory (the finite ones are
      // `isFinite`'s).
      if let base = member.base, SyntaxQueries.calleeTypeName(base).first?.isUppercase == true,
        base.is(DeclReferenceExprSyntax.self) || base.is(GenericSpecializationExprSyntax.self)
      {
        return false
      }
    } else if let reference = innermost.calledExpression.as(DeclReferenceExprSyntax.self) {
      name = reference.baseName.text
    } else {
      return false
    }
    guard let first = name.first, first.isLowercase else { return false }  // an initializer
    return !passThroughOperators.contains(name) && !endlessSources.contains(name)
  }

  /// Reports if `closure` captures `name` strongly; returns whether it reported.
  @discardableResult
  private func checkCapture(
    _ closure: Held, of name: String, in info: TypeInfo, context why: String,
    isJudgment: Bool = false
  ) -> Bool {
    // A struct's or an enum's `self` is a copy: no cycle through it.
    guard closure.capturesStrongly(name), name != "self" || !isValueType(info) else {
      return false
    }
    // A method passed as a closure is read by its name, which an inherited property may share:
    // a judgment.
    context.report(
      .retainCycleClosure, closure.node,
      "\(closure.noun) in \(info.name) captures \(name) strongly and \(why): a retain cycle; "
        + closure.advice(for: name), isJudgment: isJudgment || closure.method != nil)
    return true
  }

  /// Whether a subscription's chain ends in a bag of the type's own
  /// (`.disposed(by: disposeBag)`, `.store(in: &cancellables)`): kept as long as `self` is.
  private func ownBag(of call: FunctionCallExprSyntax) -> String? {
    guard let bag = Self.bag(of: call), let name = SyntaxQueries.propertyName(bag) else {
      return nil
    }
    let isOwn =
      context.frame?.storedProperties.contains(name) == true
      || !SyntaxQueries.isLocal(name, at: call)
    return isOwn ? name : nil
  }

  /// The object whose bag keeps a subscription, when it is not `self`: `header` in
  /// `.disposed(by: header.disposeBag)`, `owner` in `.store(in: &owner.cancellables)`.
  private func bagHolder(of call: FunctionCallExprSyntax) -> String? {
    guard let bag = Self.bag(of: call)?.as(MemberAccessExprSyntax.self),
      let holder = bag.base?.as(DeclReferenceExprSyntax.self),
      case .identifier(let name) = holder.baseName.tokenKind
    else { return nil }
    return name
  }

  /// The bag a subscription's chain ends in (`.disposed(by: bag)`, `.store(in: &bag)`).
  private static func bag(of call: FunctionCallExprSyntax) -> ExprSyntax? {
    var node = Syntax(call)
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        node = parent
        continue
      }
      guard let outer = parent.as(FunctionCallExprSyntax.self) else { return nil }
      if let member = outer.calledExpression.as(MemberAccessExprSyntax.self),
        ["disposed", "store"].contains(member.declName.baseName.text),
        var bag = outer.arguments.first?.expression
      {
        if let reference = bag.as(InOutExprSyntax.self) { bag = reference.expression }
        return bag
      }
      node = parent
    }
    return nil
  }

  /// `alert.addAction(UIAlertAction(…) { _ in alert.textFields… })`, or the action made first
  /// in a local and added later: the object keeps the action, which keeps the closure, which
  /// keeps the object (`UIAlertController` and `UIControl` both keep the actions added to
  /// them). Returns whether it reported.
  private func checkAddedAction(_ closure: Held, in info: TypeInfo) -> Bool {
    guard let made = SyntaxQueries.enclosingCall(ofArgument: closure.node),
      SyntaxQueries.isInitializer(made.calledExpression)
    else { return false }
    var holders: [String] = []
    if let argument = made.parent?.as(LabeledExprSyntax.self),
      let adding = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      let holder = Self.actionHolder(of: adding)
    {
      holders.append(holder)
    } else if let binding = made.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
      PatternBindingSyntax.self),
      let action = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
      let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self),
      let scope = item.parent?.as(CodeBlockItemListSyntax.self)
    {
      // `let save = UIAlertAction(…)` then `alert.addAction(save)` in the same body: only the
      // later statements that name it are read.
      let later = statementUses.later(than: item, in: scope, naming: action)
      for token in later.lazy.flatMap({ $0.tokens(viewMode: .sourceAccurate) })
      where token.tokenKind == .identifier(action) {
        guard let argument = token.parent?.parent?.as(LabeledExprSyntax.self),
          argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.id == token.id,
          let adding = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
          let holder = Self.actionHolder(of: adding)
        else { continue }
        holders.append(holder)
      }
    }
    for holder in holders {
      let reported = checkCapture(
        closure, of: holder, in: info,
        context: "it is kept by an action added to '\(holder)' itself", isJudgment: true)
      if reported { return true }
    }
    return false
  }

  /// `alert` for `alert.addAction(…)`, `self` for `addAction(…)`.
  private static func actionHolder(of call: FunctionCallExprSyntax) -> String? {
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "addAction"
    {
      guard let base = member.base?.as(DeclReferenceExprSyntax.self) else { return nil }
      return base.baseName.tokenKind == .keyword(.self) ? "self" : base.baseName.text
    }
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
      reference.baseName.text == "addAction"
    {
      return "self"
    }
    return nil
  }
  override func visit(_ function: FunctionDeclSyntax) {
    guard Self.deactivationHooks.contains(function.name.text),
      let info = context.frame?.info, let body = function.body
    else { return }
    for token in body.tokens(viewMode: .sourceAccurate) {
      guard case .identifier(let name) = token.tokenKind,
        let reference = token.parent?.as(DeclReferenceExprSyntax.self)
      else { continue }
      // `bag` or `self.bag`.
      var node = Syntax(reference)
      if let member = reference.parent?.as(MemberAccessExprSyntax.self),
        member.declName.id == reference.id
      {
        guard SyntaxQueries.isSelf(member.base) else { continue }
        node = Syntax(member)
      }
      // `bag.removeAll()`, `bag.forEach { $0.cancel() }`
      if let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
        ["removeAll", "forEach"].contains(member.declName.baseName.text)
      {
        emptiedBags[info.name, default: []].insert(name)
      } else if let list = node.parent?.as(ExprListSyntax.self), list.count == 3,
        list.first?.id == node.id,
        list[list.index(after: list.startIndex)].is(AssignmentExprSyntax.self)
      {
        // `disposeBag = DisposeBag()`, `cancellables = []`
        emptiedBags[info.name, default: []].insert(name)
      }
    }
  }

  override func fileDidEnd() {
    for kept in bagged where emptiedBags[kept.info.name]?.contains(kept.bag) != true {
      checkCapture(
        kept.closure, of: "self", in: kept.info, context: "the subscription keeps the closure")
    }
  }

  /// Whether `closure` uses `name` (or `self`) without a weak or unowned capture of it.
  ///
  /// A weak capture is no cycle whatever the body reads: `self?.viewModel` reaches the view
  /// model through the weak reference (`.viewModel` is a member, not a capture of it), and so
  /// does a bare `viewModel` after `guard let self` in a `[weak self]` closure. `self?` in a
  /// closure nested in a `[weak self]` one is that weak reference too.
  static func capturesStrongly(_ closure: ClosureExprSyntax, _ name: String) -> Bool {
    var selfIsWeak = false
    if let items = closure.signature?.capture?.items {
      for item in items where item.name.text == name {
        return item.specifier == nil  // `[self]` is strong; `[weak self]` is not
      }
      selfIsWeak = items.contains { $0.name.text == "self" && $0.specifier != nil }
    }
    // `.withUnretained(self).subscribe(onNext: { `self`, value in self.… })`: a parameter
    // named `self` shadows the object; the closure uses the value it is handed.
    if name == "self", let parameters = closure.signature?.parameterClause {
      let names: [String]
      switch parameters {
      case .simpleInput(let list): names = list.map { $0.name.text }
      case .parameterClause(let clause):
        names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
      }
      if names.contains(where: { $0 == "`self`" || $0 == "self" }) { return false }
    }
    // `{ dataSource, view, path in dataSource.… }`: a parameter, not a capture.
    if name != "self", let parameters = closure.signature?.parameterClause {
      switch parameters {
      case .simpleInput(let list):
        if list.contains(where: { $0.name.text == name }) { return false }
      case .parameterClause(let clause):
        if clause.parameters.contains(where: { ($0.secondName ?? $0.firstName).text == name }) {
          return false
        }
      }
    }
    for token in closure.statements.tokens(viewMode: .sourceAccurate) {
      if name == "self" {
        if token.tokenKind == .keyword(.self), !SyntaxQueries.isMetatypeSelf(token),
          !isOptionalChained(token)
        {
          return true
        }
      } else if token.tokenKind == .identifier(name), !isMemberName(token),
        !(selfIsWeak && !SyntaxQueries.isLocal(name, at: closure))
      {
        return true
      }
    }
    return false
  }

  /// `viewModel` in `x.viewModel`: a member of something else, not a reference to `viewModel`.
  private static func isMemberName(_ token: TokenSyntax) -> Bool {
    guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
      let member = reference.parent?.as(MemberAccessExprSyntax.self)
    else { return false }
    return member.declName.id == reference.id
  }

  /// `self?`: the weak reference of an enclosing `[weak self]`, optional where it is used.
  private static func isOptionalChained(_ token: TokenSyntax) -> Bool {
    guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { return false }
    return reference.parent?.is(OptionalChainingExprSyntax.self) == true
  }
}
