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
  @usableFromInline let core: StreamCore<Value>

  @usableFromInline
  init(core: StreamCore<Value>) {
    self.core = core
  }

  /// A stream that always holds `value` and never changes.
  public static func constant(_ value: Value) -> StateStream<Value> {
    StateStream(core: StreamCore(replaying: value))
  }

  /// The current value.
  ///
  /// A derived stream (``map(_:)``, ``combineLatest(_:)->StateStream<(Value,Other)>``, ...) that
  /// nobody observes holds no upstream subscription: it computes its value from its upstreams
  /// when asked.
  @inlinable
  public var value: Value { core.stateValue }

  /// Whether the owner has finished the stream (or gone away); no value follows. A derived
  /// stream finishes when its upstreams do.
  public var isFinished: Bool { core.reportsFinished }

  /// How many subscriptions are live: what a soak census counts to prove observers of a
  /// long-lived stream do not pile up.
  public var subscriberCount: Int { core.subscriberCount }

  /// Calls `onValue` with the current value now and with every later value, until the
  /// subscription is cancelled or the stream finishes (then `onFinish` runs once).
  public func observe(
    _ onValue: @escaping @MainActor (Value) -> Void,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> StreamSubscription {
    core.subscribe(onValue: onValue, onFinish: onFinish)
  }
}

/// The write side of a ``StateStream``: the one value through which the state can change.
///
/// It is noncopyable, so it cannot be shared: the service that creates it keeps it (usually
/// `private`) and hands out only ``stream``. Anything else that wants the state changed asks the
/// service — writing from outside is impossible by construction, not by convention.
///
/// ```swift
/// @MainActor final class TripService {
///   private let trips = MutableStateStream(TripState.idle)
///   var tripStates: StateStream<TripState> { trips.stream }
///
///   func request(to destination: Place) {
///     trips.value = .requesting(destination)
///   }
/// }
/// ```
///
/// When its owner goes away, the stream finishes: observers get `onFinish`, and `for await` loops
/// over ``StateStream/values`` end.
@MainActor
public struct MutableStateStream<Value>: ~Copyable {
  @usableFromInline let owner: StreamOwner<Value>

  /// Creates a stream whose current value is `initial`.
  public init(_ initial: Value) {
    owner = StreamOwner(StreamCore(replaying: initial))
  }

  /// The read-only side, to hand to everything that is not the owner.
  public var stream: StateStream<Value> { StateStream(core: owner.core) }

  /// The current value; setting it delivers the new value to every observer.
  @inlinable
  public var value: Value {
    get { owner.core.current!.value }
    nonmutating set { owner.core.send(newValue) }
  }

  /// Delivers `value` to every observer and makes it the current value.
  @inlinable
  public func send(_ value: Value) {
    owner.core.send(value)
  }

  /// Changes the current value in place and delivers the result once.
  @inlinable
  public func update(_ change: @MainActor (inout Value) -> Void) {
    var next = owner.core.current!.value
    change(&next)
    owner.core.send(next)
  }

  /// Ends the stream: observers get `onFinish` and later sends are ignored.
  public func finish() {
    owner.core.finish()
  }

  /// How many subscriptions are live. For tests and diagnostics, hence SPI
  /// (`@_spi(Diagnostics) import Ribcage`); a soak census counts the read side's
  /// ``StateStream/subscriberCount``.
  @_spi(Diagnostics) public var subscriberCount: Int { owner.core.subscriberCount }
}

/// Finishes a stream when its write side goes away. A class, because only a class's deinit can
/// be isolated to the main actor.
@MainActor
@usableFromInline
final class StreamOwner<Value> {
  @usableFromInline let core: StreamCore<Value>

  @usableFromInline
  init(_ core: StreamCore<Value>) {
    self.core = core
  }

  isolated deinit {
    core.finish()
  }
}
