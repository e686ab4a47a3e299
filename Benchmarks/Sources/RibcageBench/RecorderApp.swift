import Ribcage
import RibcageInspector

/// A session recorder in an app-like turn, against the same app without one: a 30-RIB tree with
/// three screens rendering `Codable` view models; each turn one state change renders all three
/// (three view models encoded and recorded), and every tenth turn a three-RIB child is attached
/// and detached (13 tree events and 9 hook times). Per turn; `ratio` while the ring fills (the
/// first 32 MB), `steady_ratio` once it is full.
@MainActor
enum RecorderApp {
  static func run() -> String {
    let recordedApp = App()
    let recorder = SessionRecorder(recordedApp.root)
    let plainApp = App()
    let turns = 2_000
    let measurement = Measurement(operationsPerRound: turns)
    var recordedEvents: UInt64 = 0
    let comparison = measurement.compare(
      ribcage: {
        let before = recorder.eventCount
        recordedApp.play(turns: turns)
        recordedEvents += recorder.eventCount - before
      },
      floor: { plainApp.play(turns: turns) })
    precondition(recordedApp.leaks == 0 && plainApp.leaks == 0, "the benchmark app leaked")
    let eventsPerTurn = Double(recordedEvents) / Double(22 * turns)
    // Heap allocations recording adds per event, in steady state: the ring full (it drops
    // events), and then full once more, so every chunk of kept view models has had its turn.
    while recorder.droppedEventCount == 0 { recordedApp.play(turns: 1_000) }
    let filled = recorder.eventCount
    while recorder.droppedEventCount < filled { recordedApp.play(turns: 1_000) }
    // The same comparison once the ring is full (what a recorder left on spends most of its
    // life in): it drops a segment as it closes one, and writes in memory it has written
    // before, where the first fill touches each page for the first time. The plain app plays
    // as many turns first: the presenters' numbers, and so their strings, are as long.
    plainApp.play(turns: recordedApp.turn - plainApp.turn)
    let steady = measurement.compare(
      ribcage: { recordedApp.play(turns: turns) }, floor: { plainApp.play(turns: turns) })
    let before = recorder.eventCount
    let recordedAllocations = countAllocations { recordedApp.play(turns: 200) }
    let events = recorder.eventCount - before
    let plainAllocations = countAllocations { plainApp.play(turns: 200) }
    let allocationsPerEvent =
      (Double(recordedAllocations) - Double(plainAllocations)) / Double(events)
    // Reading the session: every kept event formatted and every kept view model encoded (what
    // recording leaves for the moment a session is written, streamed or read), per turn of the
    // app (three renders), and per event.
    let clock = ContinuousClock()
    var bytes = 0
    let reading = clock.measure { bytes = recorder.sessionBytes().count }
    let readNanoseconds =
      Double(reading.components.seconds) * 1e9 + Double(reading.components.attoseconds) / 1e9
    let keptEvents = Double(recorder.eventCount - recorder.droppedEventCount)
    let readPerEvent = readNanoseconds / keptEvents
    return benchLine(
      "recorder-app", comparison,
      extra: "steady_ratio=\(format(steady.ratio)) events_per_turn=\(format(eventsPerTurn)) "
        + "allocs_per_event=\(format(allocationsPerEvent)) "
        + "read_ns_per_event=\(format(readPerEvent)) "
        + "read_ns_per_turn=\(format(readPerEvent * eventsPerTurn)) session_bytes=\(bytes)")
  }

  /// The same app recorded with a live consumer taking the session as it is recorded (an
  /// inspector, a file: lines handed over every 256 events, view models encoded), against the
  /// same app recorded with no consumer: what streaming adds on the main actor, per turn.
  /// `ratio` with the view models of `Sendable` types encoded on a background queue (the
  /// default), `main_ratio` with every view model encoded on the main actor.
  static func runStreaming() -> String {
    let background = streamingComparison(encodesInBackground: true)
    let onMain = streamingComparison(encodesInBackground: false)
    return benchLine(
      "recorder-stream", background,
      extra: "main_ratio=\(format(onMain.ratio)) main_ns=\(format(onMain.ribcage))")
  }

  private static func streamingComparison(encodesInBackground: Bool) -> Comparison {
    let streamedApp = App()
    let streamed = try! SessionRecorder(
      streamedApp.root, configuration: .init(encodesInBackground: encodesInBackground))
    var bytes = 0
    let consumer = streamed.stream { bytes &+= $0.count }
    let plainApp = App()
    let plain = SessionRecorder(plainApp.root)
    let turns = 2_000
    let comparison = Measurement(operationsPerRound: turns).compare(
      ribcage: { streamedApp.play(turns: turns) }, floor: { plainApp.play(turns: turns) })
    streamed.flush()
    precondition(bytes > 0, "nothing was streamed")
    consumer.cancel()
    withExtendedLifetime(plain) {}
    return comparison
  }

  /// A small app: 25 viewless RIBs, three screens, one service.
  @MainActor
  final class App {
    let root: BenchRouter
    let detector: LeakDetector
    let service = BenchService()
    let scheduler = TurnEndScheduler()
    var turn = 0
    var leaks = 0

    init() {
      let (root, detector, _) = TreeAttachDetach.makeRoots()
      self.root = root
      self.detector = detector
      for index in 0..<5 {
        let child = BenchRouter(component: BenchComponent(dependency: root.component))
        root.attachChild(child)
        for _ in 0..<4 {
          child.attachChild(BenchRouter(component: BenchComponent(dependency: child.component)))
        }
        if index < 3 {
          child.attachChild(ScreenRouter(state: service.state, scheduler: scheduler))
        }
      }
      scheduler.endTurn()
    }

    func play(turns: Int) {
      for _ in 0..<turns {
        turn += 1
        service.increment()
        if turn % 10 == 0 {
          let child = BenchRouter(component: BenchComponent(dependency: root.component))
          root.attachChild(child)
          child.attachChild(BenchRouter(component: BenchComponent(dependency: child.component)))
          child.attachChild(BenchRouter(component: BenchComponent(dependency: child.component)))
          root.detachChild(child)
        }
        scheduler.endTurn()
        if turn % 10 == 0 { leaks += detector.sweep().count }
      }
    }
  }
}

/// What a confirm screen shows, `Codable` as view models should be.
struct ScreenViewModel: Equatable, Codable {
  var title: String
  var price: String
  var eta: String
  var canConfirm: Bool
  var options: [String]
}

struct ScreenPresenter: Presenter, Sendable {
  func present(_ state: BenchState) -> ScreenViewModel {
    let cents = state.priceCents + state.count
    let fraction = cents % 100
    return ScreenViewModel(
      title: "Confirm \(state.product)",
      price: "$\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)",
      eta: "\(state.count % 15 + 1) min", canConfirm: state.count.isMultiple(of: 2),
      options: ["uberX", "uberXL", "Black"])
  }
}

@MainActor
final class ScreenView: Rendering, ViewControllable {
  var titleLabel = ""
  var priceLabel = ""
  func render(_ viewModel: ScreenViewModel) {
    titleLabel = viewModel.title
    priceLabel = viewModel.price
  }
}

@MainActor
final class ScreenInteractor: PresentableInteractor<ScreenView>, Interactable {
  var loop: RenderLoop<BenchState, ScreenViewModel>?
}

@MainActor
final class ScreenRouter: ViewableRouter<ScreenInteractor, ScreenView> {
  convenience init(state: StateStream<BenchState>, scheduler: any RenderScheduler) {
    let view = ScreenView()
    let interactor = ScreenInteractor(presenter: view)
    let loop = RenderLoop(
      state: state, presenter: ScreenPresenter(), view: view, scheduler: scheduler)
    interactor.loop = loop
    loop.start(interactor)
    self.init(interactor: interactor, viewController: view)
  }
}

/// Flushes every loop signalled during the turn at its end.
@MainActor
final class TurnEndScheduler: RenderScheduler {
  private var pending: [any RenderLoopFlushing] = []
  func scheduleFlush(of loop: any RenderLoopFlushing) { pending.append(loop) }
  func endTurn() {
    let loops = pending
    pending.removeAll(keepingCapacity: true)
    for loop in loops { loop.flush() }
  }
}
