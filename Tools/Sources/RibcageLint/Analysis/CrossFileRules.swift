/// The rules that need every file: `attach-without-detach` (a router's extensions may be
/// anywhere) and `child-knows-parent` (who builds whom is spread over the builders).
enum CrossFileRules {
  static func findings(_ analyses: [FileAnalysis], enabled: Set<String>) -> [(Int, RawFinding)] {
    var result: [(Int, RawFinding)] = []
    if enabled.contains(Rule.attachWithoutDetach.id) {
      var detaching: Set<String> = []
      for analysis in analyses { detaching.formUnion(analysis.facts.detaching) }
      var reported: Set<String> = []
      for (index, analysis) in analyses.enumerated() {
        for (router, places) in analysis.facts.attaches.sorted(by: { $0.key < $1.key })
        where !detaching.contains(router) && reported.insert(router).inserted {
          result.append(
            (
              index,
              RawFinding(
                rule: .attachWithoutDetach, place: places[0],
                message: "\(router) attaches children but never detaches any: pair each route "
                  + "to a child with a route away from it (detachChild)")
            ))
        }
      }
    }
    if enabled.contains(Rule.childKnowsParent.id) {
      var ribs: Set<String> = []
      var builds: [String: Set<String>] = [:]
      for analysis in analyses {
        ribs.formUnion(analysis.facts.ribs)
        for (parent, children) in analysis.facts.builds {
          builds[parent, default: []].formUnion(children)
        }
      }
      var descendants: [String: Set<String>] = [:]
      func below(_ rib: String) -> Set<String> {
        if let known = descendants[rib] { return known }
        descendants[rib] = []  // cycles end here
        var found: Set<String> = []
        for child in builds[rib] ?? [] {
          found.insert(child)
          found.formUnion(below(child))
        }
        descendants[rib] = found
        return found
      }
      for (index, analysis) in analyses.enumerated() {
        var seen: Set<String> = []
        for reference in analysis.facts.references
        where ribs.contains(reference.targetRIB)
          && !below(reference.fromRIB).contains(reference.targetRIB)
          && seen.insert("\(reference.fromType)|\(reference.target)|\(reference.place.line)")
            .inserted
        {
          let direction =
            below(reference.targetRIB).contains(reference.fromRIB) ? "its ancestor" : "another RIB"
          result.append(
            (
              index,
              RawFinding(
                rule: .childKnowsParent, place: reference.place,
                message: "\(reference.fromType) refers to \(reference.target), a concrete type of "
                  + "\(direction) (\(reference.targetRIB)): talk up through a listener and down "
                  + "through routing protocols")
            ))
        }
      }
    }
    return result
  }
}
