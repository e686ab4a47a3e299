import Ribcage

/// Records every value of a stream, for asserting what a service published.
///
/// ```swift
/// let recorder = StreamRecorder(service.trips)
/// service.requestTrip()
/// #expect(recorder.values == [.idle, .requesting])
/// ```
@MainActor
public final class StreamRecorder<Value> {
  /// Every value received, in order.
  public private(set) var values: [Value] = []
  /// Whether the stream has finished.
  public private(set) var isFinished = false
  private var subscription: StreamSubscription?

  /// Records `stream`, starting with its current value.
  public init(_ stream: StateStream<Value>) {
    subscription = stream.observe(
      { [unowned self] in self.values.append($0) },
      onFinish: { [unowned self] in self.isFinished = true })
  }

  /// Records every later event of `stream`.
  public init(_ stream: EventStream<Value>) {
    subscription = stream.observe(
      { [unowned self] in self.values.append($0) },
      onFinish: { [unowned self] in self.isFinished = true })
  }

  isolated deinit {
    subscription?.cancel()
  }

  /// The last value received.
  public var last: Value? { values.last }

  /// Stops recording.
  public func cancel() {
    subscription?.cancel()
  }
}

/// Captures the tree's diagnostics instead of stopping at an assertion.
///
/// ```swift
/// let diagnostics = DiagnosticsRecorder()
/// root.context = TreeContext(diagnostics: diagnostics.handler)
/// root.attachChild(child); root.attachChild(child)
/// #expect(diagnostics.kinds == [.alreadyAttached])
/// ```
@MainActor
public final class DiagnosticsRecorder {
  /// Every diagnostic reported, in order.
  public private(set) var reports: [TreeDiagnostic] = []

  /// Creates an empty recorder.
  public init() {}

  /// The handler to install in a ``TreeContext`` or a builder.
  public var handler: DiagnosticsHandler {
    DiagnosticsHandler { [weak self] in self?.reports.append($0) }
  }

  /// The kinds of every diagnostic reported, in order.
  public var kinds: [TreeDiagnostic.Kind] { reports.map(\.kind) }

  /// Forgets the reports so far.
  public func reset() {
    reports.removeAll()
  }
}

/// A launch host that records what it was asked to show, for launching a tree in tests.
@MainActor
public final class TestLaunchHost: LaunchHost {
  /// The root view installed last.
  public private(set) var rootView: (any ViewControllable)?
  /// How many times a root view was installed.
  public private(set) var installCount = 0

  /// Creates an empty host.
  public init() {}

  public func install(rootView: any ViewControllable) {
    self.rootView = rootView
    installCount += 1
  }
}
