/// The one-way loop of Square's Ziggurat, per RIB: a service changes state → the loop is
/// signalled → at the end of the turn a stateless ``Presenter`` turns the state into an immutable
/// view model → the view renders it, unless it equals the last one.
///
/// - When the loop starts (its interactor becomes active) the current state is rendered at once,
///   synchronously: a view attached this turn has content before the turn ends.
/// - After that, all signals within one main-actor turn produce exactly one render (one
///   presenter call).
/// - A view model equal to the last rendered one is not rendered.
/// - A render is never interrupted: a state change during a render schedules one more render
///   after it.
/// - The loop is a ``Worker``: it runs while its interactor is active, so a detached or
///   deactivated RIB never renders; on re-activation it renders the current state at once.
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
///   // Presenters are stateless, hence `Sendable`: the loop specialises its render step for
///   // them in your module.
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
  /// Presents the current state and renders the view model if it differs from the last one;
  /// returns whether it rendered. Built by the initialiser in the caller's module, where the
  /// state, presenter, view and view model types are concrete, so the per-render work is fully
  /// specialised — the state too is read there, rather than copied out of the stream by
  /// generic code.
  @usableFromInline
  typealias RenderStep = @MainActor () -> Bool

  private let state: StateStream<State>
  /// What renders, and what the scheduler holds (see ``RenderEngine``).
  private let engine: RenderEngine
  @usableFromInline let lastRenderedBox: ValueBox<ViewModel?>
  @usableFromInline let renderedCore: StreamCore<ViewModel>
  /// Where the render step announces renders; the loop points it at its RIB while it runs.
  private let announcer: RenderAnnouncer

  // Only touched on the main actor, so dynamic exclusivity checks are skipped.
  @exclusivity(unchecked) private var subscription: StreamSubscription?

  /// How many times the presenter ran. For tests and diagnostics, hence SPI:
  /// `@_spi(Diagnostics) import Ribcage`.
  @_spi(Diagnostics) public var presentCount: Int { engine.presentCount }
  /// How many view models were rendered. For tests and diagnostics, hence SPI:
  /// `@_spi(Diagnostics) import Ribcage`.
  @_spi(Diagnostics) public var renderCount: Int { engine.renderCount }

  /// Creates a loop that presents `state` with `presenter` into `view`.
  ///
  /// The loop holds the view strongly (as a presentable interactor holds its presenter); the view
  /// should hold its listener weakly. Presenters are stateless, so requiring `Sendable` costs
  /// nothing and lets the render step be specialised where the loop is made.
  @inlinable
  public convenience init<P: Presenter & Sendable, View: Rendering>(
    state: StateStream<State>,
    presenter: P,
    view: View,
    scheduler: any RenderScheduler = .endOfTurn
  ) where P.State == State, P.ViewModel == ViewModel, View.ViewModel == ViewModel {
    self.init(
      state: state, presenter: presenter, view: view, scheduler: scheduler,
      viewModelsAreSendable: false)
  }

  /// The loop of the public initialiser; with `viewModelsAreSendable`, its renders are announced
  /// as values that may be handed to another thread (see `RenderLoop+Sendable.swift`).
  @inlinable
  convenience init<P: Presenter & Sendable, View: Rendering>(
    state: StateStream<State>, presenter: P, view: View, scheduler: any RenderScheduler,
    viewModelsAreSendable: Bool
  ) where P.State == State, P.ViewModel == ViewModel, View.ViewModel == ViewModel {
    let last = ValueBox<ViewModel?>(nil)
    let rendered = StreamCore<ViewModel>()
    let announcer = RenderAnnouncer(viewModelsAreSendable: viewModelsAreSendable)
    self.init(
      state: state, scheduler: scheduler, lastRendered: last, rendered: rendered,
      announcer: announcer,
      step: { [current = state.core.current!] in
        let viewModel = presenter.present(current.value)
        if last.holds(viewModel) { return false }
        view.render(viewModel)
        if rendered.hasSubscribers { rendered.send(viewModel) }
        // Announced here, where the view model's type is concrete (see `RenderAnnouncer`), and
        // before it is kept as the last one, so that it is lent rather than copied.
        if announcer.isInTree { announcer.announce(viewModel) }
        last.value = consume viewModel
        return true
      })
  }

  /// Creates a loop from a pure `present` function and a `render` function.
  @inlinable
  public convenience init(
    state: StateStream<State>,
    present: @escaping @MainActor (State) -> ViewModel,
    render: @escaping @MainActor (ViewModel) -> Void,
    scheduler: any RenderScheduler = .endOfTurn
  ) {
    self.init(
      state: state, present: present, render: render, scheduler: scheduler,
      viewModelsAreSendable: false)
  }

  /// The loop of the public initialiser; with `viewModelsAreSendable`, its renders are announced
  /// as values that may be handed to another thread.
  @inlinable
  convenience init(
    state: StateStream<State>,
    present: @escaping @MainActor (State) -> ViewModel,
    render: @escaping @MainActor (ViewModel) -> Void,
    scheduler: any RenderScheduler,
    viewModelsAreSendable: Bool
  ) {
    let last = ValueBox<ViewModel?>(nil)
    let rendered = StreamCore<ViewModel>()
    let announcer = RenderAnnouncer(viewModelsAreSendable: viewModelsAreSendable)
    self.init(
      state: state, scheduler: scheduler, lastRendered: last, rendered: rendered,
      announcer: announcer,
      step: { [current = state.core.current!] in
        let viewModel = present(current.value)
        if last.holds(viewModel) { return false }
        render(viewModel)
        if rendered.hasSubscribers { rendered.send(viewModel) }
        // Announced here, where the view model's type is concrete (see `RenderAnnouncer`), and
        // before it is kept as the last one, so that it is lent rather than copied.
        if announcer.isInTree { announcer.announce(viewModel) }
        last.value = consume viewModel
        return true
      })
  }

  @usableFromInline
  init(
    state: StateStream<State>, scheduler: any RenderScheduler,
    lastRendered: ValueBox<ViewModel?>, rendered: StreamCore<ViewModel>,
    announcer: RenderAnnouncer, step: @escaping RenderStep
  ) {
    self.state = state
    self.engine = RenderEngine(step: step, scheduler: scheduler)
    self.lastRenderedBox = lastRendered
    self.renderedCore = rendered
    self.announcer = announcer
    super.init()
  }

  isolated deinit {
    engine.stop()
    subscription?.cancel()
    renderedCore.finish()
  }

  /// The view model rendered last, if any.
  public var lastRendered: ViewModel? { lastRenderedBox.value }

  /// Every view model rendered, as it is rendered (for recorders and snapshot tests).
  public var rendered: EventStream<ViewModel> { EventStream(core: renderedCore) }

  /// Whether a render is pending.
  public var needsRender: Bool { engine.isDirty }

  // MARK: Worker

  public override func didStart(_ interactorScope: any InteractorScope) {
    super.didStart(interactorScope)
    engine.isRunning = true
    // The replay of the current state only marks the loop dirty; the first view model is then
    // rendered at once, so a view attached this turn never shows a frame of empty content.
    announcer.announce(to: (interactorScope as? Interactor)?.owningRouter)
    engine.isStarting = true
    // The engine, not the loop: a state change retains what the observer captures, and the
    // loop's retains take the slow way (see `RenderEngine`).
    subscription = state.observe { [engine] _ in engine.signal() }
    engine.isStarting = false
    if engine.isDirty { engine.flush() }
  }

  public override func didStop() {
    super.didStop()
    subscription?.cancel()
    subscription = nil
    engine.stop()
    announcer.announce(to: nil)
  }

  // MARK: The loop

  /// Marks the state as changed and schedules one render. Called for every state change; cheap
  /// when a render is already pending.
  public func signal() { engine.signal() }

  /// Renders now if signalled since the last render: presents the current state and renders the
  /// view model unless it equals the last one.
  public func flush() { engine.flush() }
}
