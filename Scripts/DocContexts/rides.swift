// The small ride-hailing app the docs' excerpts talk about: its state, services and contracts.
import Ribcage

enum TripStatus: Sendable, Equatable { case requested, matched, onTrip, done }

struct Trip: Sendable, Equatable, Identifiable {
  var id: Int
  var status: TripStatus
}

enum TripStage: Sendable, Equatable {
  case waiting, riding, finished
  init(_ status: TripStatus) {
    switch status {
    case .requested, .matched: self = .waiting
    case .onTrip: self = .riding
    case .done: self = .finished
    }
  }
}

struct RequestDraft: Sendable, Equatable {
  var pickup: String?
  var destination: String?
  var hasRoute: Bool { pickup != nil && destination != nil }
}

struct Product: Sendable, Equatable { var name: String, etaMinutes: Int }
struct RequestState: Sendable, Equatable { var product = "Ride", price: Int? = nil }
struct User: Sendable, Equatable { var name: String }
struct Session: Sendable, Equatable { var user: User? }
struct Receipt: Sendable, Equatable { var total: Int }
struct Message: Sendable, Equatable { var text: String }
struct Tap: Sendable, Equatable { var name: String }
struct Settings: Sendable, Equatable { var units = "km" }

@MainActor final class TripService {
  private let current = MutableStateStream(Trip(id: 1, status: .requested))
  private let all = MutableStateStream([Trip]())
  var trip: StateStream<Trip> { current.stream }
  var trips: StateStream<[Trip]> { all.stream }
  func state(of id: Int) -> StateStream<Trip> { current.stream }
}

@MainActor final class RequestService {
  private let drafts = MutableStateStream(RequestDraft())
  private let requests = MutableStateStream(RequestState())
  var draft: StateStream<RequestDraft> { drafts.stream }
  var state: StateStream<RequestState> { requests.stream }
  func confirm() { requests.update { $0.price = 12 } }
}

@MainActor final class CityService {
  private let list = MutableStateStream([Product]())
  var products: StateStream<[Product]> { list.stream }
}

@MainActor final class SessionService {
  private let current = MutableStateStream<Session?>(nil)
  var session: StateStream<Session?> { current.stream }
}

@MainActor final class ChatService {
  private let relay = EventRelay<Message>()
  func messages(in chat: Int) -> EventStream<Message> { relay.stream }
}

enum RidesLink: Equatable, Sendable { case trip(id: Int), promo(code: String, source: String?) }

extension FeatureFlag where Value == Bool {
  static let coupons = FeatureFlag("coupons", default: true)
}
