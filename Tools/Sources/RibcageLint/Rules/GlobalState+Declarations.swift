extension GlobalState {
  /// Where a singleton, mutable static or static facade that RIB code uses is declared.
  struct DeclarationSite {
    var path: String
    var line: Int
    /// Suppressed on its own line: the team accepts it, and so every use of it.
    var isAccepted: Bool
  }

  /// The declarations RIB code's uses are keyed by (`Type` for a singleton or facade,
  /// `Type.member` for a mutable static): named in each use's message rather than reported
  /// apart — the declaration is where the fix starts, each use is where the state is reached,
  /// and a summary at the declaration repeated what the uses say.
  static func declarationSites(
    in run: RunFacts, facades: [String: (file: Int, place: Place)]
  ) -> [String: DeclarationSite] {
    var namedByMeaning: Set<String> = []
    for analysis in run.analyses { namedByMeaning.formUnion(analysis.facts.singletonMembers) }
    var sites: [String: DeclarationSite] = [:]
    func note(_ key: String, file: Int, place: Place) {
      guard sites[key] == nil else { return }
      let analysis = run.analyses[file]
      sites[key] = DeclarationSite(
        path: analysis.shownPath, line: place.line,
        isAccepted: analysis.suppressions.suppresses(Rule.globalState.id, at: place.line))
    }
    for (index, analysis) in run.analyses.enumerated() {
      let declarations =
        analysis.facts.globalDeclarations
        + analysis.facts.ownInstanceDeclarations.filter {
          namedByMeaning.contains("\($0.type).\($0.name)")
        }
      for declaration in declarations {
        let isSingleton =
          SyntaxQueries.singletonNames.contains(declaration.name)
          || namedByMeaning.contains("\(declaration.type).\(declaration.name)")
        note(
          isSingleton ? declaration.type : "\(declaration.type).\(declaration.name)",
          file: index, place: declaration.place)
      }
    }
    for (type, declaration) in facades {
      note(type, file: declaration.file, place: declaration.place)
    }
    return sites
  }
}
