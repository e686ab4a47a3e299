/// A count of a ``SoakCensus`` that moved since the first census, or broke its budget.
public struct SoakDrift: Equatable, Sendable, CustomStringConvertible {
  /// The count's name.
  public var name: String
  /// Its value in the first census (`nil`: it was not counted then).
  public var first: Int?
  /// Its value now (`nil`: it is no longer counted).
  public var now: Int?
  /// Its budget, for a bounded count.
  public var bound: Int?

  /// A drift of the count `name` from `first` to `now` (`bound`: its budget, if bounded).
  public init(name: String, first: Int?, now: Int?, bound: Int?) {
    self.name = name
    self.first = first
    self.now = now
    self.bound = bound
  }

  /// For example `stream observers: 3 → 41` or `trips kept: 140 (budget 100)`.
  public var description: String {
    let now = self.now.map(String.init) ?? "not counted"
    if let bound {
      return "\(name): \(now) (budget \(bound))"
    }
    return "\(name): \(first.map(String.init) ?? "not counted") → \(now)"
  }
}
