/// The read side of a stream of immutable state: always has a current value, replays it to each new
/// subscriber, then delivers every change synchronously on the main actor.
///
/// Hand a `StateStream` down the dependency graph; keep its ``MutableStateStream`` in the one
/// service allowed to change the state. There is no way to send through a `StateStream`.
///
/// ```swift
/// let profile = MutableStateStream(Profile(name: "Ada"))
/// let readOnly: StateStream<Profile> = profile.stream
/// let subscription = readOnly.observe { print($0.name) }   // prints "Ada" at once
/// profile.value = Profile(name: "Grace")                    // prints "Grace"
/// subscription.cancel()
/// ```
@MainActor
public struct StateStream<Value> {
  let core: StreamCore<Value>

  init(core: StreamCore<Value>) {
    self.core = core
  }

  /// A stream that always holds `value` and never changes.
  public static func constant(_ value: Value) -> StateStream<Value> {
    StateStream(core: StreamCore(replaying: value))
  }

  /// The current value.
  public var value: Value {
    // A state core is created with a value and only ever replaces it.
    core.latest!
  }

  /// Whether the owner has finished the stream (or gone away); no value follows.
  public var isFinished: Bool { core.isFinished }

  /// Calls `onValue` with the current value now and with every later value, until the
  /// subscription is cancelled or the stream finishes (then `onFinish` runs once).
  public func observe(
    _ onValue: @escaping (Value) -> Void,
    onFinish: (() -> Void)? = nil
  ) -> StreamSubscription {
    core.subscribe(onValue: onValue, onFinish: onFinish)
  }
}

/// The write side of a ``StateStream``: owned by the service that is allowed to change the state.
///
/// When the owner releases it, the stream finishes: observers get `onFinish`, and `for await`
/// loops over ``StateStream/values`` end.
@MainActor
public final class MutableStateStream<Value> {
  private let core: StreamCore<Value>

  /// Creates a stream whose current value is `initial`.
  public init(_ initial: Value) {
    core = StreamCore(replaying: initial)
  }

  isolated deinit {
    core.finish()
  }

  /// The read-only side, to hand to everything that is not the owner.
  public var stream: StateStream<Value> { StateStream(core: core) }

  /// The current value; setting it delivers the new value to every observer.
  public var value: Value {
    get { core.latest! }
    set { core.send(newValue) }
  }

  /// Delivers `value` to every observer and makes it the current value.
  public func send(_ value: Value) {
    core.send(value)
  }

  /// Changes the current value in place and delivers the result once.
  public func update(_ change: (inout Value) -> Void) {
    var next = core.latest!
    change(&next)
    core.send(next)
  }

  /// Ends the stream: observers get `onFinish` and later sends are ignored.
  public func finish() {
    core.finish()
  }

  /// How many subscriptions are live (for tests and diagnostics).
  public var subscriberCount: Int { core.subscriberCount }
}
