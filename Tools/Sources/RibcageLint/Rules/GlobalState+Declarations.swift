extension GlobalState {
  /// Where a singleton, mutable static or static facade that RIB code uses is declared.
  struct DeclarationSite {
    var path: String
    var line: Int
    /// `global-state` suppressed by name on the declaration's own line (`// ribcage:disable:this
    /// global-state`): the team accepts that accessor, and every use of it. Not a range, not
    /// `all`: silencing a file for itself says nothing about its uses elsewhere.
    var isAccepted: Bool
  }

  /// The declarations RIB code's uses are named by: under `folder|Type` (a singleton or
  /// facade: its first accessor) and `folder|Type.member` (each accessor or mutable static), the
  /// folder the type is declared in, so two same-named types in two modules stay two.
  ///
  /// Named in each use's message rather than reported apart: the declaration is where the fix
  /// starts, each use is where the state is reached, and a summary at the declaration repeated
  /// what the uses say.
  struct DeclarationSites {
    private var sites: [String: DeclarationSite] = [:]
    /// `folder|Type` → whether every accessor declared for it is accepted.
    private var everyAccessorAccepted: [String: Bool] = [:]

    init(in run: RunFacts, facades: [String: (file: Int, place: Place)]) {
      var namedByMeaning: Set<String> = []
      for analysis in run.analyses { namedByMeaning.formUnion(analysis.facts.singletonMembers) }
      for (index, analysis) in run.analyses.enumerated() {
        let declarations =
          analysis.facts.globalDeclarations
          + analysis.facts.ownInstanceDeclarations.filter {
            namedByMeaning.contains("\($0.type).\($0.name)")
          }
        for declaration in declarations {
          note(declaration.type, declaration.name, file: index, place: declaration.place, run)
        }
      }
      for (type, declaration) in facades.sorted(by: { $0.key < $1.key }) {
        note(type, nil, file: declaration.file, place: declaration.place, run)
      }
    }

    private mutating func note(
      _ type: String, _ member: String?, file: Int, place: Place, _ run: RunFacts
    ) {
      let analysis = run.analyses[file]
      let site = DeclarationSite(
        path: analysis.shownPath, line: place.line,
        isAccepted: analysis.suppressions.namesRule(Rule.globalState.id, at: place.line))
      // Under the declaring folder, and under none for a type declared nowhere the run can
      // tell apart (an extension of a system type, `extension UIFont { static var … }`).
      for folder in [run.folders[file], ""] {
        if let member {
          let key = "\(folder)|\(type).\(member)"
          if sites[key] == nil { sites[key] = site }
          everyAccessorAccepted["\(folder)|\(type)", default: true] =
            everyAccessorAccepted["\(folder)|\(type)", default: true] && site.isAccepted
        }
        // A facade's uses name the facade (not a static var it also declares).
        if sites["\(folder)|\(type)"] == nil || member == nil {
          sites["\(folder)|\(type)"] = site
        }
      }
    }

    /// The declaration of `type.member` as file `index` sees it (its own module first): the
    /// accessor's own, else the type's.
    func site(of type: String, member: String, from index: Int, in run: RunFacts)
      -> DeclarationSite?
    {
      let folder = run.declaration(type, from: index)?.folder ?? ""
      return sites["\(folder)|\(type).\(member)"] ?? sites["\(folder)|\(type)"]
        ?? sites["|\(type).\(member)"] ?? sites["|\(type)"]
    }

    /// Whether a use of `type.member` is accepted where it is declared: that accessor, or —
    /// for a use through the type itself (its static method) — every accessor of it.
    func isAccepted(_ type: String, member: String, from index: Int, in run: RunFacts) -> Bool {
      let folder = run.declaration(type, from: index)?.folder ?? ""
      if let own = sites["\(folder)|\(type).\(member)"] { return own.isAccepted }
      if let every = everyAccessorAccepted["\(folder)|\(type)"] { return every }
      if let site = sites["\(folder)|\(type)"] { return site.isAccepted }
      // Declared in an extension in another folder than the type (`extension Session { static
      // let shared … }` in a module of its own): its own line still decides.
      return sites["|\(type).\(member)"]?.isAccepted
        ?? everyAccessorAccepted["|\(type)"] ?? false
    }
  }
}
