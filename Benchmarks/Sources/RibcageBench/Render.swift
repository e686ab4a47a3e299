@_spi(Diagnostics) import Ribcage

// MARK: Fixtures shared by the render cases

struct BenchState {
  var count = 0
  var product = "uberX"
  var priceCents = 1_250
}

/// What a confirm screen shows: formatted text, as presenters produce.
struct BenchViewModel: Equatable {
  var title: String
  var price: String
  var eta: String
  var canConfirm: Bool
}

/// A representative presenter: it formats the state into text.
struct BenchPresenter: Presenter {
  func present(_ state: BenchState) -> BenchViewModel {
    let cents = state.priceCents + state.count
    let fraction = cents % 100
    return BenchViewModel(
      title: "Confirm \(state.product)",
      price: "$\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)",
      eta: "\(state.count % 15 + 1) min",
      canConfirm: state.count.isMultiple(of: 2))
  }
}

/// A representative view: it sets its labels from the view model.
@MainActor
final class BenchView: Rendering {
  var rendered = 0
  var lastCount = 0
  var titleLabel = ""
  var priceLabel = ""
  var etaLabel = ""
  var isButtonEnabled = false

  func render(_ viewModel: BenchViewModel) {
    rendered &+= 1
    titleLabel = viewModel.title
    priceLabel = viewModel.price
    etaLabel = viewModel.eta
    isButtonEnabled = viewModel.canConfirm
  }
}

/// The service owning the benchmark state.
@MainActor
final class BenchService {
  private let store = MutableStateStream(BenchState())
  var state: StateStream<BenchState> { store.stream }
  func increment() { store.update { $0.count &+= 1 } }
}

/// A scheduler that remembers one pending loop and flushes it on demand: the end of a turn,
/// without the task a real turn needs.
@MainActor
final class InlineScheduler: RenderScheduler {
  var pending: (any RenderLoopFlushing)?
  func scheduleFlush(of loop: any RenderLoopFlushing) { pending = loop }
  func endTurn() {
    // Moved out, not copied: the loop is retained once, when it is scheduled.
    pending.take()?.flush()
  }
}

/// Both sides of a render case: a service, a running loop into a view, and the floor's presenter,
/// view and state.
@MainActor
struct RenderBench {
  let service = BenchService()
  let view = BenchView()
  let scheduler = InlineScheduler()
  let interactor = Interactor()
  let loop: RenderLoop<BenchState, BenchViewModel>
  let presenter = BenchPresenter()
  let floorView = BenchView()
  var floorState = BenchState()

  init() {
    loop = RenderLoop(
      state: service.state, presenter: BenchPresenter(), view: view, scheduler: scheduler)
    loop.start(interactor)
    interactor.activate()
    scheduler.endTurn()
  }

  /// The floor: the presenter and the view called directly.
  mutating func floorRender(adding changes: Int) {
    floorState.count &+= changes
    floorView.render(presenter.present(floorState))
  }
}

// MARK: Cases

/// 1,000 state changes in one turn, then the end of the turn: exactly one presenter call. The
/// floor calls the pure presenter and the render once. Per turn.
@MainActor
enum RenderCoalesce {
  static func run() -> String {
    let changesPerTurn = 1_000
    let turns = 200
    var bench = RenderBench()
    let (service, scheduler, loop) = (bench.service, bench.scheduler, bench.loop)

    let presentsBefore = loop.presentCount
    var ribcageTurns = 0
    let measurement = Measurement(operationsPerRound: turns)
    let comparison = measurement.compare(
      ribcage: {
        for _ in 0..<turns {
          for _ in 0..<changesPerTurn { service.increment() }
          scheduler.endTurn()
          ribcageTurns += 1
        }
      },
      floor: {
        for _ in 0..<turns { bench.floorRender(adding: changesPerTurn) }
      })
    let presentsPerTurn = Double(loop.presentCount - presentsBefore) / Double(ribcageTurns)
    precondition(presentsPerTurn == 1, "coalescing must call the presenter exactly once per turn")
    precondition(bench.view.priceLabel == bench.presenter.present(service.state.value).price)
    bench.interactor.deactivate()
    return benchLine(
      "render-coalesce", ribcage: comparison.ribcage, floor: comparison.floor,
      ratio: comparison.ratio, extra: "presenter_calls_per_turn=\(format(presentsPerTurn))")
  }
}

/// One state change, then the end of the turn: one presenter call and one render, per change,
/// against calling the presenter and the view directly.
@MainActor
enum RenderSteady {
  static func run() -> String {
    let changes = 50_000
    var bench = RenderBench()
    let (service, scheduler, loop) = (bench.service, bench.scheduler, bench.loop)

    let rendersBefore = loop.renderCount
    var ribcageChanges = 0
    let measurement = Measurement(operationsPerRound: changes)
    let comparison = measurement.compare(
      ribcage: {
        for _ in 0..<changes {
          service.increment()
          scheduler.endTurn()
        }
        ribcageChanges += changes
      },
      floor: {
        for _ in 0..<changes { bench.floorRender(adding: 1) }
      })
    precondition(loop.renderCount - rendersBefore == ribcageChanges, "one render per change")
    bench.interactor.deactivate()
    return benchLine("render-steady", comparison)
  }
}
