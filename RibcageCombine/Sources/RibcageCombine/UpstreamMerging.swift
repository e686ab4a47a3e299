#if !canImport(Combine)
  import Foundation

  /// The subscription behind `combineLatest` and `merge` where Combine is OpenCombine (Linux),
  /// which does not have them: several upstreams, one downstream.
  ///
  /// Upstreams are asked for unlimited values; the downstream's demand is honoured here.
  /// `combineLatest` keeps only the newest combination while the downstream has no demand (it
  /// gets that one when it asks again); `merge` queues every value. Values, completion and
  /// cancellation may come from any thread: the state is behind a lock, and one thread at a time
  /// delivers, outside the lock, so a subscriber that sends again from inside its `receive` (on
  /// the same thread) is served after it returns instead of deadlocking.
  final class UpstreamMerging<Output, Failure: Error>: Subscription, @unchecked Sendable {
    enum Mode {
      /// Emits `combine(latest)` once every upstream has sent a value, then at every change.
      case latest(combine: ([Any]) -> Output)
      /// Emits every value of every upstream.
      case merge
    }

    private let mode: Mode
    private let lock = NSLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var upstreams: [(any Subscription)?]
    private var latest: [Any?]
    private var waiting: [Output] = []
    private var completion: Subscribers.Completion<Failure>?
    private var finishedCount = 0
    private var demand = Subscribers.Demand.none
    private var delivering = false
    private var cancelled = false

    init(count: Int, mode: Mode, downstream: AnySubscriber<Output, Failure>) {
      self.mode = mode
      self.downstream = downstream
      upstreams = Array(repeating: nil, count: count)
      latest = Array(repeating: nil, count: count)
    }

    /// Hands a new merging subscription for `count` upstreams to `subscriber`; the caller then
    /// subscribes each upstream to ``side(_:of:)``.
    static func start<S: Subscriber>(_ subscriber: S, count: Int, mode: Mode) -> UpstreamMerging
    where S.Input == Output, S.Failure == Failure {
      let merging = UpstreamMerging(count: count, mode: mode, downstream: AnySubscriber(subscriber))
      subscriber.receive(subscription: merging)
      return merging
    }

    /// The subscriber to attach to upstream `index`.
    func side<Input>(_ index: Int, of _: Input.Type) -> AnySubscriber<Input, Failure> {
      AnySubscriber(
        receiveSubscription: { [self] in attach($0, at: index) },
        receiveValue: { [self] in receive($0, from: index) },
        receiveCompletion: { [self] in complete($0, from: index) })
    }

    private func attach(_ subscription: any Subscription, at index: Int) {
      lock.lock()
      let keep = !cancelled && completion == nil
      if keep { upstreams[index] = subscription }
      lock.unlock()
      if keep { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    private func receive(_ value: Any, from index: Int) -> Subscribers.Demand {
      lock.lock()
      guard !cancelled, completion == nil else {
        lock.unlock()
        return .none
      }
      switch mode {
      case .latest(let combine):
        latest[index] = value
        let values = latest.compactMap { $0 }
        if values.count == latest.count { waiting = [combine(values)] }
      case .merge:
        waiting.append(value as! Output)
      }
      lock.unlock()
      drain()
      return .none
    }

    private func complete(_ end: Subscribers.Completion<Failure>, from index: Int) {
      lock.lock()
      guard !cancelled, completion == nil else {
        lock.unlock()
        return
      }
      var others: [any Subscription] = []
      switch end {
      case .failure:
        completion = end
        waiting = []
        others = upstreams.enumerated().compactMap { $0.offset == index ? nil : $0.element }
        upstreams = upstreams.map { _ in nil }
      case .finished:
        upstreams[index] = nil
        finishedCount += 1
        if finishedCount == upstreams.count { completion = .finished }
      }
      lock.unlock()
      for other in others { other.cancel() }
      drain()
    }

    func request(_ more: Subscribers.Demand) {
      lock.lock()
      demand += more
      lock.unlock()
      drain()
    }

    func cancel() {
      lock.lock()
      cancelled = true
      downstream = nil
      waiting = []
      let all = upstreams.compactMap { $0 }
      upstreams = upstreams.map { _ in nil }
      lock.unlock()
      for upstream in all { upstream.cancel() }
    }

    /// Delivers what the downstream may receive now; one thread at a time.
    private func drain() {
      while true {
        lock.lock()
        guard !delivering, let downstream else {
          lock.unlock()
          return
        }
        if !waiting.isEmpty, demand > 0 {
          let value = waiting.removeFirst()
          demand -= 1
          delivering = true
          lock.unlock()
          let more = downstream.receive(value)
          lock.lock()
          demand += more
          delivering = false
          lock.unlock()
        } else if waiting.isEmpty, let completion {
          self.downstream = nil
          lock.unlock()
          downstream.receive(completion: completion)
          return
        } else {
          lock.unlock()
          return
        }
      }
    }
  }
#endif
