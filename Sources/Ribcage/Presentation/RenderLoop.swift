/// The one-way loop of Square's Ziggurat, per RIB: a service changes state → the loop is
/// signalled → at the end of the turn a stateless ``Presenter`` turns the state into an immutable
/// view model → the view renders it, unless it equals the last one.
///
/// - All signals within one main-actor turn produce exactly one render (one presenter call).
/// - A view model equal to the last rendered one is not rendered.
/// - A render is never interrupted: a state change during a render schedules one more render
///   after it.
/// - The loop is a ``Worker``: it runs while its interactor is active, so a detached or
///   deactivated RIB never renders; on re-activation it renders the current state.
///
/// Wiring it into a presentable interactor takes a few lines:
///
/// ```swift
/// final class ConfirmInteractor: PresentableInteractor<ConfirmView>, ConfirmInteractable,
///   ConfirmViewListener
/// {
///   private let requests: RequestService
///   private lazy var loop = RenderLoop(
///     state: requests.state, presenter: ConfirmPresenter(), view: presenter)
///
///   init(view: ConfirmView, requests: RequestService) {
///     self.requests = requests
///     super.init(presenter: view)
///     view.listener = self
///     loop.start(self)
///   }
///
///   func didTapConfirm() { requests.confirm() }   // view event → service → state → render
/// }
/// ```
@MainActor
public final class RenderLoop<State, ViewModel: Equatable>: Worker, RenderLoopFlushing {
  private let state: StateStream<State>
  // Existentials, not closures: calls through them are statically on the main actor, where a
  // stored main-actor closure would be checked at run time on every call.
  private let presenter: any Presenter<State, ViewModel>
  private let view: any Rendering<ViewModel>
  private let scheduler: any RenderScheduler
  private let renderedRelay = EventRelay<ViewModel>()

  // The loop's state is only touched on the main actor, and no access spans a call into the
  // presenter or the view, so dynamic exclusivity checks are skipped.

  @exclusivity(unchecked) private var subscription: StreamSubscription?
  /// The last rendered view model, in a box rather than an optional: in unspecialised generic
  /// code, every use of an `Optional<ViewModel>` looks its metadata up at run time.
  @exclusivity(unchecked) private var lastRenderedBox: ValueBox<ViewModel>?
  @exclusivity(unchecked) private var isDirty = false
  @exclusivity(unchecked) private var isFlushScheduled = false
  @exclusivity(unchecked) private var isRendering = false

  /// The view model rendered last, if any.
  public var lastRendered: ViewModel? { lastRenderedBox?.value }
  /// How many times the presenter ran.
  @exclusivity(unchecked) public private(set) var presentCount = 0
  /// How many view models were rendered.
  @exclusivity(unchecked) public private(set) var renderCount = 0

  /// Creates a loop that presents `state` with `presenter` into `view`.
  ///
  /// The loop holds the view strongly (as a presentable interactor holds its presenter); the view
  /// should hold its listener weakly.
  public init(
    state: StateStream<State>,
    presenter: any Presenter<State, ViewModel>,
    view: any Rendering<ViewModel>,
    scheduler: any RenderScheduler = .endOfTurn
  ) {
    self.state = state
    self.presenter = presenter
    self.view = view
    self.scheduler = scheduler
    super.init()
  }

  /// Creates a loop from a pure `present` function and a `render` function.
  public convenience init(
    state: StateStream<State>,
    present: @escaping @MainActor (State) -> ViewModel,
    render: @escaping @MainActor (ViewModel) -> Void,
    scheduler: any RenderScheduler = .endOfTurn
  ) {
    self.init(
      state: state, presenter: ClosurePresenter(body: present), view: ClosureView(render),
      scheduler: scheduler)
  }

  isolated deinit {
    subscription?.cancel()
  }

  /// Every view model rendered, as it is rendered (for recorders and snapshot tests).
  public var rendered: EventStream<ViewModel> { renderedRelay.stream }

  /// Whether a render is pending.
  public var needsRender: Bool { isDirty }

  // MARK: Worker

  public override func didStart(_ interactorScope: any InteractorScope) {
    // unowned(unsafe): the subscription never outlives the loop (cancelled in didStop and in
    // deinit), and a checked unowned reference costs atomic traffic on every state change.
    subscription = state.observe { [unowned(unsafe) self] _ in self.signal() }
  }

  public override func didStop() {
    subscription?.cancel()
    subscription = nil
    isDirty = false
  }

  // MARK: The loop

  /// Marks the state as changed and schedules one render. Called for every state change; cheap
  /// when a render is already pending.
  public func signal() {
    guard isStarted else { return }
    isDirty = true
    guard !isRendering, !isFlushScheduled else { return }
    isFlushScheduled = true
    scheduler.scheduleFlush(of: self)
  }

  /// Renders now if signalled since the last render: presents the current state and renders the
  /// view model unless it equals the last one.
  public func flush() {
    isFlushScheduled = false
    guard isDirty, isStarted, !isRendering else { return }
    isDirty = false
    isRendering = true
    presentCount += 1
    let viewModel = presenter.present(state.core.current!.value)
    let isNew: Bool
    if let lastRenderedBox {
      isNew = lastRenderedBox.value != viewModel
      if isNew { lastRenderedBox.value = viewModel }
    } else {
      isNew = true
      lastRenderedBox = ValueBox(viewModel)
    }
    if isNew {
      renderCount += 1
      view.render(viewModel)
      if renderedRelay.hasSubscribers { renderedRelay.send(viewModel) }
    }
    isRendering = false
    // A change made while rendering gets one more render, after this one.
    if isDirty, isStarted, !isFlushScheduled {
      isFlushScheduled = true
      scheduler.scheduleFlush(of: self)
    }
  }
}
