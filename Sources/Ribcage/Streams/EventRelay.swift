/// The read side of a stream of events: values with no "current" state (a tap, a push
/// notification, a finished payment). New subscribers receive only events sent after they
/// subscribed.
@MainActor
public struct EventStream<Value> {
  @usableFromInline let core: StreamCore<Value>

  @usableFromInline
  init(core: StreamCore<Value>) {
    self.core = core
  }

  /// Whether the owner has finished the stream (or gone away); no event follows. A derived
  /// stream finishes when its upstreams do (``prefix(_:)`` also after its last value).
  public var isFinished: Bool { core.reportsFinished }

  /// How many subscriptions are live: what a soak census counts to prove observers of a
  /// long-lived stream do not pile up.
  public var subscriberCount: Int { core.subscriberCount }

  /// Calls `onValue` with every later event until the subscription is cancelled or the stream
  /// finishes (then `onFinish` runs once).
  public func observe(
    _ onValue: @escaping @MainActor (Value) -> Void,
    onFinish: (@MainActor () -> Void)? = nil
  ) -> StreamSubscription {
    core.subscribe(onValue: onValue, onFinish: onFinish)
  }
}

/// The write side of an ``EventStream``: the one value through which events are emitted.
///
/// Noncopyable, like ``MutableStateStream``: its owner keeps it and hands out only ``stream``.
///
/// ```swift
/// private let arrivals = EventRelay<DriverArrival>()
/// var driverArrivals: EventStream<DriverArrival> { arrivals.stream }
/// ...
/// arrivals.send(DriverArrival(minutesLate: 0))
/// ```
@MainActor
public struct EventRelay<Value>: ~Copyable {
  @usableFromInline let owner = StreamOwner(StreamCore<Value>())

  /// Creates a relay with no subscribers.
  public init() {}

  /// The read-only side, to hand to everything that is not the owner.
  public var stream: EventStream<Value> { EventStream(core: owner.core) }

  /// Delivers `value` to every subscriber.
  @inlinable
  public func send(_ value: Value) {
    owner.core.send(value)
  }

  /// Ends the stream: subscribers get `onFinish` and later sends are ignored.
  public func finish() {
    owner.core.finish()
  }

  /// How many subscriptions are live. For tests and diagnostics, hence SPI
  /// (`@_spi(Diagnostics) import Ribcage`); a soak census counts the read side's
  /// ``EventStream/subscriberCount``.
  @_spi(Diagnostics) public var subscriberCount: Int { owner.core.subscriberCount }

  /// Whether anyone is subscribed; lets an emitter skip building events nobody receives.
  @inlinable
  public var hasSubscribers: Bool { owner.core.hasSubscribers }
}
