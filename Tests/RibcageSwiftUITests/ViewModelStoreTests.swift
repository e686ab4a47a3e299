import Observation
@_spi(Diagnostics) import Ribcage
@_spi(Diagnostics) import RibcageSwiftUI
import RibcageTesting
import Testing

// A Confirm RIB whose view is SwiftUI: the render loop renders into a `ViewModelStore`, which a
// SwiftUI view would read; its button sends events through the store to the interactor.

private struct QuoteState: Equatable {
  var price: Int?
  var isConfirmed = false
  /// Changes nothing the presenter shows.
  var revision = 0
}

private struct QuoteViewModel: Equatable {
  var price: String
  var canConfirm: Bool
  static let placeholder = QuoteViewModel(price: "…", canConfirm: false)
}

private struct QuotePresenter: Presenter {
  func present(_ state: QuoteState) -> QuoteViewModel {
    QuoteViewModel(
      price: state.price.map { "$\($0)" } ?? "…",
      canConfirm: state.price != nil && !state.isConfirmed)
  }
}

@MainActor
private final class QuoteService {
  private let store = MutableStateStream(QuoteState())
  var state: StateStream<QuoteState> { store.stream }
  var subscriberCount: Int { store.subscriberCount }
  func quote(_ price: Int) { store.update { $0.price = price } }
  func confirm() { store.update { $0.isConfirmed = true } }
  func touch() { store.update { $0.revision += 1 } }
}

@MainActor
private protocol QuoteViewListener: AnyObject {
  func didTapConfirm()
}

private typealias QuoteStore = ViewModelStore<QuoteViewModel, any QuoteViewListener>

/// Stands in for the hosting controller on Linux: what the router holds as the RIB's view.
@MainActor
private final class QuoteHostView: ViewControllable {
  let store: QuoteStore
  init(store: QuoteStore) { self.store = store }
  /// What the SwiftUI button's action does.
  func tapConfirm() { store.send { $0.didTapConfirm() } }
}

@MainActor
private final class QuoteInteractor: PresentableInteractor<QuoteHostView>, Interactable,
  QuoteViewListener
{
  private let service: QuoteService
  let loop: RenderLoop<QuoteState, QuoteViewModel>

  init(view: QuoteHostView, service: QuoteService, scheduler: any RenderScheduler) {
    self.service = service
    loop = RenderLoop(
      state: service.state, presenter: QuotePresenter(), view: view.store, scheduler: scheduler)
    super.init(presenter: view)
    view.store.listener = self
    loop.start(self)
  }

  func didTapConfirm() { service.confirm() }
}

@MainActor
private final class QuoteRouter: ViewableRouter<QuoteInteractor, QuoteHostView> {}

@MainActor
private func makeQuote(service: QuoteService, scheduler: any RenderScheduler) -> QuoteRouter {
  let view = QuoteHostView(store: QuoteStore(.placeholder))
  return QuoteRouter(
    interactor: QuoteInteractor(view: view, service: service, scheduler: scheduler),
    viewController: view)
}

/// Counts the observation changes of `store.viewModel`, re-registering after each one, as
/// SwiftUI does.
@MainActor
private final class ObservationCounter {
  private(set) var changes = 0
  private let store: QuoteStore

  init(_ store: QuoteStore) {
    self.store = store
    track()
  }

  private func track() {
    withObservationTracking {
      _ = store.viewModel
    } onChange: { [weak self] in
      // Called synchronously before the change is stored, on the main actor here.
      MainActor.assumeIsolated {
        self?.changes += 1
        self?.trackLater()
      }
    }
  }

  private func trackLater() {
    Task { @MainActor in self.track() }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ViewModelStoreTests {
  @Test func anEqualViewModelChangesNothingObservableAndANewOneExactlyOnce() async {
    let store = QuoteStore(.placeholder)
    let counter = ObservationCounter(store)
    store.render(.placeholder)
    #expect(counter.changes == 0)
    #expect(store.renderCount == 0)
    store.render(QuoteViewModel(price: "$3", canConfirm: true))
    #expect(counter.changes == 1)
    #expect(store.viewModel.price == "$3")
    await Task.yield()
    store.render(QuoteViewModel(price: "$3", canConfirm: true))
    #expect(counter.changes == 1)
  }

  @Test func theRenderLoopCoalescesIntoOneObservedChangePerTurn() async {
    let harness = RIBHarness()
    let root = Router(interactor: Interactor())
    harness.activate(root)
    let service = QuoteService()
    let scheduler = ManualRenderScheduler()
    var quote: QuoteRouter? = makeQuote(service: service, scheduler: scheduler)
    root.attachChild(quote!)
    let store = quote!.viewController.store
    let counter = ObservationCounter(store)
    for price in 1...1_000 { service.quote(price) }
    scheduler.flush()
    #expect(store.viewModel.price == "$1000")
    #expect(counter.changes == 1)
    #expect(quote!.interactor.loop.presentCount == 2, "the first render, then one per turn")
    await Task.yield()
    // A state change the presenter does not show: presented, equal, no observation change.
    service.touch()
    scheduler.flush()
    #expect(counter.changes == 1)
    #expect(store.renderCount == 1)
    // Detached: no more updates, and everything goes away.
    root.detachChild(quote!)
    service.quote(5)
    scheduler.flush()
    #expect(store.viewModel.price == "$1000")
    #expect(service.subscriberCount == 0)
    quote = nil
    await harness.expectNoLeaks()
  }

  @Test func aViewEventGoesThroughTheListenerToTheServiceAndBackAsANewViewModel() {
    let harness = RIBHarness()
    let root = Router(interactor: Interactor())
    harness.activate(root)
    let service = QuoteService()
    service.quote(12)
    let scheduler = ManualRenderScheduler()
    var quote: QuoteRouter? = makeQuote(service: service, scheduler: scheduler)
    root.attachChild(quote!)
    do {
      let view = quote!.viewController
      #expect(view.store.viewModel == QuoteViewModel(price: "$12", canConfirm: true))
      view.tapConfirm()  // SwiftUI button → store → listener (interactor) → service → state
      scheduler.flush()
      #expect(view.store.viewModel == QuoteViewModel(price: "$12", canConfirm: false))
    }
    root.detachChild(quote!)
    quote = nil
    harness.expectNoLeaks()
  }

  @Test func theStoreHoldsItsListenerWeakly() {
    let store = QuoteStore(.placeholder)
    var listener: RecordingListener? = RecordingListener()
    store.listener = listener
    store.send { $0.didTapConfirm() }
    #expect(listener?.taps == 1)
    weak let released = listener
    listener = nil
    #expect(released == nil)
    store.send { $0.didTapConfirm() }  // nobody listens any more: nothing happens
  }
}

@MainActor
private final class RecordingListener: QuoteViewListener {
  var taps = 0
  func didTapConfirm() { taps += 1 }
}
