/// A random number generator that gives the same numbers for the same seed (SplitMix64), for
/// randomized tests whose failing run can be replayed: print or name the seed with the failure.
///
/// ```swift
/// var random = SeededRandomNumberGenerator(seed: 42)
/// let steps = Int.random(in: 1...100, using: &random)
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose numbers are fixed by `seed`.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
