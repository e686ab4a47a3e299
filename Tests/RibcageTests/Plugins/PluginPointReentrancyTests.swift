import Ribcage
import Testing

/// A plugin point calls each factory without retaining it: the evaluation keeps the
/// registrations alive. Factories that change the point while it evaluates — register more
/// plugins, evaluate it again, drop the last reference to it, throw, switch flags — must find
/// everything they use still there, and get the plugins the flags say.
@MainActor
@Suite("Plugin points: factories that change the point while it evaluates", .timeLimit(.minutes(5)))
struct PluginPointReentrancyTests {
  /// A plugin that counts its instances, so that the test sees none is leaked or freed early.
  final class Plugin {
    nonisolated(unsafe) static var live = 0
    let name: String
    init(_ name: String) {
      self.name = name
      Self.live += 1
    }
    deinit { Self.live -= 1 }
  }

  struct Failure: Error {}

  @Test("a factory that registers plugins on its point: the evaluation goes on, the next has them")
  func registersWhileEvaluating() {
    let flags = FlagStore()
    let point = PluginPoint<Int, Plugin>("rows", flags: flags)
    let on = FeatureFlag("row.on", default: true)
    var registered = 0
    point.register("first", gatedBy: on) { [unowned point] context, _ in
      // Enough registrations to move the point's array, each with a context of its own.
      for index in 0..<64 {
        let tag = Plugin("captured \(index)")
        point.register("added \(registered)", gatedBy: on) { _, _ in Plugin(tag.name) }
        registered += 1
      }
      return Plugin("first \(context)")
    }
    point.register("second", gatedBy: on) { context, _ in Plugin("second \(context)") }
    let first = point.evaluate(1).map(\.name)
    #expect(first.prefix(2) == ["first 1", "second 1"])
    #expect(point.pluginNames.count == 66)
    let second = point.evaluate(2).map(\.name)
    #expect(second.prefix(3) == ["first 2", "second 2", "captured 0"])
    #expect(second.contains("captured 63"))
  }

  @Test("the last factory moves the point's registrations away, then uses what it captured")
  func lastFactoryMovesTheRegistrations() {
    let flags = FlagStore()
    let point = PluginPoint<Int, Plugin>("rows", flags: flags)
    let on = FeatureFlag("row.on", default: true)
    point.register("first", gatedBy: on) { _, _ in Plugin("first") }
    do {
      // Captured by the last factory only: once the point's array is replaced, the
      // evaluation's own reference is all that keeps it.
      let captured = Plugin("captured")
      point.register("last", gatedBy: on) { [unowned point] _, _ in
        for index in 0..<64 { point.register("added \(index)", gatedBy: on) { _, _ in Plugin("") } }
        return Plugin(captured.name + " by last")
      }
    }
    #expect(point.evaluate(0).map(\.name).prefix(2) == ["first", "captured by last"])
  }

  @Test("a factory that evaluates its point again gets the plugins, and so does the outer call")
  func evaluatesAgain() {
    let flags = FlagStore()
    let point = PluginPoint<Int, Plugin>("rows", flags: flags)
    let on = FeatureFlag("row.on", default: true)
    let other = FeatureFlag("row.other", default: true)
    var inner: [String] = []
    point.register("outer", gatedBy: on) { [unowned point] context, _ in
      if context < 3 { inner += point.evaluate(context + 1).map(\.name) }
      return Plugin("outer \(context)")
    }
    point.register("flipping", gatedBy: other) { [unowned flags] context, _ in
      // Flags change inside the inner evaluations: each level follows them as it finds them.
      if context == 3 { flags.setOverride(other, to: false) }
      return Plugin("flipping \(context)")
    }
    let outer = point.evaluate(1).map(\.name)
    #expect(outer == ["outer 1"])
    #expect(inner == ["outer 3", "outer 2"])
    #expect(Plugin.live == 0)
  }

  @Test("a factory that drops the last reference to its point: the evaluation ends normally")
  func dropsThePoint() {
    weak var weakPoint: PluginPoint<Int, Plugin>?
    var built: [String] = []
    do {
      let flags = FlagStore()
      var point: PluginPoint<Int, Plugin>? = PluginPoint("rows", flags: flags)
      weakPoint = point
      let on = FeatureFlag("row.on", default: true)
      point?.register("dropping", gatedBy: on) { _, _ in
        point = nil
        return Plugin("dropping")
      }
      point?.register("throwing", gatedBy: on) { _, _ in throw Failure() }
      point?.register("after", gatedBy: on) { _, _ in Plugin("after") }
      built = point?.evaluate(0).map(\.name) ?? []
      #expect(point == nil)
      #expect(flags.autoDisabledReason(on)?.contains("throwing failed to build") == true)
    }
    // The throw auto-disabled the flag the others share too: only what was enabled at the end.
    #expect(built == [])
    #expect(weakPoint == nil)
    #expect(Plugin.live == 0)
  }

  @Test("factories that throw, report themselves unhealthy and switch flags, at every position")
  func throwsAndFlips() {
    for position in 0..<4 {
      let flags = FlagStore()
      let point = PluginPoint<Int, Plugin>("rows", flags: flags)
      let flagsOfPlugins = (0..<4).map { FeatureFlag("row.\($0)", default: true) }
      for index in 0..<4 {
        point.register("p\(index)", gatedBy: flagsOfPlugins[index]) { [unowned flags] _, health in
          guard index == position else { return Plugin("p\(index)") }
          switch position {
          case 0: throw Failure()
          case 1: health.reportUnhealthy("bad")
          case 2: flags.setOverride(flagsOfPlugins[3], to: false)
          default: flags.setOverride(flagsOfPlugins[0], to: false)
          }
          return Plugin("p\(index)")
        }
      }
      let names = point.evaluate(0).map(\.name)
      let expected: [[String]] = [
        ["p1", "p2", "p3"], ["p0", "p2", "p3"], ["p0", "p1", "p2"], ["p1", "p2", "p3"],
      ]
      #expect(names == expected[position], "position \(position)")
      #expect(point.evaluate(0).map(\.name) == expected[position], "position \(position)")
    }
    #expect(Plugin.live == 0)
  }
}
