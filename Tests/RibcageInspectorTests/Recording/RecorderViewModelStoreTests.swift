import Foundation
@_spi(RibcageInspection) import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// A view model over three words, so that boxing it would allocate: the recorder keeps it in
/// place instead.
struct CounterViewModel: Equatable, Codable {
  var label: String
  var doubled: String
  var count: Int
}

/// Records each render's view model type as the tap receives it.
@MainActor
final class TypedRenderTap: InspectionTap {
  var seen: [String] = []
  /// Whether each render came from a loop that knew its view model type to be `Sendable`.
  var sendable: [Bool] = []

  override func treeRendered<ViewModel>(
    _ viewModel: ViewModel, by router: RouterNode?, isSendable: Bool
  ) {
    seen.append("\(ViewModel.self) \(router?.name ?? "none")")
    sendable.append(isSendable)
  }
}

@MainActor
@Suite("SessionRecorder's view models kept in place", .timeLimit(.minutes(5)))
struct RecorderViewModelStoreTests {
  @Test("a tap gets each rendered view model as its own type, with the RIB that rendered it")
  func typedTap() {
    let app = RecordedApp()
    app.launch()
    let tap = TypedRenderTap()
    app.root.context.setInspectionTap(tap, timesHooks: false)
    defer { app.root.context.setInspectionTap(nil, timesHooks: false) }
    let state = MutableStateStream(1)
    let scheduler = ManualRenderScheduler()
    do {
      let cart = CartViewRouter(service: CartService(), scheduler: scheduler)
      app.root.attachChild(cart)
      let loop = RenderLoop(
        state: state.stream, present: { CounterViewModel(label: "\($0)", doubled: "", count: $0) },
        render: { _ in }, scheduler: scheduler)
      loop.start(cart.interactor)
      state.value = 2
      scheduler.flush()
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(tap.seen.filter { $0.hasPrefix("CounterViewModel") }.count == 2)
    #expect(tap.seen.last == "CounterViewModel CartView")
  }

  @Test("a loop made where its view model type is known to be Sendable says so; others do not")
  func sendableViewModelTypes() {
    let app = RecordedApp()
    app.launch()
    let tap = TypedRenderTap()
    app.root.context.setInspectionTap(tap, timesHooks: false)
    defer { app.root.context.setInspectionTap(nil, timesHooks: false) }
    let state = MutableStateStream(1)
    let scheduler = ManualRenderScheduler()
    do {
      let cart = CartViewRouter(service: CartService(), scheduler: scheduler)
      app.root.attachChild(cart)
      tap.sendable = []
      let loops: [Worker] = [
        // A struct of strings and numbers: Sendable, and known to be here.
        RenderLoop(
          state: state.stream,
          present: { CounterViewModel(label: "\($0)", doubled: "", count: $0) },
          render: { _ in }, scheduler: scheduler),
        // The same type, but the loop is made where the type is a generic parameter.
        genericLoop(state.stream, scheduler) {
          CounterViewModel(label: "", doubled: "", count: $0)
        },
        // A mutable class: not Sendable.
        RenderLoop(
          state: state.stream, present: { MutableLabelViewModel(text: "\($0)") },
          render: { _ in }, scheduler: scheduler),
      ]
      for loop in loops { loop.start(cart.interactor) }
      app.root.detachChild(cart)
    }
    #expect(tap.sendable == [true, false, false])
    #expect(app.detector.sweep().isEmpty)
  }

  @Test(
    "a view model that is never written is not kept: not encoded, or not Encodable",
    arguments: [true, false])
  func unwrittenViewModelsAreNotKept(encodes: Bool) throws {
    // With `encodesViewModels: false`, an Encodable type; with encoding, a type that is not.
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(keyframeInterval: 50, encodesViewModels: encodes))
    app.launch()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    CountedViewModel.alive = 0
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      let loop: Worker =
        encodes
        ? RenderLoop(
          state: state.stream, present: { UncodableCountedViewModel(count: $0) },
          render: { _ in }, scheduler: scheduler)
        : RenderLoop(
          state: state.stream, present: { CountedViewModel(count: $0) }, render: { _ in },
          scheduler: scheduler)
      loop.start(cart.interactor)
      for turn in 1...500 {
        state.value = turn
        scheduler.flush()
      }
      // The loop keeps its last one; the recorder none.
      #expect(CountedViewModel.alive == 1)
      app.root.detachChild(cart)
    }
    let timeline = try SessionTimeline(recorder)
    let renders = timeline.events.filter { $0.kind == .render }
    #expect(renders.count == 501)
    #expect(
      renders.allSatisfy { $0.fields["viewModel"] == nil && $0.string("viewModelType") != nil })
    // Keyframes still name the type each RIB rendered last.
    let keyframes = timeline.events.filter { $0.kind == .keyframe }
    #expect(
      keyframes.contains {
        $0.fields["ribs"]?.serialized().contains("CountedViewModel") == true
      })
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("every render and keyframe of a dropping ring shows the value rendered then")
  func keptValuesSurviveReuse() throws {
    let app = RecordedApp()
    // A small ring: segments are dropped, and the chunks their view models were in are reused.
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 8 * 1024, keyframeInterval: 20))
    app.launch()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    let renders = 2_000
    do {
      let cart = CartViewRouter(service: CartService(), scheduler: scheduler)
      app.root.attachChild(cart)
      let loop = RenderLoop(
        state: state.stream,
        present: { count in
          CounterViewModel(label: "count \(count)", doubled: "\(count * 2)", count: count)
        },
        render: { _ in }, scheduler: scheduler)
      loop.start(cart.interactor)
      for count in 1...renders {
        state.value = count
        scheduler.flush()
        if count % 97 == 0 { _ = recorder.mark("at \(count)") }
      }
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(recorder.droppedEventCount > 0)

    let timeline = try SessionTimeline(recorder)
    var checked = 0
    var lastCount: Int64?
    for (index, event) in timeline.events.enumerated() {
      if event.kind == .render, event.string("viewModelType")?.hasSuffix("CounterViewModel") == true
      {
        let viewModel = try #require(event.fields["viewModel"])
        guard case .integer(let count) = viewModel["count"] else {
          Issue.record("no count in \(viewModel)")
          continue
        }
        #expect(viewModel["label"] == .string("count \(count)"))
        #expect(viewModel["doubled"] == .string("\(count * 2)"))
        if let lastCount { #expect(count == lastCount + 1) }
        lastCount = count
        checked += 1
      }
      if event.kind == .mark, let lastCount {
        // The moment at a mark rebuilds from the keyframe before it: the RIB shows the value
        // rendered last.
        let shown = timeline.moment(at: index).rib(at: "AppRoot/CartView")?.viewModel
        #expect(shown?["count"] == .integer(lastCount))
      }
    }
    #expect(checked > 10)
    #expect(lastCount == Int64(renders))
  }

  @Test("a RIB that rendered once keeps its view model in every keyframe while others render on")
  func quietRIBKeepsItsViewModel() throws {
    let app = RecordedApp()
    // A small ring: the quiet RIB's render is dropped, and the chunk it was kept in is reused
    // by the busy RIB's renders of the same type once nothing else holds it.
    let recorder = try SessionRecorder(
      app.root, configuration: .init(byteBudget: 8 * 1024, keyframeInterval: 20))
    app.launch()
    let scheduler = ManualRenderScheduler()
    let quietState = MutableStateStream(-1)
    let busyState = MutableStateStream(0)
    let present: @MainActor @Sendable (Int) -> CounterViewModel = { count in
      CounterViewModel(label: "count \(count)", doubled: "\(count * 2)", count: count)
    }
    do {
      let quiet = FeedRouter()
      let busy = CartRouter()
      app.root.attachChild(quiet)
      app.root.attachChild(busy)
      let quietLoop = RenderLoop(
        state: quietState.stream, present: present, render: { _ in }, scheduler: scheduler)
      quietLoop.start(quiet.interactor)
      let busyLoop = RenderLoop(
        state: busyState.stream, present: present, render: { _ in }, scheduler: scheduler)
      busyLoop.start(busy.interactor)
      for count in 1...2_000 {
        busyState.value = count
        scheduler.flush()
      }
      _ = recorder.mark("end")
      app.root.detachChild(quiet)
      app.root.detachChild(busy)
    }
    #expect(app.detector.sweep().isEmpty)
    #expect(recorder.droppedEventCount > 0)

    let timeline = try SessionTimeline(recorder)
    #expect(!timeline.events.contains { $0.kind == .render && $0.path == "AppRoot/Feed" })
    let end = try #require(timeline.events.firstIndex { $0.kind == .mark })
    let moment = timeline.moment(at: end)
    #expect(moment.rib(at: "AppRoot/Feed")?.viewModel?["label"] == .string("count -1"))
    #expect(moment.rib(at: "AppRoot/Cart")?.viewModel?["count"] == .integer(2_000))
  }

  @Test("a view model rendered as its superclass is recorded as the class it is, every time")
  func subclassViewModels() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      let loop = RenderLoop(
        state: state.stream,
        present: {
          $0.isMultiple(of: 2) ? BannerViewModel(text: "\($0)") : AlertViewModel(text: "\($0)")
        },
        render: { _ in }, scheduler: scheduler)
      loop.start(cart.interactor)
      for count in 1...4 {
        state.value = count
        scheduler.flush()
      }
      app.root.detachChild(cart)
    }
    #expect(app.detector.sweep().isEmpty)
    let types = try SessionTimeline(recorder).events.filter { $0.kind == .render }.compactMap {
      $0.string("viewModelType")?.split(separator: ".").last.map(String.init)
    }
    #expect(
      types == [
        "BannerViewModel", "AlertViewModel", "BannerViewModel", "AlertViewModel", "BannerViewModel",
      ])
  }

  @Test("a view model whose encoding detaches its RIB while sampled: the render names no RIB")
  func samplingDetachesTheRIB() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    var loop: RenderLoop<Int, DetachingViewModel>?
    do {
      let cart = CartRouter()
      app.root.attachChild(cart)
      // The first render of a type is sampled: encoded, which here detaches the RIB.
      DetachingViewModel.onEncode = { [unowned cart] in app.root.detachChild(cart) }
      loop = RenderLoop(
        state: state.stream, present: { DetachingViewModel(count: $0) }, render: { _ in },
        scheduler: scheduler)
      loop?.start(cart.interactor)
    }
    DetachingViewModel.onEncode = nil
    #expect(app.root.children.isEmpty)
    #expect(recorder.liveRIBCount == 1)
    let timeline = try SessionTimeline(recorder)
    let render = try #require(timeline.events.first { $0.kind == .render })
    #expect(render.path == nil)
    #expect(timeline.moment(at: timeline.events.count - 1).rib(at: "AppRoot/Cart") == nil)
    withExtendedLifetime(loop) {}
    #expect(app.detector.sweep().isEmpty)
  }
}

/// A view model whose `encode(to:)` calls out to the app: what a hostile one can do.
struct DetachingViewModel: Equatable, Encodable {
  var count: Int
  @MainActor static var onEncode: (() -> Void)?

  func encode(to encoder: any Encoder) throws {
    MainActor.assumeIsolated { Self.onEncode?() }
    var container = encoder.singleValueContainer()
    try container.encode(count)
  }
}

/// A view model class and a subclass of it, rendered as the superclass.
class BannerViewModel: Equatable, Encodable {
  let text: String
  init(text: String) { self.text = text }
  static func == (lhs: BannerViewModel, rhs: BannerViewModel) -> Bool {
    type(of: lhs) == type(of: rhs) && lhs.text == rhs.text
  }
}

final class AlertViewModel: BannerViewModel {}

/// A view model that is a mutable class: not `Sendable`.
final class MutableLabelViewModel: Equatable {
  var text: String
  init(text: String) { self.text = text }
  static func == (lhs: MutableLabelViewModel, rhs: MutableLabelViewModel) -> Bool {
    lhs.text == rhs.text
  }
}

/// A loop made where the view model's type is a generic parameter, not known to be `Sendable`.
@MainActor
func genericLoop<ViewModel: Equatable>(
  _ state: StateStream<Int>, _ scheduler: any RenderScheduler,
  present: @escaping @MainActor (Int) -> ViewModel
) -> RenderLoop<Int, ViewModel> {
  RenderLoop(state: state, present: present, render: { _ in }, scheduler: scheduler)
}

/// A view model class that counts its live instances.
class CountedViewModel: Equatable, Encodable {
  @MainActor static var alive = 0
  let count: Int
  init(count: Int) {
    self.count = count
    MainActor.assumeIsolated { Self.alive += 1 }
  }
  deinit { MainActor.assumeIsolated { Self.alive -= 1 } }
  static func == (lhs: CountedViewModel, rhs: CountedViewModel) -> Bool {
    lhs.count == rhs.count
  }
}

/// The same, not `Encodable`.
final class UncodableCountedViewModel: Equatable {
  let counted: CountedViewModel
  init(count: Int) { counted = CountedViewModel(count: count) }
  static func == (lhs: UncodableCountedViewModel, rhs: UncodableCountedViewModel) -> Bool {
    lhs.counted == rhs.counted
  }
}
