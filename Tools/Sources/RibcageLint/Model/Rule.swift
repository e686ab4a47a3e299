/// A rule's identity and documentation: what `--rule`, the config file, suppressions and SARIF
/// refer to.
public struct Rule: Sendable, Equatable {
  public let id: String
  public let name: String
  /// One line.
  public let summary: String
  /// The paragraph `docs/rules/<id>.md` and SARIF's help text start with.
  public let rationale: String
  public let badExample: String
  public let goodExample: String
  public let defaultSeverity: Severity
  /// Whether the rule runs when no configuration names it. Off-by-default rules are conventions
  /// whose findings are not faults often enough on real code (docs/lint-evaluation.md); a team
  /// that follows the convention turns them on with a severity in `.ribcage.yml`.
  public var isOnByDefault = true

  /// Every rule, in the order the issue lists them.
  public static let all: [Rule] = [
    strongListener, retainCycleClosure, unboundSubscription, missingSuperCall, childKnowsParent,
    viewHasLogic, mutableViewModel, streamWrittenOutsideService, globalState, attachWithoutDetach,
  ]

  /// The rule with `id`.
  public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

  public static let strongListener = Rule(
    id: "strong-listener", name: "StrongListener",
    summary: "A stored listener, delegate or output is not weak.",
    rationale: """
      A child RIB talks to its parent through a listener the parent's interactor implements. The \
      parent owns the child (through its router), so a child holding its listener strongly is a \
      retain cycle: neither is ever deallocated, and the leak detector reports the whole subtree \
      after every detach. Listeners, delegates and module outputs are stored `weak` (or \
      `unowned` when the lifetime is guaranteed).
      """,
    badExample: "var listener: LoggedOutListener?",
    goodExample: "weak var listener: (any LoggedOutListener)?",
    defaultSeverity: .warning)

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

  public static let unboundSubscription = Rule(
    id: "unbound-subscription", name: "UnboundSubscription",
    summary: "A subscription or Task in an interactor or worker is not bound to its lifecycle.",
    rationale: """
      Everything an interactor or worker starts must stop when it is deactivated or stopped; \
      otherwise a detached RIB keeps reacting to streams (stale updates, leaks). Bind the \
      subscription (`.cancelOnDeactivate(interactor: self)`, `.disposeOnDeactivate(interactor:)`, \
      `.cancelOnStop(worker:)`, `.disposed(by:)`, `.store(in:)`), store it for cancellation, or \
      use the interactor's own `observe(stream) { }` and `task { }`, which are bound already.
      """,
    badExample: "trips.state.observe { [weak self] in self?.show($0) }",
    goodExample: "observe(trips.state) { [weak self] in self?.show($0) }",
    defaultSeverity: .warning)

  public static let missingSuperCall = Rule(
    id: "missing-super-call", name: "MissingSuperCall",
    summary: "A lifecycle override does not call super.",
    rationale: """
      `didBecomeActive`, `willResignActive`, `didLoad`, `didStart` and `didStop` are hooks the \
      base classes may also use (and a superclass of yours may do work in). An override that \
      does not call `super` silently skips that work. Call `super.<hook>()` first.
      """,
    badExample: "override func didBecomeActive() { startTracking() }",
    goodExample: "override func didBecomeActive() { super.didBecomeActive(); startTracking() }",
    defaultSeverity: .warning)

  public static let childKnowsParent = Rule(
    id: "child-knows-parent", name: "ChildKnowsParent",
    summary: "A RIB refers to another RIB's concrete interactor or router (upward or sideways).",
    rationale: """
      A child never knows its parent: it talks up through its listener, and a parent drives its \
      children through their routing protocols. Referring to the concrete interactor or router \
      type of a parent or sibling couples RIBs that should only share contracts, and breaks the \
      open–closed promise (the parent can no longer change without the child). A RIB may know its \
      own descendants (the ones its builder builds, and theirs).
      """,
    badExample: "final class HomeInteractor { weak var root: RootInteractor? }",
    goodExample: "final class HomeInteractor { weak var listener: (any HomeListener)? }",
    defaultSeverity: .warning)

  public static let viewHasLogic = Rule(
    id: "view-has-logic", name: "ViewHasLogic",
    summary: "A view holds a service or an interactor, or does networking.",
    rationale: """
      Views only render immutable view models and report user actions to their listener. A view \
      that talks to a service, writes a stream, calls an interactor directly or does networking \
      holds business logic nobody can unit-test without a UI, and bypasses the one-way loop. Move \
      the logic into the interactor (or a service) and give the view a listener.
      """,
    badExample: "final class ConfirmViewController: UIViewController { let trips: TripService }",
    goodExample:
      "final class ConfirmViewController: UIViewController { weak var listener: ConfirmViewListener? }",
    defaultSeverity: .warning)

  public static let mutableViewModel = Rule(
    id: "mutable-view-model", name: "MutableViewModel",
    summary: "A view model is a class or has var stored properties.",
    rationale: """
      View models are immutable values: the render loop compares them to skip renders that change \
      nothing, and a view can be rebuilt from a recorded one. A class (shared, mutable by anyone \
      holding it) or a `var` property breaks both. Make it a struct of `let` properties and build \
      a new one for every state.
      """,
    badExample: "struct TripViewModel { var title: String }",
    goodExample: "struct TripViewModel: Equatable { let title: String }",
    defaultSeverity: .warning, isOnByDefault: false)

  public static let streamWrittenOutsideService = Rule(
    id: "stream-written-outside-service", name: "StreamWrittenOutsideService",
    summary: "A stream owned by another object is written from a type that is not a service.",
    rationale: """
      State flows one way: the object that owns a shared stream is its only writer; everybody \
      else reads. An interactor, router, presenter or worker writing a stream another object owns \
      (`dependency.paymentStream.send(…)`, `.onNext`, `.accept`, `.bind(to:)`, `.drive(_:)`) makes \
      shared state change from places nobody looks. Ask the owner (a service) to make the change. \
      A type writing a stream it created itself is the single writer of RIB-local state: fine.
      """,
    badExample:
      "final class TripInteractor: Interactor { let dependency: TripDependency; func tap() { dependency.tripStream.send(1) } }",
    goodExample:
      "final class TripService { private let state = MutableStateStream(0); func tap() { state.send(1) } }",
    defaultSeverity: .warning)

  public static let globalState = Rule(
    id: "global-state", name: "GlobalState",
    summary: "A static var, global var or shared singleton in RIB code.",
    rationale: """
      RIBs encapsulate state in the tree and pass dependencies through components; a global or \
      static variable, or a `static let shared` singleton, is state every RIB can reach and \
      change, invisible to DI and impossible to reset between tests. Put the state in a service \
      owned by the right component and inject it.
      """,
    badExample: "static let shared = SessionManager()",
    goodExample: "var sessions: SessionService { shared { SessionService() } }  // in a Component",
    defaultSeverity: .warning)

  public static let attachWithoutDetach = Rule(
    id: "attach-without-detach", name: "AttachWithoutDetach",
    summary: "A router attaches children but never detaches any.",
    rationale: """
      A router that only ever attaches keeps every child it attached until it is itself \
      detached: screens pile up, their interactors stay active, and state the user left behind \
      keeps reacting. Pair every route to a child with the route away from it (`detachChild`).
      """,
    badExample: "func routeToHome() { attachChild(homeBuilder.build()) }",
    goodExample:
      "func routeToHome() { if let home { detachChild(home) }; let home = homeBuilder.build(); attachChild(home); self.home = home }",
    defaultSeverity: .warning)
}
