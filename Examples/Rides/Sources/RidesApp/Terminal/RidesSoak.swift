import Foundation
import RibcageSoak

/// `rides --soak N`: N complete ride cycles through the terminal's own command path, with a fixed
/// seed, reporting each tenth of the run: time per ride, resident memory, RIBs detached, the
/// census, leaks.
@MainActor
public enum RidesSoak {
  /// The commands of ride `index`: sign in, request, places, car, card, coupons off and on,
  /// confirm, back, confirm, details, request, wait through matching, a driver-arrived push,
  /// boarding, the trip and the drop-off, done, sign out. `seed` varies the places, car and
  /// details; the trip's id is the backend's next (every ride requests one).
  public static func commands(forRide index: Int, seed: UInt64) -> [String] {
    var random = SoakRandom(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    let places = ["home", "airport", "station", "office", "stadium"]
    let pickup = random.pick(places)
    let destination = random.pick(places.filter { $0 != pickup })
    let rider = ["alice", "bob", "carol", "dan"][index % 4]
    return [
      "login \(rider)", "request", "pickup \(pickup)", "dropoff \(destination)",
      "select \(random.pick(["uberx", "xl", "black"]))", "card \(random.pick(["visa", "amex"]))",
      "flag coupons off", "flag coupons on", "confirm", "back", "confirm",
      "seats \(1 + random.int(below: 3))", "note ride \(index)", "request", "wait 10s",
      #"push {"type": "driver_arrived", "trip": \#(100 + index)}"#, "wait 30s", "wait 30m",
      "done", "logout",
    ]
  }

  /// Runs `rides` ride cycles on a started `terminal` with RibcageSoak's harness
  /// (`SoakRun`), calling `report` after each tenth with the report and the RIBs detached so far.
  /// The census is ``RidesTerminal/census()``; the terminal's leak detector sweeps after every
  /// command.
  public static func run(
    rides: Int, seed: UInt64, on terminal: RidesTerminal,
    report: (SoakReport, _ ribsDetached: Int) -> Void = { _, _ in }
  ) async -> SoakResult {
    await SoakRun(cycles: rides).run(
      cycle: { index in
        for command in commands(forRide: index, seed: seed) { await terminal.run(command) }
      },
      census: { terminal.census() },
      leaks: { terminal.leakReports.count },
      report: { report($0, terminal.detachedRIBCount) })
  }
}

/// A small deterministic generator: the same seed gives the same rides.
private struct SoakRandom {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<T>(_ items: [T]) -> T { items[int(below: items.count)] }
}
