import Ribcage

/// The simulated city: its places, and the products on offer with prices and ETAs that move
/// with (simulated) time.
@MainActor
public final class CityService {
  /// The places riders can be picked up at or go to.
  public let places: [Place] = [
    Place(name: "home", x: 0, y: 0),
    Place(name: "office", x: 3, y: 4),
    Place(name: "station", x: -2, y: 1),
    Place(name: "airport", x: 12, y: -9),
    Place(name: "stadium", x: -6, y: -8),
  ]

  private let offer = MutableStateStream<[Product]>([
    Product(
      id: "uberx", name: "uberX", seats: 4, baseFare: 250, perKilometre: 120,
      carModel: "Toyota Prius", etaSeconds: 180),
    Product(
      id: "xl", name: "uberXL", seats: 6, baseFare: 400, perKilometre: 180,
      carModel: "Honda Odyssey", etaSeconds: 300),
    Product(
      id: "black", name: "Black", seats: 4, baseFare: 800, perKilometre: 300,
      carModel: "Mercedes E-Class", etaSeconds: 420),
  ])
  private var clockSubscription: StreamSubscription?

  /// Creates the city; ETAs shift every simulated minute.
  public init(clock: SimulatedClock) {
    clockSubscription = clock.now.observe { [unowned self] second in
      guard second > 0, second % 60 == 0 else { return }
      offer.update { products in
        for index in products.indices {
          // Cars drift nearer and farther: a deterministic wobble between -60 s and +60 s.
          let wobble = ((second / 60 + index) % 3 - 1) * 60
          products[index].etaSeconds = max(60, products[index].etaSeconds + wobble)
        }
      }
    }
  }

  isolated deinit {
    clockSubscription?.cancel()
  }

  /// The products on offer now.
  public var products: StateStream<[Product]> { offer.stream }

  /// How many observers the products on offer have now.
  public var productObserverCount: Int { offer.stream.subscriberCount }

  /// The place called `name` (case-insensitive), if the city has one.
  public func place(named name: String) -> Place? {
    places.first { $0.name == name.lowercased() }
  }

  /// The product whose id or name is `name` (case-insensitive).
  public func product(named name: String) -> Product? {
    let key = name.lowercased()
    return offer.value.first { $0.id == key || $0.name.lowercased() == key }
  }

  /// The fare in cents for `product` from `pickup` to `destination`, before any coupon.
  public func fare(for product: Product, from pickup: Place, to destination: Place) -> Int {
    product.baseFare
      + Int((pickup.distance(to: destination) * Double(product.perKilometre)).rounded())
  }
}
