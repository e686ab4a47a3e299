import Ribcage

/// A coupon the rider holds.
public struct Coupon: Sendable, Equatable, Codable {
  public let code: String
  public let discount: Int  // cents
}

/// Why a coupon was refused.
public enum CouponError: Error, Equatable, CustomStringConvertible {
  case unknownCode(String)

  public var description: String {
    switch self {
    case .unknownCode(let code): "there is no coupon '\(code)' (try SAVE5 or HALFOFF)"
    }
  }
}

/// Holds the rider's coupon (from the Coupon screen or a `rides://promo/{code}` link). Part of the
/// optional Coupon feature: the request flow works without it.
@MainActor
public final class CouponService {
  private static let known: [String: Int] = ["SAVE5": 500, "HALFOFF": 1_000, "WELCOME": 300]
  private let held = MutableStateStream<Coupon?>(nil)

  public init() {}

  /// The coupon held, if any.
  public var coupon: StateStream<Coupon?> { held.stream }

  /// Validates `code` and holds the coupon.
  @discardableResult
  public func apply(code: String) throws(CouponError) -> Coupon {
    let key = code.uppercased()
    guard let discount = Self.known[key] else { throw .unknownCode(code) }
    let coupon = Coupon(code: key, discount: discount)
    held.value = coupon
    return coupon
  }

  /// Gives the coupon up (used once a trip is requested with it).
  public func clear() {
    held.value = nil
  }
}
