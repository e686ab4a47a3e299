/// Times a Ribcage path against its hand-written floor, alternately in one process, and prints
/// the `BENCH` line scripts read.
struct Measurement {
  /// How many alternating rounds to time; the median of each side is reported.
  var rounds = 21
  /// Operations per timed batch.
  var operationsPerRound: Int

  /// Runs both sides `rounds` times, alternating, and returns the median nanoseconds per
  /// operation of each and the median of the per-round ratios.
  ///
  /// The ratio is taken per round, from two batches measured back to back, because a shared
  /// machine's speed drifts over seconds: the median of paired ratios cancels that drift, while
  /// the ratio of two medians would not.
  func compare(ribcage: () -> Void, floor: () -> Void) -> Comparison {
    // Warm up both paths (caches, lazily initialised runtime metadata).
    ribcage()
    floor()
    var ribcageTimes: [Double] = []
    var floorTimes: [Double] = []
    for round in 0..<rounds {
      // Alternate which side goes first, so neither always runs on a warmer machine.
      if round.isMultiple(of: 2) {
        ribcageTimes.append(time(ribcage))
        floorTimes.append(time(floor))
      } else {
        floorTimes.append(time(floor))
        ribcageTimes.append(time(ribcage))
      }
    }
    let ratios = zip(ribcageTimes, floorTimes).map { $0 / $1 }
    return Comparison(
      ribcage: median(ribcageTimes), floor: median(floorTimes), ratio: median(ratios))
  }

  private func time(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    return nanoseconds / Double(operationsPerRound)
  }

  private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }
}

/// What ``Measurement/compare(ribcage:floor:)`` found.
struct Comparison {
  /// Median nanoseconds per operation of the Ribcage side.
  var ribcage: Double
  /// Median nanoseconds per operation of the floor.
  var floor: Double
  /// Median of the per-round ratios ribcage / floor.
  var ratio: Double
}

/// Formats one result line, e.g.
/// `BENCH stream-fanout-10 ribcage_ns=31.2 floor_ns=24.9 ratio=1.25`.
func benchLine(_ name: String, _ comparison: Comparison, extra: String = "") -> String {
  benchLine(
    name, ribcage: comparison.ribcage, floor: comparison.floor, ratio: comparison.ratio,
    extra: extra)
}

/// Formats one result line; `ratio` defaults to ribcage / floor.
func benchLine(
  _ name: String, ribcage: Double, floor: Double, ratio: Double? = nil, unit: String = "ns",
  extra: String = ""
) -> String {
  let ratio = ratio ?? (floor > 0 ? ribcage / floor : .infinity)
  var line = "BENCH \(name) ribcage_\(unit)=\(format(ribcage)) floor_\(unit)=\(format(floor))"
  line += " ratio=\(format(ratio))"
  if !extra.isEmpty { line += " " + extra }
  return line
}

func format(_ value: Double) -> String {
  guard value.isFinite else { return "inf" }
  let scaled = (value * 100).rounded() / 100
  return String(scaled)
}

/// Keeps a value alive and observable, so the optimiser cannot remove the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}
