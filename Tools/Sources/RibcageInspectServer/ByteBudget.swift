/// A number of bytes shared by every app connection: each takes its message's size before
/// checking and writing it, and gives it back after; one that would pass the budget waits. So
/// however many apps send at once, the messages being worked on stay within the budget.
actor ByteBudget {
  private let total: Int
  private var inUse = 0
  private var waiting: [(bytes: Int, continuation: CheckedContinuation<Void, Never>)] = []

  init(total: Int) {
    self.total = total
  }

  /// Takes `bytes` (at most the whole budget), waiting until they are free.
  func take(_ bytes: Int) async {
    let bytes = min(bytes, total)
    if waiting.isEmpty, inUse + bytes <= total {
      inUse += bytes
      return
    }
    await withCheckedContinuation { waiting.append((bytes, $0)) }
  }

  /// Gives back what ``take(_:)`` took.
  func give(_ bytes: Int) {
    inUse -= min(bytes, total)
    while let first = waiting.first, inUse + first.bytes <= total {
      waiting.removeFirst()
      inUse += first.bytes
      first.continuation.resume()
    }
  }
}
