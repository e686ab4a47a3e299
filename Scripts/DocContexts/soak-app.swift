// The Rides app's objects (rides-app), plus the checkout journey and leak list a soak excerpt uses.
// @include rides-app
import Testing

@MainActor func playCheckout(_ index: Int) async {}
let leakReports: [LeakReport] = []
extension TripService {
  var recordedTripCount: Int { 0 }
}
