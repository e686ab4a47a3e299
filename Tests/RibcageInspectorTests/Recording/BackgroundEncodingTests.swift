import Dispatch
import Foundation
import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// A `Sendable` view model that notes the thread its `encode(to:)` runs on.
struct ThreadNotingViewModel: Equatable, Encodable {
  var count: Int

  func encode(to encoder: any Encoder) throws {
    EncodingThreads.shared.note()
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(count, forKey: .count)
    try container.encode(String(repeating: "x", count: count % 7), forKey: .padding)
  }

  enum Key: String, CodingKey { case count, padding }
}

/// A view model that is a mutable class (not `Sendable`), noting its encoding thread too.
final class ThreadNotingClassViewModel: Equatable, Encodable {
  var count: Int
  init(count: Int) { self.count = count }
  static func == (lhs: ThreadNotingClassViewModel, rhs: ThreadNotingClassViewModel) -> Bool {
    lhs.count == rhs.count
  }
  func encode(to encoder: any Encoder) throws {
    EncodingThreads.shared.note(sendable: false)
    var container = encoder.singleValueContainer()
    try container.encode(count)
  }
}

/// A `Sendable` view model whose `Encodable` conformance is isolated to the main actor.
struct MainActorEncodedViewModel: Equatable, Sendable {
  var count: Int
}

extension MainActorEncodedViewModel: @MainActor Encodable {
  func encode(to encoder: any Encoder) throws {
    EncodingThreads.shared.note(kind: "isolated")
    var container = encoder.singleValueContainer()
    try container.encode(count)
  }
}

/// Where view models were encoded: on the thread that records (the main actor's, which is not
/// the main thread under every test runner) or another.
final class EncodingThreads: @unchecked Sendable {
  static let shared = EncodingThreads()
  private let lock = NSLock()
  private var counts: [String: Int] = [:]
  private var recordingThread: Thread?

  func note(sendable: Bool = true) {
    note(kind: sendable ? "sendable" : "class")
  }

  func note(kind: String) {
    lock.lock()
    let place = Thread.current === recordingThread ? "main" : "background"
    counts["\(kind) \(place)", default: 0] += 1
    lock.unlock()
  }

  /// The counts so far, and starts again, the calling thread taken as the recording one.
  func take() -> [String: Int] {
    lock.lock()
    defer { lock.unlock() }
    let taken = counts
    counts = [:]
    recordingThread = Thread.current
    return taken
  }
}

@MainActor
@Suite("SessionRecorder's background encoding", .serialized, .timeLimit(.minutes(5)))
struct BackgroundEncodingTests {
  /// Renders `turns` values of both view model types (and a child attached and detached every
  /// few turns, so keyframes list RIBs with view models), handing over every turn.
  private func play(
    _ app: RecordedApp, recorder: SessionRecorder, turns: Int,
    classes: Bool = true
  ) -> [any RenderLoopFlushing] {
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    let screen = CartRouter()
    app.root.attachChild(screen)
    var loops: [Worker] = [
      RenderLoop(
        state: state.stream, present: { ThreadNotingViewModel(count: $0) }, render: { _ in },
        scheduler: scheduler)
    ]
    if classes {
      loops.append(
        RenderLoop(
          state: state.stream, present: { ThreadNotingClassViewModel(count: $0) },
          render: { _ in }, scheduler: scheduler))
    }
    for loop in loops { loop.start(screen.interactor) }
    for turn in 1...turns {
      state.value = turn
      scheduler.flush()
      if turn % 5 == 0 {
        let child = CartRouter()
        app.root.attachChild(child)
        app.root.detachChild(child)
      }
    }
    app.root.detachChild(screen)
    return loops.compactMap { $0 as? any RenderLoopFlushing }
  }

  @Test("streamed to a file, Sendable view models are encoded off the main thread; the file loads")
  func fileEncodesInTheBackground() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(appName: "Tests", keyframeInterval: 30, filePath: path))
    app.launch()
    _ = EncodingThreads.shared.take()
    _ = play(app, recorder: recorder, turns: 400)
    recorder.flush()
    let threads = EncodingThreads.shared.take()
    // The first value of each type is encoded on the main actor when recording samples it;
    // the others, streamed, off it — but the class's, never.
    #expect(threads["sendable background", default: 0] >= 400)
    #expect(threads["class background"] == nil)
    #expect(threads["class main", default: 0] >= 400)
    let fromFile = try SessionTimeline(contentsOfFile: path)
    #expect(fromFile.events.count == Int(recorder.lastSequenceNumber))
    // The file and the memory copy say the same of every render they both keep.
    let fromMemory = try SessionTimeline(recorder)
    let fileRenders = Dictionary(
      fromFile.events.filter { $0.kind == .render }.map { ($0.seq, $0.fields) },
      uniquingKeysWith: { first, _ in first })
    let memoryRenders = fromMemory.events.filter { $0.kind == .render }
    #expect(memoryRenders.count > 100)
    for render in memoryRenders { #expect(fileRenders[render.seq] == render.fields) }
    let lastFile = fromFile.moment(at: fromFile.events.count - 1)
    let lastMemory = fromMemory.moment(at: fromMemory.events.count - 1)
    #expect(lastFile.treeText == lastMemory.treeText)
    recorder.stop()
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("a consumer gets whole lines in order, view models in place, from any mix of types")
  func consumerGetsLinesInOrder() throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(app.root, configuration: .init(keyframeInterval: 25))
    app.launch()
    var received: [UInt8] = []
    let consumer = recorder.stream(from: .retained) { received += $0 }
    _ = play(app, recorder: recorder, turns: 300)
    recorder.flush()
    let streamed = try SessionTimeline(bytes: received)
    #expect(streamed.events.count == Int(recorder.lastSequenceNumber))
    let renders = streamed.events.filter { $0.kind == .render }
    // Each loop renders once as it starts, then once a turn.
    #expect(renders.count == 2 * 301)
    #expect(renders.allSatisfy { $0.fields["viewModel"] != nil })
    consumer.cancel()
    recorder.stop()
    #expect(app.detector.sweep().isEmpty)
  }

  @Test("without a flush, encoded lines reach a consumer by themselves, in order")
  func deliveredWithoutFlush() async throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(app.root, configuration: .init(keyframeInterval: 40))
    app.launch()
    var received: [UInt8] = []
    let consumer = recorder.stream { received += $0 }
    _ = play(app, recorder: recorder, turns: 200, classes: false)
    // Handed over at the end of the turn; encoded in the background; delivered on the main
    // actor once encoded.
    for _ in 0..<500 {
      if let streamed = try? SessionTimeline(bytes: received),
        streamed.events.last?.seq == Int64(recorder.lastSequenceNumber)
      {
        break
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let streamed = try SessionTimeline(bytes: received)
    #expect(streamed.events.last?.seq == Int64(recorder.lastSequenceNumber))
    #expect(streamed.events.filter { $0.kind == .render }.count == 201)
    consumer.cancel()
    recorder.stop()
  }

  @Test("a Sendable view model whose Encodable conformance is the main actor's: encoded there")
  func mainActorConformance() throws {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    var received: [UInt8] = []
    let consumer = recorder.stream { received += $0 }
    _ = EncodingThreads.shared.take()
    let state = MutableStateStream(0)
    let scheduler = ManualRenderScheduler()
    do {
      let screen = CartRouter()
      app.root.attachChild(screen)
      let loop = RenderLoop(
        state: state.stream, present: { MainActorEncodedViewModel(count: $0) },
        render: { _ in }, scheduler: scheduler)
      loop.start(screen.interactor)
      for turn in 1...300 {
        state.value = turn
        scheduler.flush()
      }
      app.root.detachChild(screen)
    }
    recorder.flush()
    let threads = EncodingThreads.shared.take()
    #expect(threads["isolated main", default: 0] > 300)
    #expect(threads["isolated background"] == nil)
    let renders = try SessionTimeline(bytes: received).events.filter { $0.kind == .render }
    #expect(renders.count == 301)
    #expect(renders.allSatisfy { $0.fields["viewModel"] != nil })
    consumer.cancel()
    recorder.stop()
  }

  @Test("a consumer that flushes from its closure: every consumer still gets lines in order")
  func reentrantConsumer() async throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(app.root, configuration: .init(keyframeInterval: 30))
    app.launch()
    var first: [UInt8] = []
    var second: [UInt8] = []
    let flushing = recorder.stream { [weak recorder] in
      first += $0
      recorder?.flush()
    }
    let other = recorder.stream { second += $0 }
    for _ in 0..<5 {
      _ = play(app, recorder: recorder, turns: 80, classes: false)
      await nextMainTurn()
    }
    recorder.flush()
    await nextMainTurn()
    for bytes in [first, second] {
      let timeline = try SessionTimeline(bytes: bytes)
      #expect(timeline.events.last?.seq == Int64(recorder.lastSequenceNumber))
    }
    flushing.cancel()
    other.cancel()
    recorder.stop()
  }

  @Test("without a turn of the main actor, what waits for encoding stays bounded")
  func boundedWithoutTurns() {
    let app = RecordedApp()
    let recorder = SessionRecorder(app.root)
    app.launch()
    var received = 0
    let consumer = recorder.stream { received += $0.count }
    let joined = received
    _ = play(app, recorder: recorder, turns: 3_000, classes: false)
    // Lines reached the consumer without a flush and without a turn: at most a few hand-overs
    // wait.
    #expect(received > joined + 100_000)
    consumer.cancel()
    recorder.stop()
  }

  @Test("with background encoding off, every view model is encoded on the main thread")
  func backgroundEncodingOff() throws {
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(encodesInBackground: false))
    app.launch()
    _ = EncodingThreads.shared.take()
    var received: [UInt8] = []
    let consumer = recorder.stream { received += $0 }
    _ = play(app, recorder: recorder, turns: 50, classes: false)
    recorder.flush()
    #expect(EncodingThreads.shared.take()["sendable background"] == nil)
    #expect(try SessionTimeline(bytes: received).events.count > 50)
    consumer.cancel()
    recorder.stop()
  }

  @Test("a recorder released with view models still being encoded leaves the file whole")
  func releasedWhileEncoding() async throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = RecordedApp()
    var recorder: SessionRecorder? = try SessionRecorder(
      app.root, configuration: .init(filePath: path))
    app.launch()
    _ = play(app, recorder: recorder!, turns: 600, classes: false)
    let handedOver = recorder!.lastSequenceNumber
    weak let released = recorder
    recorder = nil
    // A recorder that called out during the turn keeps itself until the next; its deinit, on
    // the main actor, may come a job later.
    await nextMainTurn()
    await Task.yield()
    #expect(released == nil)
    let fromFile = try SessionTimeline(contentsOfFile: path)
    // Every line handed over is in the file (the events of the last, unfinished batch of 256
    // may not be: they were never handed over).
    #expect(fromFile.events.count > Int(handedOver) - 256)
    #expect(
      fromFile.events.filter { $0.kind == .render }.allSatisfy { $0.fields["viewModel"] != nil })
  }
}

/// Returns once what the main queue had to run before the call has run (a recorder kept through
/// a call-out goes then).
@MainActor
func nextMainTurn() async {
  await withCheckedContinuation { continuation in
    DispatchQueue.main.async { continuation.resume() }
  }
}
