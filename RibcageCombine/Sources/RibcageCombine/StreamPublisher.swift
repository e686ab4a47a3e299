import Foundation

/// A Ribcage state stream as a Combine publisher.
extension StateStream {
  /// This stream as a Combine publisher: the current value at once, then every change, on the
  /// main actor; it finishes when the stream does.
  ///
  /// ```swift
  /// tripService.trip.publisher
  ///   .map(\.status)
  ///   .removeDuplicates()
  ///   .sink { [weak self] in self?.show($0) }
  ///   .cancelOnDeactivate(interactor: self)
  /// ```
  ///
  /// Each subscriber observes the stream from the moment it subscribes (made on the main actor;
  /// a subscription made on another thread starts a little later, on the main queue). A
  /// subscriber that asks for fewer values than arrive gets the latest one when it asks again.
  public var publisher: AnyPublisher<Value, Never> {
    let stream = self
    return StreamPublisher { onValue, onFinish in stream.observe(onValue, onFinish: onFinish) }
      .eraseToAnyPublisher()
  }
}

/// A Ribcage event stream as a Combine publisher.
extension EventStream {
  /// This stream as a Combine publisher: every later event (and what the stream replays, for a
  /// stream computed from a state stream), on the main actor; it finishes when the stream does.
  public var publisher: AnyPublisher<Value, Never> {
    let stream = self
    return StreamPublisher { onValue, onFinish in stream.observe(onValue, onFinish: onFinish) }
      .eraseToAnyPublisher()
  }
}

/// A Ribcage stream as a `Publisher`. `observe` starts one observation (on the main actor).
struct StreamPublisher<Value>: Publisher {
  typealias Output = Value
  typealias Failure = Never
  typealias Observe =
    @MainActor (
      _ onValue: @escaping @MainActor (Value) -> Void, _ onFinish: @escaping @MainActor () -> Void
    ) -> StreamSubscription

  let observe: Observe

  init(observe: @escaping Observe) {
    self.observe = observe
  }

  func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
    let bridge = StreamBridge(downstream: AnySubscriber(subscriber), observe: observe)
    subscriber.receive(subscription: bridge)
  }
}

/// One subscription of a ``StreamPublisher``. The observation starts on the first demand and
/// all state lives on the main actor; demand and cancellation may come from any thread.
final class StreamBridge<Value>: Subscription, @unchecked Sendable {
  let combineIdentifier = CombineIdentifier()
  private let observe: StreamPublisher<Value>.Observe
  private let mailbox = MainActorMailbox()  // demand and cancellation, in the order made
  private let cancellation = CancellationFlag()  // at once, whatever waits in the mailbox

  // Main actor only.
  private var downstream: AnySubscriber<Value, Never>?
  private var demand = Subscribers.Demand.none
  private var pending: Value?
  private var observation: StreamSubscription?
  private var isCancelled = false

  init(downstream: AnySubscriber<Value, Never>, observe: @escaping StreamPublisher<Value>.Observe) {
    self.downstream = downstream
    self.observe = observe
  }

  func request(_ demand: Subscribers.Demand) {
    mailbox.run { [self] in
      guard !isCancelled else { return }
      self.demand += demand
      if let value = pending {
        pending = nil
        deliver(value)
      }
      if observation == nil {
        observation = observe(
          { [weak self] value in self?.deliver(value) }, { [weak self] in self?.finish() })
      }
    }
  }

  func cancel() {
    cancellation.cancel()
    mailbox.run { [self] in
      isCancelled = true
      downstream = nil
      pending = nil
      observation?.cancel()
      observation = nil
    }
  }

  @MainActor private func deliver(_ value: Value) {
    guard let downstream, !cancellation.isCancelled else { return }
    guard demand > .none else {
      pending = value
      return
    }
    demand -= 1
    demand += downstream.receive(value)
  }

  @MainActor private func finish() {
    guard let downstream, !cancellation.isCancelled else { return }
    self.downstream = nil
    observation = nil
    downstream.receive(completion: .finished)
  }
}
