import Ribcage

/// A plugin point with 20 factories, half of them enabled, evaluated once; against a hand-written
/// list of `if flag { build }`. Per evaluation.
@MainActor
enum PluginPointEvaluate {
  /// What a plugin builds: a small row model.
  struct Row {
    let name: String
    let price: Int
  }

  static func run() -> String {
    let count = 20
    let flags = FlagStore()
    let point = PluginPoint<Int, Row>("bench-rows", flags: flags)
    var floorFlags: [Bool] = []
    var names: [String] = []
    for index in 0..<count {
      let flag = FeatureFlag("plugin-\(index)", default: index.isMultiple(of: 2))
      let name = "row-\(index)"
      names.append(name)
      point.register(name, gatedBy: flag) { price, _ in Row(name: name, price: price) }
      floorFlags.append(index.isMultiple(of: 2))
    }
    let evaluations = 20_000
    var ribcageBuilt = 0
    var floorBuilt = 0
    let measurement = Measurement(operationsPerRound: evaluations)
    let comparison = measurement.compare(
      ribcage: {
        for price in 0..<evaluations { ribcageBuilt &+= point.evaluate(price).count }
      },
      floor: {
        for price in 0..<evaluations {
          var rows: [Row] = []
          rows.reserveCapacity(count)
          for index in 0..<count where floorFlags[index] {
            rows.append(Row(name: names[index], price: price))
          }
          floorBuilt &+= rows.count
        }
      })
    precondition(ribcageBuilt == floorBuilt && ribcageBuilt > 0, "both sides build the same rows")
    return benchLine("plugin-point-evaluate", comparison)
  }
}
