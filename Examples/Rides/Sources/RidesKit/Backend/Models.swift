/// A signed-in rider.
public struct User: Sendable, Equatable, Codable {
  public let name: String
}

/// What signing in gives: the user and the token the backend issued. Everything below LoggedIn
/// receives it non-optional.
public struct Session: Sendable, Equatable {
  public let user: User
  public let token: String
}

/// A named place of the simulated city, with a position in kilometres.
public struct Place: Sendable, Equatable, Codable {
  public let name: String
  public let x: Double
  public let y: Double

  /// The straight-line distance to `other`, in kilometres.
  public func distance(to other: Place) -> Double {
    let dx = x - other.x
    let dy = y - other.y
    return (dx * dx + dy * dy).squareRoot()
  }
}

/// A kind of ride the city offers.
public struct Product: Sendable, Equatable, Codable {
  public let id: String
  public let name: String
  public let seats: Int
  public let baseFare: Int  // cents
  public let perKilometre: Int  // cents
  public let carModel: String
  /// Seconds until the nearest car of this kind could reach a rider.
  public var etaSeconds: Int
}

/// A payment card on file.
public struct Card: Sendable, Equatable, Codable {
  public let id: String
  public let label: String
}

/// A driver matched to a trip.
public struct Driver: Sendable, Equatable, Codable {
  public let name: String
  public let carModel: String
  public let plate: String
}

/// Where a trip is, as the backend reports it.
public enum TripStatus: Sendable, Equatable {
  /// Looking for a driver.
  case pending
  /// A driver is on the way; `etaSeconds` until they reach the pickup.
  case matched(Driver, etaSeconds: Int)
  /// The driver is at the pickup.
  case driverArrived(Driver)
  /// Riding; `remainingSeconds` to the destination.
  case onTrip(Driver, remainingSeconds: Int)
  /// At the destination; the rider was charged `fare` cents.
  case droppedOff(Driver, fare: Int)
  /// Cancelled before pickup.
  case cancelled

  /// Whether the trip is over (dropped off or cancelled).
  public var isFinished: Bool {
    switch self {
    case .droppedOff, .cancelled: true
    default: false
    }
  }
}

/// A trip: what was asked, and where it is.
public struct Trip: Sendable, Equatable {
  public let id: Int
  public let rider: String
  public let product: Product
  public let pickup: Place
  public let destination: Place
  public let card: Card
  public let fare: Int  // cents, coupon applied
  public var status: TripStatus
}

/// Formats cents as dollars: `1250` → `$12.50`.
public func dollars(_ cents: Int) -> String {
  let sign = cents < 0 ? "-" : ""
  let value = abs(cents)
  let fraction = value % 100
  return "\(sign)$\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Formats seconds as minutes: `125` → `3 min` (rounded up), `0` → `now`.
public func minutes(_ seconds: Int) -> String {
  seconds <= 0 ? "now" : "\((seconds + 59) / 60) min"
}
