import Ribcage

/// What the rider has chosen so far in one request.
public struct RequestDraft: Sendable, Equatable {
  public var pickup: Place?
  public var destination: Place?
  public var product: Product
  public var card: Card
  public var coupon: Coupon?
  public var seats = 1
  public var note = ""

  /// Whether both ends of the trip are known.
  public var hasRoute: Bool { pickup != nil && destination != nil }

  /// The fare in cents with the coupon applied, once the route is known.
  @MainActor
  public func fare(in city: CityService) -> Int? {
    guard let pickup, let destination else { return nil }
    return max(0, city.fare(for: product, from: pickup, to: destination) - (coupon?.discount ?? 0))
  }
}

/// Why a request could not be changed or sent.
public enum RequestError: Error, Equatable, CustomStringConvertible {
  case unknownPlace(String, known: [String])
  case samePlace
  case unknownProduct(String, known: [String])
  case unknownCard(String, known: [String])
  case badSeats(String, max: Int)
  case incomplete
  case backend(TripError)

  public var description: String {
    switch self {
    case .unknownPlace(let name, let known):
      "no place called '\(name)'; places: \(known.joined(separator: ", "))"
    case .samePlace: "pickup and destination are the same place"
    case .unknownProduct(let name, let known):
      "no product '\(name)'; products: \(known.joined(separator: ", "))"
    case .unknownCard(let name, let known):
      "no card '\(name)'; cards: \(known.joined(separator: ", "))"
    case .badSeats(let text, let max): "seats must be a number from 1 to \(max), not '\(text)'"
    case .incomplete: "choose a pickup and a destination first"
    case .backend(let error): error.description
    }
  }
}

/// Owns one request's draft — the Request RIB's scope. Every screen of the request flow asks it
/// to change the draft and observes the result.
@MainActor
public final class RequestService {
  private let draftWriter: MutableStateStream<RequestDraft>
  private let session: Session
  private let city: CityService
  private let payments: PaymentService
  private let trips: TripService
  private let coupons: CouponService

  public init(
    session: Session, city: CityService, payments: PaymentService, trips: TripService,
    coupons: CouponService
  ) {
    self.session = session
    self.coupons = coupons
    self.city = city
    self.payments = payments
    self.trips = trips
    draftWriter = MutableStateStream(
      RequestDraft(product: city.products.value[0], card: payments.defaultCard))
  }

  /// The draft, read-only.
  public var draft: StateStream<RequestDraft> { draftWriter.stream }

  /// The fare of the draft in cents, coupon applied, if the route is known.
  public var fare: Int? { draftWriter.value.fare(in: city) }

  public func setPickup(_ name: String) throws(RequestError) {
    let place = try place(named: name)
    guard place != draftWriter.value.destination else { throw .samePlace }
    draftWriter.update { $0.pickup = place }
  }

  public func setDestination(_ name: String) throws(RequestError) {
    let place = try place(named: name)
    guard place != draftWriter.value.pickup else { throw .samePlace }
    draftWriter.update { $0.destination = place }
  }

  public func selectProduct(_ name: String) throws(RequestError) {
    guard let product = city.product(named: name) else {
      throw .unknownProduct(name, known: city.products.value.map(\.id))
    }
    draftWriter.update {
      $0.product = product
      $0.seats = min($0.seats, product.seats)
    }
  }

  public func selectCard(_ id: String) throws(RequestError) {
    guard let card = payments.card(id: id) else {
      throw .unknownCard(id, known: payments.cards.map(\.id))
    }
    draftWriter.update { $0.card = card }
  }

  public func setCoupon(_ coupon: Coupon?) {
    if draftWriter.value.coupon != coupon { draftWriter.update { $0.coupon = coupon } }
  }

  public func setSeats(_ text: String) throws(RequestError) {
    let maximum = draftWriter.value.product.seats
    guard let seats = Int(text), (1...maximum).contains(seats) else {
      throw .badSeats(text, max: maximum)
    }
    draftWriter.update { $0.seats = seats }
  }

  public func setNote(_ note: String) {
    draftWriter.update { $0.note = String(note.prefix(80)) }
  }

  /// Sends the request to the backend.
  public func submit() throws(RequestError) -> StateStream<Trip> {
    let draft = draftWriter.value
    guard let pickup = draft.pickup, let destination = draft.destination, let fare else {
      throw .incomplete
    }
    let trip: StateStream<Trip>
    do {
      trip = try trips.request(
        for: session.user.name, product: draft.product, from: pickup, to: destination,
        card: draft.card, fare: fare)
    } catch {
      throw .backend(error)
    }
    // The backend consumed the coupon.
    if draft.coupon != nil { coupons.clear() }
    return trip
  }

  private func place(named name: String) throws(RequestError) -> Place {
    guard let place = city.place(named: name) else {
      throw .unknownPlace(name, known: city.places.map(\.name))
    }
    return place
  }
}
