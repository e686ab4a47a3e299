import Foundation

/// The live objects of every registry a long Rides session must keep flat: after the first ride,
/// a census taken between rides is the same whatever the app's age.
public struct RidesCensus: Equatable, Sendable, CustomStringConvertible {
  /// RIBs attached now (the root included).
  public var ribsAttached: Int
  /// Detached subtrees the leak detector still waits for.
  public var leakDetectorWaiting: Int
  /// Observers of the simulated clock (services only).
  public var clockObservers: Int
  /// Observers of the city's products (screens showing them, the draft pricing).
  public var productObservers: Int
  /// Observers of flag changes.
  public var flagObservers: Int
  /// Workflow runs in progress, and those the terminal still reports on.
  public var workflowRuns: Int
  public var workflowsReported: Int
  /// Render loops waiting for the end of the turn.
  public var renderLoopsPending: Int
  /// The backend's trips on record, and those still moving.
  public var tripsRecorded: Int
  public var tripsInProgress: Int

  public var description: String {
    "ribs \(ribsAttached), leak detector waiting \(leakDetectorWaiting), clock observers "
      + "\(clockObservers), product observers \(productObservers), flag observers "
      + "\(flagObservers), workflow runs \(workflowRuns)+\(workflowsReported), render loops "
      + "pending \(renderLoopsPending), trips \(tripsRecorded) (\(tripsInProgress) moving)"
  }
}

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

  /// One line of the report: a tenth of the run.
  public struct Tenth: Sendable {
    public let ridesDone: Int
    public let millisecondsPerRide: Double
    public let residentBytes: Int?
    public let ribsDetached: Int
    public let census: RidesCensus
    public let leaks: Int
  }

  /// Runs `rides` ride cycles on a started `terminal`, calling `report` after each tenth; returns
  /// every tenth. The terminal's leak detector sweeps after every command.
  public static func run(
    rides: Int, seed: UInt64, on terminal: RidesTerminal, report: (Tenth) -> Void = { _ in }
  ) async -> [Tenth] {
    let step = max(1, rides / 10)
    var tenths: [Tenth] = []
    let clock = ContinuousClock()
    var start = clock.now
    var ridesInTenth = 0
    for index in 0..<rides {
      for command in commands(forRide: index, seed: seed) { await terminal.run(command) }
      ridesInTenth += 1
      guard (index + 1) % step == 0 || index + 1 == rides else { continue }
      let elapsed = clock.now - start
      let (seconds, attoseconds) = elapsed.components
      let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
      let tenth = Tenth(
        ridesDone: index + 1, millisecondsPerRide: milliseconds / Double(ridesInTenth),
        residentBytes: residentBytes(), ribsDetached: terminal.detachedRIBCount,
        census: terminal.census(), leaks: terminal.leakReports.count)
      tenths.append(tenth)
      report(tenth)
      start = clock.now
      ridesInTenth = 0
    }
    return tenths
  }

  /// The process's resident memory (Linux: /proc/self/statm), or `nil` where unknown.
  public static func residentBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
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
