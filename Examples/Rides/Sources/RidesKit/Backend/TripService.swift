import Ribcage

/// Why the backend refused a trip operation.
public enum TripError: Error, Equatable, CustomStringConvertible {
  case unknownTrip(Int)
  case notYourTrip(Int)
  case alreadyRiding(Int)

  public var description: String {
    switch self {
    case .unknownTrip(let id): "there is no trip \(id)"
    case .notYourTrip(let id): "trip \(id) belongs to another rider"
    case .alreadyRiding(let id): "trip \(id) is still in progress"
    }
  }
}

/// One trip's state stream. A class so that the service can keep the noncopyable writer per trip.
@MainActor
final class TripFeed {
  let writer: MutableStateStream<Trip>

  init(_ trip: Trip) {
    writer = MutableStateStream(trip)
  }
}

/// The simulated dispatch backend: takes requests, matches drivers and drives each trip through
/// pending → matched → driver arrived → on trip → dropped off as simulated time passes. Push
/// notifications ("driver arrived") arrive here too. The only writer of trip state.
@MainActor
public final class TripService {
  /// Seconds from request to match, from arrival to pickup.
  public static let matchDelay = 5
  public static let boardingDelay = 20

  private let city: CityService
  private var feeds: [Int: TripFeed] = [:]
  /// The trips not yet finished, oldest first: the only ones time moves. (Finished trips stay in
  /// `feeds` for `trip(_:)`, but a finished trip never changes again.)
  private var inProgress: [Int] = []
  /// Finished trips still kept, oldest first: at most ``finishedTripsKept``, so a backend that runs
  /// for days does not keep every trip it ever served.
  private var finished: [Int] = []

  /// How many finished trips the backend keeps for `trip(_:)` and deep links.
  public static let finishedTripsKept = 100

  /// Trips on record (in progress and the finished ones kept).
  public var recordedTripCount: Int { feeds.count }
  /// Trips time still moves.
  public var tripsInProgressCount: Int { inProgress.count }
  private var nextID = 100
  private var clockSubscription: StreamSubscription?
  private let drivers = [
    ("Sam", "KX 42 RB"), ("Priya", "LN 07 QT"), ("Marco", "GH 19 ZE"),
  ]

  /// Creates the backend with one finished trip of alice's (id 42) on record.
  public init(city: CityService, clock: SimulatedClock) {
    self.city = city
    let products = city.products.value
    let driver = Driver(name: "Sam", carModel: products[0].carModel, plate: "KX 42 RB")
    record(
      Trip(
        id: 42, rider: "alice", product: products[0], pickup: city.places[0],
        destination: city.places[3], card: Card(id: "visa", label: "Visa ····4242"), fare: 2_050,
        status: .droppedOff(driver, fare: 2_050)))
    clockSubscription = clock.now.observe { [unowned self] second in
      if second > 0 { tick() }
    }
  }

  isolated deinit {
    clockSubscription?.cancel()
  }

  /// The trip `id`, read-only.
  public func trip(_ id: Int) -> StateStream<Trip>? {
    feeds[id]?.writer.stream
  }

  /// The trip `id` if `rider` may see it.
  public func trip(_ id: Int, for rider: String) throws(TripError) -> StateStream<Trip> {
    guard let feed = feeds[id] else { throw .unknownTrip(id) }
    guard feed.writer.value.rider == rider else { throw .notYourTrip(id) }
    return feed.writer.stream
  }

  /// The trip `rider` has in progress, if any.
  public func activeTrip(for rider: String) -> StateStream<Trip>? {
    for id in inProgress.reversed() {
      let trip = feeds[id]!.writer.value
      if trip.rider == rider, !trip.status.isFinished { return feeds[id]!.writer.stream }
    }
    return nil
  }

  /// Requests a trip; it starts pending.
  public func request(
    for rider: String, product: Product, from pickup: Place, to destination: Place, card: Card,
    fare: Int
  ) throws(TripError) -> StateStream<Trip> {
    if let active = activeTrip(for: rider) { throw .alreadyRiding(active.value.id) }
    let id = nextID
    nextID += 1
    return record(
      Trip(
        id: id, rider: rider, product: product, pickup: pickup, destination: destination,
        card: card, fare: fare, status: .pending))
  }

  /// Cancels trip `id` if it has not started.
  public func cancel(_ id: Int) {
    update(id) { trip in
      switch trip.status {
      case .pending, .matched, .driverArrived: trip.status = .cancelled
      default: break
      }
    }
  }

  /// A "driver arrived" push: the matched driver is at the pickup now.
  public func driverArrived(_ id: Int) throws(TripError) {
    guard feeds[id] != nil else { throw .unknownTrip(id) }
    update(id) { trip in
      if case .matched(let driver, _) = trip.status { trip.status = .driverArrived(driver) }
    }
  }

  // MARK: Simulation

  @discardableResult
  private func record(_ trip: Trip) -> StateStream<Trip> {
    let feed = TripFeed(trip)
    feeds[trip.id] = feed
    if trip.status.isFinished { keepFinished(trip.id) } else { inProgress.append(trip.id) }
    return feed.writer.stream
  }

  private func update(_ id: Int, _ change: (inout Trip) -> Void) {
    guard let feed = feeds[id] else { return }
    var trip = feed.writer.value
    change(&trip)
    if trip != feed.writer.value { feed.writer.value = trip }
  }

  private var ageOfStatus: [Int: Int] = [:]

  /// One simulated second for every trip in progress.
  private func tick() {
    for id in inProgress {
      guard let feed = feeds[id], !feed.writer.value.status.isFinished else { continue }
      let age = (ageOfStatus[id] ?? 0) + 1
      let before = feed.writer.value.status
      update(id) { trip in advance(&trip, age: age) }
      ageOfStatus[id] = feed.writer.value.status == before ? age : 0
    }
    inProgress.removeAll { id in
      guard feeds[id]!.writer.value.status.isFinished else { return false }
      ageOfStatus[id] = nil
      keepFinished(id)
      return true
    }
  }

  /// Keeps finished trip `id`, forgetting the oldest finished one beyond the limit. A screen still
  /// showing a forgotten trip keeps its stream; only lookups by id stop finding it.
  private func keepFinished(_ id: Int) {
    finished.append(id)
    if finished.count > Self.finishedTripsKept {
      feeds[finished.removeFirst()] = nil
    }
  }

  private func advance(_ trip: inout Trip, age: Int) {
    switch trip.status {
    case .pending where age >= Self.matchDelay:
      let (name, plate) = drivers[trip.id % drivers.count]
      let eta = city.product(named: trip.product.id)?.etaSeconds ?? trip.product.etaSeconds
      trip.status = .matched(
        Driver(name: name, carModel: trip.product.carModel, plate: plate), etaSeconds: eta)
    case .matched(let driver, let eta):
      trip.status = eta > 1 ? .matched(driver, etaSeconds: eta - 1) : .driverArrived(driver)
    case .driverArrived(let driver) where age >= Self.boardingDelay:
      let seconds = Int((trip.pickup.distance(to: trip.destination) * 60).rounded())
      trip.status = .onTrip(driver, remainingSeconds: max(60, seconds))
    case .onTrip(let driver, let remaining):
      trip.status =
        remaining > 1
        ? .onTrip(driver, remainingSeconds: remaining - 1) : .droppedOff(driver, fare: trip.fare)
    default:
      break
    }
  }
}
