// A service of a migrated ModernRIBs app, for the RibcageCombine examples.
import RibcageCombine

@MainActor final class TripService {
  private let statusState = MutableStateStream("idle")
  var status: StateStream<String> { statusState.stream }
}
