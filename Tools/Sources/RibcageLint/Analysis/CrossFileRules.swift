/// The rules that need every file: `attach-without-detach` (a router's extensions may be
/// anywhere), `child-knows-parent` (who builds whom is spread over the builders), and the parts
/// of `view-has-logic`, `global-state` and `strong-listener` that must know what a type is
/// (a service, a singleton, a delegate's owner) from its declaration in another file.
///
/// Types are identified per module (the folder of their target: `…/Sources/<Target>`, else the
/// first two folders of the path), so two same-named routers in two targets stay two.
enum CrossFileRules {
  /// The module a file belongs to, from its path.
  static func module(of path: String) -> String {
    let folders = path.split(separator: "/").dropLast().map(String.init)
    if let index = folders.lastIndex(where: { $0 == "Sources" || $0 == "Source" }),
      index + 1 < folders.count
    {
      return folders[...(index + 1)].joined(separator: "/")
    }
    return folders.prefix(2).joined(separator: "/")
  }

  static func folder(of path: String) -> String {
    path.split(separator: "/").dropLast().joined(separator: "/")
  }

  /// Whether `folder` is `ancestor` or inside it.
  static func isInside(_ folder: String, _ ancestor: String) -> Bool {
    folder == ancestor || ancestor.isEmpty || folder.hasPrefix(ancestor + "/")
  }

  static func findings(_ analyses: [FileAnalysis], enabled: Set<String>) -> [(Int, RawFinding)] {
    var result: [(Int, RawFinding)] = []
    let modules = analyses.map { module(of: $0.shownPath) }
    let folders = analyses.map { folder(of: $0.shownPath) }
    // Module → type → (folder, shape) of its declaration.
    var declared: [String: [String: (folder: String, shape: TypeInfo.Shape)]] = [:]
    for (index, analysis) in analyses.enumerated() {
      for (name, shape) in analysis.facts.declaredTypes {
        declared[modules[index], default: [:]][name] = (folders[index], shape)
      }
    }
    func declaration(_ name: String, from index: Int) -> (folder: String, shape: TypeInfo.Shape)? {
      if let local = declared[modules[index]]?[name] { return local }
      for module in declared.keys.sorted() {
        if let found = declared[module]?[name] { return found }
      }
      return nil
    }

    if enabled.contains(Rule.attachWithoutDetach.id) {
      var detaching: Set<String> = []
      for (index, analysis) in analyses.enumerated() {
        for router in analysis.facts.detaching { detaching.insert("\(modules[index])|\(router)") }
      }
      // Router → methods reached from `didLoad` or `init` (a child attached there is attached
      // once, for the router's life).
      var calls: [String: [String: Set<String>]] = [:]
      for (index, analysis) in analyses.enumerated() {
        for (router, methods) in analysis.facts.routerCalls {
          for (method, callees) in methods {
            calls["\(modules[index])|\(router)", default: [:]][method, default: []].formUnion(
              callees)
          }
        }
      }
      var attachingMethods: [String: Set<String>] = [:]
      for (index, analysis) in analyses.enumerated() {
        for (router, attaches) in analysis.facts.attaches {
          attachingMethods["\(modules[index])|\(router)", default: []].formUnion(
            attaches.compactMap(\.function))
        }
      }
      func atLoad(_ key: String) -> Set<String> {
        var reached: Set<String> = []
        var queue = ["didLoad", "init", "viewDidLoad", "loadView"]
        // A method that calls several attaching methods sets up tabs: each is attached once.
        for (method, callees) in calls[key] ?? [:]
        where callees.intersection(attachingMethods[key] ?? []).count > 1 {
          queue.append(method)
        }
        while let method = queue.popLast() {
          guard reached.insert(method).inserted else { continue }
          queue += calls[key]?[method] ?? []
        }
        return reached
      }
      var reported: Set<String> = []
      for (index, analysis) in analyses.enumerated() {
        for (router, attaches) in analysis.facts.attaches.sorted(by: { $0.key < $1.key }) {
          let key = "\(modules[index])|\(router)"
          guard !detaching.contains(key) else { continue }
          // Permanent children (tabs, children attached once at load) are never detached.
          let load = atLoad(key)
          guard
            let first = attaches.first(where: {
              !$0.isPermanent && !load.contains($0.function ?? "")
            }),
            reported.insert(key).inserted
          else { continue }
          result.append(
            (
              index,
              RawFinding(
                rule: .attachWithoutDetach, place: first.place,
                message: "\(router) attaches children but never detaches any: pair each route "
                  + "to a child with a route away from it (detachChild)")
            ))
        }
      }
    }

    if enabled.contains(Rule.childKnowsParent.id) {
      // Interactors and routers from code: classes inheriting (through the project's own base
      // classes too) from the framework's, or conforming to a RIB's `…Interactable`/`…Routing`.
      // A class merely named `…Interactor` is not one.
      var inheritance: [String: [String]] = [:]
      for analysis in analyses {
        inheritance.merge(analysis.facts.declaredInheritance) { first, _ in first }
      }
      var ribClass: [String: Bool] = [:]
      func isRIBClass(_ name: String) -> Bool {
        if let known = ribClass[name] { return known }
        ribClass[name] = false  // cycles end here
        let found = (inheritance[name] ?? []).contains { parent in
          if let role = Role.conformance(parent), role == .interactor || role == .router {
            return true
          }
          return isRIBClass(parent)
        }
        ribClass[name] = found
        return found
      }
      // Folder → folders of the builders it refers to: the parent → child edges. A RIB is the
      // folder its types live in; subfolders hold its children.
      var builds: [String: Set<String>] = [:]
      for (index, analysis) in analyses.enumerated() {
        for builder in analysis.facts.builderReferences {
          if let target = declaration(builder, from: index), target.folder != folders[index] {
            builds[folders[index], default: []].insert(target.folder)
          }
        }
      }
      var descendants: [String: Set<String>] = [:]
      func below(_ folder: String) -> Set<String> {
        if let known = descendants[folder] { return known }
        descendants[folder] = []  // cycles end here
        var found: Set<String> = []
        for child in builds[folder] ?? [] {
          found.insert(child)
          found.formUnion(below(child))
        }
        descendants[folder] = found
        return found
      }
      // A folder holding several builders holds several RIBs (a flat layout): there, RIBs are
      // told apart by name, and parent → child edges come from which builders each refers to.
      var buildersIn: [String: Int] = [:]
      var ribs: Set<String> = []
      var namedBuilds: [String: Set<String>] = [:]
      for (index, analysis) in analyses.enumerated() {
        buildersIn[folders[index], default: 0] += analysis.facts.builders.count
        ribs.formUnion(analysis.facts.ribs)
        for (parent, children) in analysis.facts.builds {
          namedBuilds[parent, default: []].formUnion(children)
        }
      }
      var namedDescendants: [String: Set<String>] = [:]
      func namedBelow(_ rib: String) -> Set<String> {
        if let known = namedDescendants[rib] { return known }
        namedDescendants[rib] = []
        var found: Set<String> = []
        for child in namedBuilds[rib] ?? [] {
          found.insert(child)
          found.formUnion(namedBelow(child))
        }
        namedDescendants[rib] = found
        return found
      }
      for (index, analysis) in analyses.enumerated() {
        var seen: Set<String> = []
        let from = folders[index]
        for reference in analysis.facts.references {
          guard let target = declaration(reference.target, from: index),
            target.shape == .classType, isRIBClass(reference.target)
          else { continue }
          if target.folder == from, buildersIn[from, default: 0] > 1 {
            // Flat layout: by name.
            // `ConfirmationPageDetailsPresenter` → `ConfirmationPageInteractor`: one RIB's parts.
            guard ribs.contains(reference.targetRIB),
              !reference.fromRIB.hasPrefix(reference.targetRIB),
              !reference.targetRIB.hasPrefix(reference.fromRIB),
              !namedBelow(reference.fromRIB).contains(reference.targetRIB),
              seen.insert("\(reference.fromType)|\(reference.target)").inserted
            else { continue }
            let upward = namedBelow(reference.targetRIB).contains(reference.fromRIB)
            result.append(
              (
                index,
                RawFinding(
                  rule: .childKnowsParent, place: reference.place,
                  message: "\(reference.fromType) refers to \(reference.target), a concrete type "
                    + "of \(upward ? "its ancestor" : "another RIB") (\(reference.targetRIB)): talk "
                    + "up through a listener and down through routing protocols")
              ))
            continue
          }
          guard !isInside(target.folder, from),
            !below(from).contains(where: { isInside(target.folder, $0) }),
            // One finding per type and target: the property and the initializer parameter that
            // fills it are one coupling.
            seen.insert("\(reference.fromType)|\(reference.target)").inserted
          else { continue }
          let isAncestor =
            isInside(from, target.folder)
            || below(target.folder).contains(where: { isInside(from, $0) })
          result.append(
            (
              index,
              RawFinding(
                rule: .childKnowsParent, place: reference.place,
                message: "\(reference.fromType) refers to \(reference.target), a concrete type of "
                  + "\(isAncestor ? "its ancestor" : "another RIB") (\(reference.targetRIB), in "
                  + "\(target.folder.isEmpty ? "." : target.folder)): talk up "
                  + "through a listener and down through routing protocols")
            ))
        }
      }
    }

    if enabled.contains(Rule.viewHasLogic.id) {
      var provided: Set<String> = []
      for analysis in analyses { provided.formUnion(analysis.facts.providedServices) }
      for (index, analysis) in analyses.enumerated() {
        var seen: Set<String> = []
        for property in analysis.facts.viewProperties {
          // A service is a reference type (a value type named `…Store` is data) that a
          // component provides, or that is named as one.
          guard let target = declaration(property.type, from: index),
            target.shape != .structType, target.shape != .enumType,
            provided.contains(property.type) || property.looksLikeService,
            seen.insert("\(property.view)|\(property.type)").inserted
          else { continue }
          result.append(
            (
              index,
              RawFinding(
                rule: .viewHasLogic, place: property.place,
                message: "view \(property.view) holds the service \(property.type): views only "
                  + "render view models and report user actions to a listener; move this into "
                  + "the interactor")
            ))
        }
      }
    }

    if enabled.contains(Rule.globalState.id) {
      var singletons: Set<String> = []
      for analysis in analyses { singletons.formUnion(analysis.facts.singletons) }
      for (index, analysis) in analyses.enumerated() {
        var seen: Set<String> = []
        // The framework's own base classes (`Router` using `LeakDetector.shared`) are not app code.
        for use in analysis.facts.singletonUses
        where singletons.contains(use.singleton) && Role.inherited[use.user] == nil
          && seen.insert("\(use.user)|\(use.singleton)").inserted
        {
          let message =
            use.isView
            ? "view \(use.user) calls the singleton \(use.singleton): views only render view "
              + "models; let the interactor use it, injected through its component"
            : "\(use.user) uses the singleton \(use.singleton), state every RIB can reach: have a "
              + "component create it (`shared { }`) and inject it"
          result.append(
            (index, RawFinding(rule: .globalState, place: use.place, message: message)))
        }
      }
    }

    if enabled.contains(Rule.strongListener.id) {
      // The RIB types (by code or name) of the run: what they conform to, what they store.
      var shapes: [String: (conformances: Set<String>, storedTypes: Set<String>)] = [:]
      for analysis in analyses {
        for (name, shape) in analysis.facts.ribTypeShapes {
          var merged = shapes[name] ?? ([], [])
          merged.conformances.formUnion(shape.conformances)
          merged.storedTypes.formUnion(shape.storedTypes)
          shapes[name] = merged
        }
      }
      var protocols: [String: [String]] = [:]
      var conformers: [String: Set<String>] = [:]
      for analysis in analyses {
        protocols.merge(analysis.facts.protocols) { first, _ in first }
        for (name, inherited) in analysis.facts.declaredInheritance {
          for parent in inherited { conformers[parent, default: []].insert(name) }
        }
        for (name, shape) in analysis.facts.ribTypeShapes {
          for parent in shape.conformances { conformers[parent, default: []].insert(name) }
        }
      }
      func isClassBound(_ name: String, _ depth: Int = 0) -> Bool {
        guard depth < 20, let inherited = protocols[name] else { return false }
        return inherited.contains {
          $0 == "AnyObject" || $0 == "class" || $0 == "NSObjectProtocol"
            || Role.conformance($0) != nil || isClassBound($0, depth + 1)
        }
      }
      for (index, analysis) in analyses.enumerated() {
        for candidate in analysis.facts.strongListeners {
          var advice =
            "declare it `weak var \(candidate.property): (any "
            + "\(candidate.type.isEmpty ? "Listener" : candidate.type))?`"
          if protocols[candidate.type] != nil {
            // Declared in the run: a listener only if a RIB type implements it (a service
            // protocol named `…Delegate` is implemented by a service).
            let implementers = conformers[candidate.type] ?? []
            guard implementers.isEmpty || implementers.contains(where: { shapes[$0] != nil })
            else { continue }
            if !isClassBound(candidate.type) {
              advice =
                "make \(candidate.type) class-bound (`protocol \(candidate.type): AnyObject`) "
                + "and declare it `weak var \(candidate.property): (any \(candidate.type))?`"
            }
          }
          result.append(
            (
              index,
              RawFinding(
                rule: .strongListener, place: candidate.place,
                message: "'\(candidate.property)' is stored strongly: a listener or delegate held "
                  + "strongly is a retain cycle with its owner; \(advice)")
            ))
        }
        for helper in analysis.facts.helperDelegates {
          guard
            let owner = shapes.keys.sorted().first(where: {
              shapes[$0]!.conformances.contains(helper.type)
                && shapes[$0]!.storedTypes.contains(helper.owner)
            })
          else { continue }
          result.append(
            (
              index,
              RawFinding(
                rule: .strongListener, place: helper.place,
                message: "'\(helper.property)' is stored strongly, and \(owner), which owns this "
                  + "\(helper.owner), is its \(helper.type): a retain cycle; declare it `weak var "
                  + "\(helper.property): (any \(helper.type))?` (its protocol must be class-bound)"
              )
            ))
        }
      }
    }
    return result
  }
}
