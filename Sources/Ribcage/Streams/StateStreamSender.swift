/// A write handle for a ``MutableStateStream``, for a callback its owner registers: a Combine
/// sink, a delegate method, a notification observer. Values that arrive there change the state
/// the same way the owner's own `send` does.
///
/// Only the owner can make one (``MutableStateStream/sender``), so the state still has one writer:
/// keep the sender inside the service, in the callbacks it sets up. It holds the stream weakly:
/// once the owner has let the stream go, sending does nothing and ``isConnected`` is `false` —
/// a callback that outlives its service cannot resurrect the state.
///
/// ```swift
/// @MainActor final class LocationService {
///   private let location = MutableStateStream(Location.unknown)
///   private var feeds = Set<AnyCancellable>()
///   var current: StateStream<Location> { location.stream }
///
///   init(updates: some Publisher<Location, Never>) {
///     let sender = location.sender
///     updates.receiveOnMainActor().sink { sender.send($0) }.store(in: &feeds)  // RibcageCombine
///   }
/// }
/// ```
@MainActor
public struct StateStreamSender<Value> {
  @usableFromInline weak var owner: StreamOwner<Value>?

  @usableFromInline init(owner: StreamOwner<Value>) {
    self.owner = owner
  }

  /// Delivers `value` to every observer and makes it the current value, if the stream's owner
  /// still has it; otherwise does nothing.
  @inlinable
  public func send(_ value: Value) {
    owner?.core.send(value)
  }

  /// Changes the current value in place and delivers the result once, if the stream's owner
  /// still has it.
  @inlinable
  public func update(_ change: @MainActor (inout Value) -> Void) {
    guard let core = owner?.core, var next = core.current?.value else { return }
    change(&next)
    core.send(next)
  }

  /// Whether the stream's owner still has it: `false` once it was released (or finished).
  public var isConnected: Bool {
    guard let owner else { return false }
    return !owner.core.reportsFinished
  }
}

extension MutableStateStream {
  /// A handle that writes into this stream from a callback of the owner's own, holding it weakly.
  /// See ``StateStreamSender``.
  public var sender: StateStreamSender<Value> { StateStreamSender(owner: owner) }
}
