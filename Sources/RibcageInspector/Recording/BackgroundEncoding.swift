import Dispatch

/// Where a recorder's hand-overs go once some of their view models are encoded off the main
/// actor: lines whose view models are all in place wait only for those handed over before them,
/// the others for their encoding too, on a background queue. Each is delivered on the main
/// actor, in the order it was handed over: a consumer and the file see whole lines, in order.
@MainActor
final class BackgroundEncoding {
  private let queue = DispatchQueue(label: "ribcage.session-encoding", qos: .utility)
  /// The lines ready to deliver, by ticket (the queue adds to it).
  private let ready = LockedValue<[Int: [UInt8]]>([:])
  /// Tickets handed out and not yet delivered, oldest first from `head`.
  private var waiting: [Int] = []
  private var head = 0
  private var nextTicket = 0
  /// Hand-overs that may wait before the next waits for them.
  static let mostWaiting = 16
  private let deliver: @MainActor ([UInt8]) -> Void

  /// Delivers each hand-over's lines to `deliver`.
  init(deliver: @escaping @MainActor ([UInt8]) -> Void) {
    self.deliver = deliver
  }

  /// Whether nothing waits: lines handed over now may be delivered at once.
  var isIdle: Bool { head == waiting.count && !isDelivering }
  /// Whether lines are being delivered (a consumer that hands over again from its callback
  /// must not get newer lines before older ones reach the others).
  private var isDelivering = false

  /// Encodes `lines`' view models on the background queue, then delivers them after what was
  /// handed over before.
  func encode(_ lines: DeferredLines) {
    // What is ready goes first; when the main actor does not turn (a tool's loop, a test that
    // never yields), what waits is bounded: past a few hand-overs, wait for them here.
    deliverReady()
    if waiting.count - head >= Self.mostWaiting {
      queue.sync {}
      deliverReady()
    }
    let ticket = take()
    queue.async { [ready, weak self] in
      let bytes = lines.assembled()
      ready.update { $0[ticket] = bytes }
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.deliverReady() } }
    }
  }

  /// Delivers `bytes` after what was handed over before (at once, when nothing waits).
  func handOver(_ bytes: [UInt8]) {
    guard !isIdle else {
      isDelivering = true
      deliver(bytes)
      isDelivering = false
      // What a consumer handed over from its closure meanwhile.
      return deliverReady()
    }
    let ticket = take()
    ready.update { $0[ticket] = bytes }
    deliverReady()
  }

  /// Waits for every encoding under way and returns, in order, everything not delivered yet
  /// (for the caller to deliver: a recorder's ``SessionRecorder/flush()`` and its deinit).
  /// From a consumer's closure (lines are being delivered), it only waits: the delivery under
  /// way goes on with the rest, in order, once the closure returns.
  func drain() -> [[UInt8]] {
    guard !isIdle else { return [] }
    queue.sync {}
    guard !isDelivering else { return [] }
    let tickets = waiting[head...]
    waiting.removeAll(keepingCapacity: true)
    head = 0
    return ready.update { ready in tickets.compactMap { ready.removeValue(forKey: $0) } }
  }

  private func take() -> Int {
    nextTicket += 1
    waiting.append(nextTicket)
    return nextTicket
  }

  /// Delivers, in order, the lines ready up to the first that is not.
  private func deliverReady() {
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    while head < waiting.count, let bytes = ready.update({ $0.removeValue(forKey: waiting[head]) })
    {
      head += 1
      deliver(bytes)
    }
    if head == waiting.count {
      waiting.removeAll(keepingCapacity: true)
      head = 0
    }
  }
}
