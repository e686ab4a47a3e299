import SwiftSyntax

extension Rule {
  public static let unboundSubscription = Rule(
    id: "unbound-subscription", name: "UnboundSubscription",
    summary: "A subscription or Task in an interactor or worker is not bound to its lifecycle.",
    rationale: """
      Everything an interactor or worker starts must stop when it is deactivated or stopped; \
      otherwise a detached RIB keeps reacting to streams (stale updates, leaks). Bind the \
      subscription (`.cancelOnDeactivate(interactor: self)`, `.disposeOnDeactivate(interactor:)`, \
      `.cancelOnStop(worker:)`, `.disposed(by:)`, `.store(in:)`), store it for cancellation, or \
      use the interactor's own `observe(stream) { }` and `task { }`, which are bound already. A \
      one-shot `Task { }` counts too when it touches the RIB (`self`, its router, listener, \
      presenter, a stream or child it holds, its own methods) after an `await` (the awaited \
      call and its arguments run before it suspends): it ends after the deactivation it \
      outlived, updating a detached RIB and keeping it alive meanwhile (`[weak self]` does not \
      help: `self` is still there while the task runs).
      """,
    badExample: "trips.state.observe { [weak self] in self?.show($0) }",
    goodExample: "observe(trips.state) { [weak self] in self?.show($0) }",
    defaultSeverity: .warning)
}

/// `unbound-subscription`: subscriptions and Tasks in interactors and workers that nothing ends
/// when the RIB deactivates (or the worker stops).
final class UnboundSubscription: FileRule, LintRule {
  static let description = Rule.unboundSubscription
  override class var hooks: Set<Hook> { [.calls, .functions, .file, .skippedBodies] }

  static let bindingMethods: Set<String> = [
    "disposeOnDeactivate", "cancelOnDeactivate", "disposed", "store", "cancelOnStop",
    "bindTo", "bind",
  ]
  /// Names that are the RIB itself when a task touches them.
  static let ribNames: Set<String> = ["router", "listener", "presenter", "viewController"]
  /// Suffixes of the names and types of stored properties that are the RIB's state: its child
  /// interactors, streams and views.
  static let ribStateSuffixes = [
    "Interactor", "Interactable", "Router", "Routing", "Presenter", "Presentable", "Listener",
    "ViewController", "ViewControllable", "Relay", "Subject", "Stream",
  ]

  /// A one-shot Task outside Ribcage, decided when the file ends (its type's properties and
  /// methods may come later, in an extension).
  private struct OneShotTask {
    var call: FunctionCallExprSyntax
    var type: String
    /// The property or collection it is stored in, if any (it must be cancelled somewhere).
    var keeper: String?
    var suspension: Suspension
    var isWorker: Bool
    /// The interactor's RIB (`Root` for `RootInteractor`): decided with the run, which knows
    /// whether it is the root RIB, which nothing detaches.
    var rib: String?
  }

  /// Where a task's body (or an `async` method's) first suspends.
  private struct Suspension {
    var line: Int
    /// What the body names after it resumes, in order.
    var namesAfter: [(name: String, isCall: Bool, isWrite: Bool)]
    /// The RIB's own method the suspending `await` calls (`await load()`): what it does after
    /// it suspends runs after the task's await too.
    var awaitedMethod: String?
  }

  /// Per type name: its methods, the names it cancels.
  private var methods: [String: Set<String>] = [:]
  private var cancelled: [String: Set<String>] = [:]
  private var tasks: [OneShotTask] = []
  /// Per type name: its `async` methods that suspend, and where.
  private var asyncMethods: [String: [String: Suspension]] = [:]

  override func visit(_ function: FunctionDeclSyntax) {
    if let body = function.body, Self.bindsToLifecycle(body, of: function, context: context) {
      let first = function.signature.parameterClause.parameters.first?.firstName.text
      context.facts.lifecycleBinders.insert(Self.binderKey(function.name.text, firstLabel: first))
    }
    guard let info = context.frame?.info else { return }
    methods[info.name, default: []].insert(function.name.text)
    if function.signature.effectSpecifiers?.asyncSpecifier != nil,
      let body = function.body,
      let suspension = Self.suspension(in: body.statements, context: context)
    {
      asyncMethods[info.name, default: [:]][function.name.text] = suspension
    }
  }

  override func visitSkippedBody(_ body: CodeBlockSyntax) {
    notePermanentObservers(inSkipped: body)
  }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    noteLaunchedBuilder(call, named: name, on: base)
    guard let info = context.frame?.info else { return }
    if notePermanentObserver(call, named: name, on: base, in: info) { return }
    guard info.roles.contains(.interactor) || info.roles.contains(.worker) else { return }
    noteCallbackCall(call, named: name, on: base, in: info)
    if name == "cancel" || name == "cancelAll" || name == "removeAll" {
      noteCancellation(call, in: info)
    }
    if name == "addObserver", base != nil {
      reportDroppedObserverToken(call, in: info)
      return
    }
    let isTask: Bool
    if name == "Task", base == nil {
      isTask = true
    } else if name == "detached", base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Task" {
      isTask = true
    } else {
      isTask = false
    }
    guard isTask || SyntaxQueries.subscriptionMethods.contains(name) else { return }
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
      // A method merely named like an operator (a presenter's own `bind(viewModel:)`) is none.
      guard Self.isSubscription(call, on: base, in: info, context: context) else { return }
    }
    if isTask, context.framework != .ribcage, !Self.loopsOverAsyncSequence(call) {
      // Outside Ribcage (no `task { }`), a one-shot Task does its work and ends: a fault when
      // it touches the RIB after it suspends (decided when the file ends).
      noteOneShotTask(call, in: info)
      return
    }
    if isBound(Syntax(call)) { return }
    let what = isTask ? "Task" : "subscription (\(name))"
    let isWorker = info.roles.contains(.worker) && !info.roles.contains(.interactor)
    if !isTask, name == "sink" || (name == "assign" && !context.importsRx) {
      // A Combine subscription whose AnyCancellable is dropped is cancelled at once.
      reportUnlessBound(
        call, named: name,
        "\(what) in \(info.name) discards its AnyCancellable, so it is cancelled at once and "
          + "never delivers: "
          + (isWorker
            ? "store it (.store(in: &cancellables)) and cancel it when the worker stops"
            : "bind it with \(context.bindingAdvice)"))
      return
    }
    let fix: String
    if isTask {
      fix =
        context.framework == .ribcage
        ? "use task { } (cancelled on deactivation) or bind it with .cancelOnDeactivate(interactor: self)"
        : "keep the Task and cancel it in \(isWorker ? "didStop" : "willResignActive")"
    } else if isWorker {
      fix =
        context.framework == .ribcage
        ? "bind it with .cancelOnStop(worker: self) or store it for cancellation"
        : (context.importsRx
          ? "bind it with .disposeOnStop(self) or .disposed(by: disposeBag)"
          : "store it for cancellation and cancel it in didStop")
    } else {
      fix =
        "bind it with \(context.bindingAdvice)"
        + (context.framework == .ribcage ? ", or use observe(stream) { }" : "")
    }
    let message =
      "\(what) in \(info.name) is not bound to its lifecycle: it outlives deactivation; \(fix)"
    if isTask {
      context.report(.unboundSubscription, call, message)
    } else {
      reportUnlessBound(call, named: name, message)
    }
  }

  // MARK: The app's own binding methods

  /// Subscriptions reported here, by position (a chain can reach a check twice).
  private var deferredPlaces: Set<String> = []

  /// Reports a subscription once every file is read, unless the method it calls, or the one
  /// called on its result, is declared in the scanned files and binds to the RIB's lifecycle
  /// (`stream.subscribe(disposedOnDeactivate: self) { }` over the app's own stream type).
  private func reportUnlessBound(
    _ call: FunctionCallExprSyntax, named name: String, _ message: String
  ) {
    guard context.enabled.contains(Rule.unboundSubscription.id), !context.inTestDouble else {
      return
    }
    let place = context.place(call)
    guard deferredPlaces.insert("\(place.line)|\(place.column)").inserted else { return }
    var binders = [Self.binderKey(name, firstLabel: call.arguments.first?.label?.text)]
    if let member = call.parent?.as(MemberAccessExprSyntax.self),
      let outer = member.parent?.as(FunctionCallExprSyntax.self),
      outer.calledExpression.id == member.id
    {
      binders.append(
        Self.binderKey(
          member.declName.baseName.text, firstLabel: outer.arguments.first?.label?.text))
    }
    context.facts.unboundSubscriptions.append(
      (binders, RawFinding(rule: .unboundSubscription, place: place, message: message)))
  }

  /// A method as calls name it: `subscribe(disposedOnDeactivate:` (`_` for no label).
  static func binderKey(_ name: String, firstLabel: String?) -> String {
    "\(name)(\(firstLabel ?? "_"):"
  }

  /// Framework calls that end what they are called on with a RIB's lifecycle.
  static let lifecycleBindings = [
    ".disposeOnDeactivate(", ".cancelOnDeactivate(", ".disposeOnStop(", ".cancelOnStop(",
  ]

  /// Whether a method's body binds to a RIB's lifecycle what it subscribes or is handed: with
  /// the framework's lifecycle calls, or into a bag or set it is given (`.disposed(by: bag)`,
  /// `.store(in: &interactor.cancellables)`); a bag of its own lives as long as its owner. Read
  /// from the file's text: outside RIB code the body is not walked.
  static func bindsToLifecycle(
    _ body: CodeBlockSyntax, of function: FunctionDeclSyntax, context: FileContext
  ) -> Bool {
    let start = body.position.utf8Offset
    let end = min(body.endPosition.utf8Offset, context.bytes.count)
    guard start < end else { return false }
    // Every binding names one of these: most bodies are ruled out by a byte search, without
    // the text made into a string.
    guard
      ["OnDeactivate", "OnStop", "disposed", "store"].contains(where: {
        context.mentions($0, in: start..<end)
      })
    else { return false }
    let text = String(decoding: context.bytes[start..<end], as: UTF8.self).filter {
      !$0.isWhitespace
    }
    if lifecycleBindings.contains(where: { text.contains($0) }) { return true }
    let parameters = function.signature.parameterClause.parameters.map {
      ($0.secondName ?? $0.firstName).text
    }
    return parameters.contains { parameter in
      [".disposed(by:\(parameter)", ".store(in:&\(parameter)"].contains { prefix in
        var rest = text[...]
        while let range = rest.range(of: prefix) {
          let next = rest[range.upperBound...].first
          if next == nil || !(next!.isLetter || next!.isNumber || next == "_") { return true }
          rest = rest[range.upperBound...]
        }
        return false
      }
    }
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var binders: Set<String> = []
    for analysis in run.analyses { binders.formUnion(analysis.facts.lifecycleBinders) }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for pending in analysis.facts.unboundSubscriptions
      where !pending.binders.contains(where: binders.contains) {
        result.append((index, pending.finding))
      }
    }
    return result + permanentObserverFindings(in: run) + interactorTaskFindings(in: run)
  }

  // MARK: What a subscription is

  /// Names and type names of reactive streams (a receiver so named or typed is subscribed to).
  static let reactiveWords = [
    "Observable", "Relay", "Subject", "Publisher", "Driver", "Signal", "Stream", "Single",
    "Maybe", "Completable", "Variable", "Published", "Infallible", "Future",
  ]
  /// Argument labels of reactive subscriptions (`subscribe(onNext:)`, `sink(receiveValue:)`,
  /// `bind(to:)`, `drive(with:)`).
  static let reactiveLabels: Set<String> = [
    "onNext", "onSuccess", "onError", "onCompleted", "onFailure", "onDisposed", "onCompletion",
    "receiveValue", "receiveCompletion", "to", "with", "weak", "next",
  ]

  /// Whether `base.name(…)` subscribes to a stream: decided by the receiver (a reactive chain or
  /// `.rx`, a property typed or named as a stream) and the call's shape (a closure or an
  /// observer argument), not by the method's name, which a presenter's own `bind(viewModel:)`
  /// shares. A RIB's own parts (presenter, router, listener, view controller) are no streams.
  static func isSubscription(
    _ call: FunctionCallExprSyntax, on base: ExprSyntax, in info: TypeInfo, context: FileContext
  ) -> Bool {
    let receiver = SyntaxQueries.unwrapped(base)
    if receiver.description.contains(".rx") || receiver.description.hasPrefix("$") { return true }
    // A chain (`items.map { }.bind`, `Observable.just(1).subscribe`); a plain type's factory
    // (`Messaging.messaging()`) is judged by the call's shape below.
    if let chain = receiver.as(FunctionCallExprSyntax.self) {
      // A plain factory's result subscribes unless every argument is labelled and no label
      // names an observer (`Messaging.messaging().subscribe(toTopic:) { error in }`).
      guard isPlainFactory(chain) else { return true }
      let labels = call.arguments.map { $0.label?.text }
      return labels.isEmpty || labels.contains { $0 == nil || reactiveLabels.contains($0!) }
    }
    let name: String
    if let property = SyntaxQueries.propertyName(receiver) {
      name = property
      if ribNames.contains(name) { return false }
      let type = context.propertyTypes[info.name]?[name] ?? ""
      if reactiveWords.contains(where: { type.contains($0) }) { return true }
      if !type.isEmpty,
        ["Presentable", "Routing", "Listener", "ViewControllable", "Presenter"].contains(where: {
          type.hasSuffix($0)
        })
      {
        return false
      }
    } else if let member = receiver.as(MemberAccessExprSyntax.self) {
      name = member.declName.baseName.text  // `dependency.userStream`
    } else {
      name = ""
    }
    if reactiveWords.contains(where: { name.lowercased().hasSuffix($0.lowercased()) }) {
      return true
    }
    if call.trailingClosure != nil || !call.additionalTrailingClosures.isEmpty { return true }
    return call.arguments.contains { argument in
      if let label = argument.label?.text { return reactiveLabels.contains(label) }
      return argument.expression.is(ClosureExprSyntax.self)
        || argument.expression.description.contains(".rx")
    }
  }

  /// Whether a call is a plain type's static factory (`Messaging.messaging()`): a capitalised
  /// type that no reactive word names, reached directly, not through another call.
  static func isPlainFactory(_ call: FunctionCallExprSyntax) -> Bool {
    guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
      let type = callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      type.first?.isUppercase == true
    else { return false }
    return !reactiveWords.contains { type.contains($0) }
  }

  // MARK: One-shot tasks

  /// Names a statement that cancels something mentions (`task?.cancel()`,
  /// `tasks.forEach { $0.cancel() }`, `tasks.removeAll()`): what it cancels.
  private func noteCancellation(_ call: FunctionCallExprSyntax, in info: TypeInfo) {
    var statement: Syntax?
    var node = Syntax(call)
    while let parent = node.parent {
      if parent.is(CodeBlockItemSyntax.self) { statement = parent }
      if parent.is(MemberBlockSyntax.self) || parent.is(FunctionDeclSyntax.self)
        || parent.is(DeinitializerDeclSyntax.self) || parent.is(AccessorBlockSyntax.self)
      {
        break
      }
      node = parent
    }
    guard let statement else { return }
    for token in statement.tokens(viewMode: .sourceAccurate) {
      if case .identifier(let name) = token.tokenKind {
        cancelled[info.name, default: []].insert(name)
      }
    }
  }

  private func noteOneShotTask(_ call: FunctionCallExprSyntax, in info: TypeInfo) {
    guard !context.inTestDouble, let closure = SyntaxQueries.lastClosure(of: call) else { return }
    var keeper: String?
    if let target = SyntaxQueries.assignmentTarget(of: call) {
      if target.is(DiscardAssignmentExprSyntax.self) {
        keeper = nil
      } else if let name = SyntaxQueries.propertyName(target) {
        keeper = name
      } else {
        return  // stored somewhere else
      }
    } else if let argument = call.parent?.as(LabeledExprSyntax.self),
      let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
      let member = outer.calledExpression.as(MemberAccessExprSyntax.self),
      ["append", "insert"].contains(member.declName.baseName.text),
      let base = member.base, let collection = SyntaxQueries.propertyName(base)
    {
      keeper = collection
    } else if isHandedOn(Syntax(call)) {
      return
    }
    guard let suspension = Self.suspension(in: closure.statements, context: context) else {
      return  // never suspends: it runs to its end at once
    }
    tasks.append(
      OneShotTask(
        call: call, type: info.name, keeper: keeper, suspension: suspension,
        isWorker: info.roles.contains(.worker) && !info.roles.contains(.interactor),
        rib: info.roles.contains(.interactor) ? info.ribPrefix : nil))
  }

  /// Where a body (a task's, an `async` method's) first suspends, and what it names after.
  ///
  /// The first `await` outside nested closures suspends it. The awaited expression (the call,
  /// its receiver, its arguments) is evaluated before it suspends: what can outlive the RIB is
  /// what runs after it resumes, an assignment of the awaited value (`self.items = await
  /// load()`), and what the RIB's own `async` method awaited does after it suspends in turn.
  private static func suspension(
    in statements: CodeBlockItemListSyntax, context: FileContext
  ) -> Suspension? {
    guard
      let suspension = statements.tokens(viewMode: .sourceAccurate).first(where: {
        $0.tokenKind == .keyword(.await) && !isInNestedClosure($0, within: statements)
      })
    else { return nil }
    var awaited = Syntax(suspension)
    var awaitedMethod: String?
    if let expression = suspension.parent?.as(AwaitExprSyntax.self) {
      awaited = Syntax(expression)
      if let attempt = expression.parent?.as(TryExprSyntax.self) { awaited = Syntax(attempt) }
      var called = expression.expression
      if let attempt = called.as(TryExprSyntax.self) { called = attempt.expression }
      if let call = called.as(FunctionCallExprSyntax.self) {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
          awaitedMethod = reference.baseName.text
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
          SyntaxQueries.isSelf(member.base.map(SyntaxQueries.unwrapped))
        {
          awaitedMethod = member.declName.baseName.text
        }
      }
    }
    var resumed = awaited.endPositionBeforeTrailingTrivia
    // `await presenter.listener = self`: the `await` covers the whole assignment, whose value is
    // computed before the task suspends to make it.
    if let list = awaited.parent?.as(ExprListSyntax.self), list.first?.id == awaited.id,
      list.count >= 3, list[list.index(after: list.startIndex)].is(AssignmentExprSyntax.self)
    {
      resumed = list.endPositionBeforeTrailingTrivia
    }
    var assigned: Syntax?
    if let list = awaited.parent?.as(ExprListSyntax.self), list.count >= 3,
      list.first?.id != awaited.id,
      list[list.index(after: list.startIndex)].is(AssignmentExprSyntax.self)
    {
      assigned = list.first.map { Syntax($0) }
    }
    var names: [(name: String, isCall: Bool, isWrite: Bool)] = []
    for token in statements.tokens(viewMode: .sourceAccurate) {
      let isAssigned =
        assigned.map { $0.range.contains(token.positionAfterSkippingLeadingTrivia) } ?? false
      guard token.position >= resumed || isAssigned,
        let reference = token.parent?.as(DeclReferenceExprSyntax.self),
        // `x.name` is the member of something else (`Foo.self` a metatype); `x` alone (or
        // `x.…`) is ours.
        reference.parent?.as(MemberAccessExprSyntax.self)?.declName.id != reference.id
      else { continue }
      if SyntaxQueries.isSelf(ExprSyntax(reference)) {
        if let reached = reached(through: reference) { names.append(reached) }
        continue
      }
      guard case .identifier(let name) = token.tokenKind else { continue }
      let isCall =
        reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
      names.append((name, isCall, isWritten(Syntax(reference))))
    }
    return Suspension(
      line: context.place(suspension).line, namesAfter: names, awaitedMethod: awaitedMethod)
  }

  private static func isInNestedClosure(
    _ token: TokenSyntax, within statements: CodeBlockItemListSyntax
  ) -> Bool {
    var node = token.parent
    while let current = node, current.id != statements.id {
      if current.is(ClosureExprSyntax.self) { return true }
      node = current.parent
    }
    return false
  }

  /// Whether a Task's handle is returned or passed on (to someone who can cancel it).
  private func isHandedOn(_ expression: Syntax) -> Bool {
    var node = expression
    while let parent = node.parent {
      if parent.is(ReturnStmtSyntax.self) || parent.is(LabeledExprSyntax.self)
        || parent.is(ArrayElementSyntax.self) || parent.is(InitializerClauseSyntax.self)
      {
        return true
      }
      if parent.is(MemberAccessExprSyntax.self) { return true }  // `Task { }.store(in:)`
      guard parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) else { return false }
      node = parent
    }
    return false
  }

  override func fileDidEnd() {
    for task in tasks {
      if let keeper = task.keeper, cancelled[task.type]?.contains(keeper) == true { continue }
      // The task's own names after its await, then those of the RIB's own `async` methods it
      // awaits (each after its own await).
      var segments: [(suspension: Suspension, method: String?)] = [(task.suspension, nil)]
      var seen: Set<String> = []
      while let method = segments.last?.suspension.awaitedMethod, seen.insert(method).inserted,
        let inner = asyncMethods[task.type]?[method]
      {
        segments.append((inner, method))
      }
      var found: (touched: (name: String, isCall: Bool, isWrite: Bool), line: Int, method: String?)?
      for segment in segments {
        if let touched = segment.suspension.namesAfter.first(where: { isRIB($0, of: task) }) {
          found = (touched, segment.suspension.line, segment.method)
          break
        }
      }
      guard let (touched, awaitLine, method) = found else { continue }
      let what = touched.name == "self" ? "self" : "'\(touched.name)'"
      let inMethod = method.map { " (in \($0))" } ?? ""
      let kept =
        task.keeper.map { "it is kept in '\($0)' but never cancelled; " }
        ?? "nothing keeps it to cancel; "
      let message =
        "Task in \(task.type) touches \(what) after its await on line \(awaitLine)\(inMethod): it "
        + "ends after the RIB deactivates, updating a detached RIB and keeping it alive "
        + "meanwhile; \(kept)keep it and cancel it in "
        + "\(task.isWorker ? "didStop" : "willResignActive") (or touch nothing of the RIB "
        + "after the await)"
      if let rib = task.rib, !context.inTestDouble {
        context.facts.interactorTasks.append(
          (
            rib,
            RawFinding(
              rule: .unboundSubscription, place: context.place(task.call), message: message)
          ))
      } else {
        context.report(.unboundSubscription, task.call, message)
      }
    }
  }

  /// Whether a name a task uses after it resumes is the RIB: itself handed on, its router,
  /// listener or presenter, its own method, its state written, or a stream or child it holds.
  private func isRIB(_ use: (name: String, isCall: Bool, isWrite: Bool), of task: OneShotTask)
    -> Bool
  {
    let stored = context.propertyTypes[task.type] ?? [:]
    if use.name == "self" || Self.ribNames.contains(use.name) { return true }
    if use.isCall {
      return methods[task.type]?.contains(use.name) == true && stored[use.name] == nil
    }
    guard let type = stored[use.name] else { return false }
    // `items = loaded`: the RIB's own state, written (implicitly on self) after it may be
    // detached.
    if use.isWrite, use.name != "dependency", !SyntaxQueries.isLocal(use.name, at: task.call) {
      return true
    }
    return Self.ribStateSuffixes.contains { use.name.hasSuffix($0) || type.hasSuffix($0) }
      || StreamWrittenOutsideService.writeSideTypes.contains(type)
  }

  /// What `self` (or a name it was rebound to) reaches where it is used: `self.items` is the
  /// property `items`, `self?.load()` the method `load`; `self` handed on whole is `self`.
  /// (Nil where it is only rebound: `guard let owner = self`, whose uses are followed.)
  private static func reached(through reference: DeclReferenceExprSyntax) -> (
    name: String, isCall: Bool, isWrite: Bool
  )? {
    if reference.parent?.is(InitializerClauseSyntax.self) == true { return nil }
    var node = Syntax(reference)
    while let parent = node.parent,
      parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
    {
      node = parent
    }
    guard let member = node.parent?.as(MemberAccessExprSyntax.self), member.base?.id == node.id
    else { return ("self", false, false) }
    let isCall = member.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == member.id
    return (member.declName.baseName.text, isCall, isWritten(Syntax(member)))
  }

  /// Whether `reference` is assigned to, itself or through its members (`items = x`,
  /// `count += 1`, `viewModel.items = x`: the RIB's own state, written).
  private static func isWritten(_ reference: Syntax) -> Bool {
    var node = reference
    while let parent = node.parent,
      parent.as(MemberAccessExprSyntax.self)?.base?.id == node.id
        || parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
    {
      node = parent
    }
    guard let list = node.parent?.as(ExprListSyntax.self),
      list.first?.id == node.id, list.count >= 3,
      list.parent?.is(SequenceExprSyntax.self) == true
    else { return false }
    let operation = list[list.index(after: list.startIndex)]
    if operation.is(AssignmentExprSyntax.self) { return true }
    guard let binary = operation.as(BinaryOperatorExprSyntax.self) else { return false }
    return ["+=", "-=", "*=", "/=", "&&=", "||="].contains(binary.operator.text)
  }

  /// Whether a `Task { }` iterates an async sequence (`for await`): a subscription in effect.
  private static func loopsOverAsyncSequence(_ call: FunctionCallExprSyntax) -> Bool {
    guard let closure = SyntaxQueries.lastClosure(of: call) else { return false }
    for token in closure.tokens(viewMode: .sourceAccurate)
    where token.tokenKind == .keyword(.await) {
      if token.parent?.is(ForStmtSyntax.self) == true { return true }
    }
    return false
  }

  /// Whether the value of `expression` is bound to a lifecycle, stored, returned or handed on.
  /// Whether `closure` is the builder closure of RxSwift's `bag.insert { … }`,
  /// `bag.insert(builder: { … })` or `DisposeBag { … }`: each of its statements a disposable
  /// the bag keeps.
  private static func isInsertedIntoABag(_ closure: ClosureExprSyntax) -> Bool {
    var call = closure.parent?.as(FunctionCallExprSyntax.self)
    if call?.trailingClosure?.id != closure.id || call?.arguments.isEmpty != true {
      guard let argument = closure.parent?.as(LabeledExprSyntax.self),
        argument.label == nil || argument.label?.text == "builder",
        argument.parent?.as(LabeledExprListSyntax.self)?.count == 1
      else { return false }
      call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    }
    guard let call else { return false }
    if call.calledExpression.trimmedDescription.hasSuffix("DisposeBag") { return true }
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "insert",
      let bag = member.base.map(SyntaxQueries.unwrapped)
    else { return false }
    let name = (SyntaxQueries.propertyName(bag) ?? bag.trimmedDescription).lowercased()
    return name.contains("bag") || name.contains("dispos")
  }

  private func isBound(_ expression: Syntax) -> Bool {
    var node = expression
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self) {
        // `.cancelOnDeactivate(...)` and friends on the result.
        return Self.bindingMethods.contains(member.declName.baseName.text)
      }
      if parent.is(ReturnStmtSyntax.self) || parent.is(LabeledExprSyntax.self)
        || parent.is(ArrayElementSyntax.self)
      {
        return true
      }
      if let item = parent.as(CodeBlockItemSyntax.self) {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        // A statement of `disposeBag.insert { … }` (RxSwift's builder): put in the bag.
        if let closure = list.parent?.as(ClosureExprSyntax.self), Self.isInsertedIntoABag(closure) {
          return true
        }
        // The only expression of a function with a result, a getter or a closure: returned.
        guard list.count == 1 else { return false }
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
        return SyntaxQueries.usesLater(identifier, after: item, in: list)
      }
      return false
    }
    return false
  }
}
