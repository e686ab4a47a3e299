import Foundation

/// Combine publishers confined to a RIB's active period, and brought to the main actor.
extension Publisher {
  /// This publisher's values while `interactorScope` is active — ModernRIBs' and uber/RIBs'
  /// `confineTo(_:)`: subscribed as soon as the result is, delivered only while the scope is
  /// active, and the latest value delivered again each time it becomes active.
  ///
  /// ```swift
  /// // upstream: v1 ----- v2 ------------ v3 ----------->
  /// // active:   false --------- true -------- false ---->
  /// // result:   -------------- v2 --- v3 -------------->
  /// locations.confineTo(self).sink { [weak self] in self?.show($0) }.store(in: &cancellables)
  /// ```
  ///
  /// Values are delivered on the main actor whatever thread the upstream sends on (a value from
  /// a background thread arrives a little later, in order). Like ModernRIBs' it finishes when the
  /// upstream has finished and the scope has gone. It never fails: ModernRIBs asserts that the
  /// upstream does not fail; here an upstream failure ends the confined publisher and is printed
  /// to standard error — handle errors before `confineTo` (`catch`, `replaceError`).
  @MainActor
  public func confineTo(_ interactorScope: some InteractorScope) -> AnyPublisher<Output, Never> {
    ConfinedPublisher(upstream: self, activeness: interactorScope.isActiveStream)
      .eraseToAnyPublisher()
  }
}

/// The publisher ``Publisher/confineTo(_:)`` returns.
struct ConfinedPublisher<Upstream: Publisher>: Publisher {
  typealias Output = Upstream.Output
  typealias Failure = Never

  let upstream: Upstream
  let activeness: StateStream<Bool>

  func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
    let confinement = Confinement<Upstream, S>(downstream: subscriber, activeness: activeness)
    subscriber.receive(subscription: confinement)
    upstream.subscribe(confinement)
  }
}

/// One subscription of a confined publisher: the upstream subscriber and the downstream
/// subscription at once. Its state lives on the main actor: every entry point that can come from
/// another thread (upstream values, demand, cancellation) goes there through one mailbox, in the
/// order the calls were made.
final class Confinement<Upstream: Publisher, Downstream: Subscriber>: Subscription, Subscriber,
  @unchecked Sendable
where Downstream.Input == Upstream.Output, Downstream.Failure == Never {
  typealias Input = Upstream.Output
  typealias Failure = Upstream.Failure

  let combineIdentifier = CombineIdentifier()
  private let activeness: StateStream<Bool>
  private let upstreamLock = NSLock()
  private var upstreamSubscription: (any Subscription)?  // guarded by upstreamLock
  private let mailbox = MainActorMailbox()
  private let cancellation = CancellationFlag()

  // Main actor only.
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  private var latest: Input?
  private var isWaiting = false  // `latest` is new, or the scope was activated, since delivered
  private var isActive = false
  private var activenessSubscription: StreamSubscription?
  private var upstreamFinished = false
  private var scopeGone = false

  init(downstream: Downstream, activeness: StateStream<Bool>) {
    self.downstream = downstream
    self.activeness = activeness
  }

  // MARK: Subscriber (the upstream side; any thread)

  func receive(subscription: any Subscription) {
    upstreamLock.lock()
    // Cancelled before the upstream subscribed (the subscription is handed downstream first).
    let cancelled = cancellation.isCancelled
    if !cancelled { upstreamSubscription = subscription }
    upstreamLock.unlock()
    guard !cancelled else {
      subscription.cancel()
      return
    }
    subscription.request(.unlimited)  // only the latest value is kept
    mailbox.run { [self] in startObservingActiveness() }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    // The hot path: run at once, no closure allocated, when nothing is waiting.
    let handover = Handover(input)
    if mailbox.enterIfIdle() {
      MainActor.assumeIsolated {
        store(handover.value)
        mailbox.leave()
      }
      return .none
    }
    mailbox.enqueue { [self] in store(handover.value) }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    mailbox.run { [self] in
      if case .failure(let error) = completion {
        FileHandle.standardError.write(
          Data(
            ("RibcageCombine: the publisher confined with confineTo(_:) failed (\(error)); the "
              + "confined publisher finished. Handle errors before confineTo (catch, "
              + "replaceError).\n").utf8))
        finish()
        return
      }
      upstreamFinished = true
      if scopeGone { finish() }
    }
  }

  // MARK: Subscription (the downstream side; any thread)

  func request(_ demand: Subscribers.Demand) {
    mailbox.run { [self] in
      self.demand += demand
      deliverIfPossible()
    }
  }

  func cancel() {
    upstreamLock.lock()
    cancellation.cancel()  // under the lock: receive(subscription:) sees it or is seen
    upstreamLock.unlock()
    cancelUpstream()
    mailbox.run { [self] in
      downstream = nil
      activenessSubscription?.cancel()
      activenessSubscription = nil
      latest = nil
    }
  }

  // MARK: Main actor

  @MainActor private func store(_ value: Input) {
    guard downstream != nil else { return }
    latest = value
    isWaiting = true
    deliverIfPossible()
  }

  @MainActor private func startObservingActiveness() {
    guard downstream != nil, activenessSubscription == nil else { return }
    activenessSubscription = activeness.observe(
      { [weak self] active in self?.activenessChanged(to: active) },
      onFinish: { [weak self] in self?.scopeDidGo() })
  }

  @MainActor private func activenessChanged(to active: Bool) {
    let becameActive = active && !isActive
    isActive = active
    // On activation the latest value is delivered even if it was before (ModernRIBs'
    // `combineLatest` with the activeness stream re-emits it).
    if becameActive && latest != nil { isWaiting = true }
    deliverIfPossible()
  }

  @MainActor private func scopeDidGo() {
    isActive = false
    scopeGone = true
    if upstreamFinished { finish() }
  }

  /// Delivers the latest value if one is waiting, the scope is active and the downstream wants
  /// one. Values that arrive while the downstream has no demand replace each other: the latest
  /// is delivered when demand comes.
  @MainActor private func deliverIfPossible() {
    // A loop: a value the subscriber sends from its own `receive` arrives while the demand it
    // returns is not yet counted, and is delivered here once it is.
    while isActive, isWaiting, demand > .none, let value = latest, let downstream,
      !cancellation.isCancelled
    {
      isWaiting = false
      demand -= 1
      demand += downstream.receive(value)
    }
  }

  @MainActor private func finish() {
    guard let downstream, !cancellation.isCancelled else { return }
    self.downstream = nil
    activenessSubscription?.cancel()
    activenessSubscription = nil
    cancelUpstream()
    downstream.receive(completion: .finished)
  }

  private func cancelUpstream() {
    upstreamLock.lock()
    let subscription = upstreamSubscription
    upstreamSubscription = nil
    upstreamLock.unlock()
    subscription?.cancel()
  }
}
