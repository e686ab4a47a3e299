/// One subscription that connects a chain of derived streams. A stream that learns while
/// connecting that it must finish (its upstream had finished, or a `prefix` is already full)
/// waits until the subscriber that started the chain has been replayed its values: otherwise
/// `state.first().map(f)` would finish before its first observer got the current value.
@MainActor
@usableFromInline
final class ConnectScope {
  private var finishes: [@MainActor () -> Void] = []

  @usableFromInline
  init() {}

  /// Runs `finish` when the outermost subscription is done.
  func finishLater(_ finish: @escaping @MainActor () -> Void) {
    finishes.append(finish)
  }

  /// Runs the waiting finishes, upstream first (in the order they were deferred).
  @usableFromInline
  func finishDeferred() {
    var index = 0
    while index < finishes.count {
      finishes[index]()
      index += 1
    }
    finishes.removeAll()
  }
}
