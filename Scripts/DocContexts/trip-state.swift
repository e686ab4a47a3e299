// The state a trip service owns, for docs/guide.md's stream excerpt.
import Ribcage

enum TripState: Sendable, Equatable { case idle, requesting }

let tripService = TripService()
