import SwiftSyntax

/// A builder handing a view its interactor (ReactorKit's `viewController.reactor = interactor`):
/// the view then drives the interactor itself, and as the interactor holds the view as its
/// presenter, each keeps the other alive. Noted while each builder is read
/// (``ViewHasLogic/visitAssignment(_:target:value:)``), judged once every file is read: the
/// view's and the interactor's roles, and whether the view holds the property weakly, may be
/// declared anywhere.
extension ViewHasLogic {
  /// A listener or delegate handed over is `strong-listener`'s question, whose weakness may be
  /// a base class's or a computed property's.
  static func isListenerName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.hasSuffix("listener") || lowered.hasSuffix("delegate")
  }

  /// A builder handing a view its interactor through a property the view does not hold weakly.
  static func handOverFindings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var roles: [String: Set<Role>] = [:]
    var weak: Set<String> = []
    for analysis in run.analyses {
      roles.merge(analysis.facts.typeRoles) { $0.union($1) }
      weak.formUnion(analysis.facts.weakViewProperties)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for handOver in analysis.facts.viewHandOvers
      where roles[handOver.view]?.contains(.view) == true
        && roles[handOver.interactor]?.contains(.interactor) == true
        && !weak.contains("\(handOver.view).\(handOver.property)")
      {
        result.append(
          (
            index,
            RawFinding(
              rule: .viewHasLogic, place: handOver.place,
              message: "view \(handOver.view) is handed the interactor \(handOver.interactor) "
                + "as '\(handOver.property)', which it holds strongly: the view drives the "
                + "interactor itself, and the interactor holds the view as its presenter, so "
                + "each keeps the other alive; give the view a weak listener instead")
          ))
      }
    }
    return result
  }
}
