import SwiftSyntax

extension Rule {
  public static let childKnowsParent = Rule(
    id: "child-knows-parent", name: "ChildKnowsParent",
    summary: "A RIB refers to another RIB's concrete interactor or router (upward or sideways).",
    rationale: """
      A child never knows its parent: it talks up through its listener, and a parent drives its \
      children through their routing protocols. Referring to the concrete interactor or router \
      type of a parent or sibling couples RIBs that should only share contracts, and breaks the \
      open–closed promise (the parent can no longer change without the child). A RIB may know its \
      own descendants (the ones its builder builds, and theirs). A listener protocol is part of \
      its RIB: one that names a parent's or sibling's concrete type (even a type nested in it) \
      forces that coupling on every implementer.
      """,
    badExample: "final class HomeInteractor { weak var root: RootInteractor? }",
    goodExample: "final class HomeInteractor { weak var listener: (any HomeListener)? }",
    defaultSeverity: .warning)
}

/// `child-knows-parent`: references from a RIB's types (and its listener protocol) to the
/// concrete interactor or router of a RIB that is not its descendant. Who builds whom is read
/// from every file's builder references; RIBs are folders (names in a flat layout).
final class ChildKnowsParent: FileRule, LintRule {
  static let description = Rule.childKnowsParent
  override class var hooks: Set<Hook> { [.typeNames] }

  override func visitTypeName(_ name: String, at node: Syntax) {
    guard let info = context.frame?.info, let prefix = Self.rib(of: info, context.naming),
      !Self.isInInheritanceClause(node), !context.inTestDouble,
      Role.inherited[name] == nil  // the framework's base classes belong to no RIB
    else { return }
    for suffix in context.naming.builder + ["Buildable"]
    where name.hasSuffix(suffix) && name.count > suffix.count {
      context.facts.builderReferences.insert(name)
      let child = String(name.dropLast(suffix.count))
      if child != prefix { context.facts.builds[prefix, default: []].insert(child) }
      return
    }
    // `SwapRootInteractor()`: a parent building a child inline, like a builder would.
    if let reference = node.as(DeclReferenceExprSyntax.self),
      reference.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == reference.id
    {
      return
    }
    for suffix in context.naming.interactor + context.naming.router
    where name.hasSuffix(suffix) && name.count > suffix.count {
      let target = String(name.dropLast(suffix.count))
      if target != prefix {
        context.facts.references.append((prefix, info.name, name, target, context.place(node)))
      }
      return
    }
  }

  /// The RIB a type belongs to: its role-less name, or a listener protocol's (`SearchList` for
  /// `SearchListListener`).
  private static func rib(of info: TypeInfo, _ naming: Naming) -> String? {
    if let prefix = info.ribPrefix { return prefix }
    guard info.shape == .protocolType, info.roles.contains(.listener) else { return nil }
    for suffix in naming.listener where info.name.hasSuffix(suffix) {
      return String(info.name.dropLast(suffix.count))
    }
    return nil
  }

  /// Whether `node` is part of a type's inheritance clause: a shared base class is not coupling.
  private static func isInInheritanceClause(_ node: Syntax) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(InheritanceClauseSyntax.self) { return true }
      if parent.is(MemberBlockSyntax.self) || parent.is(CodeBlockSyntax.self) { return false }
      current = parent.parent
    }
    return false
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result: [(file: Int, finding: RawFinding)] = []
    // Interactors and routers from code: classes inheriting (through the project's own base
    // classes too) from the framework's, or conforming to a RIB's `…Interactable`/`…Routing`.
    // A class merely named `…Interactor` is not one.
    func isRIBClass(_ name: String) -> Bool { run.inheritsRole(name, [.interactor, .router]) }
    // Folder → folders of the builders it refers to: the parent → child edges. A RIB is the
    // folder its types live in; subfolders hold its children.
    var builds: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      for builder in analysis.facts.builderReferences {
        if let target = run.declaration(builder, from: index), target.folder != run.folders[index] {
          builds[run.folders[index], default: []].insert(target.folder)
        }
      }
    }
    let below = Reachable(builds).from
    // A folder holding several builders holds several RIBs (a flat layout): there, RIBs are
    // told apart by name, and parent → child edges come from which builders each refers to.
    var buildersIn: [String: Int] = [:]
    var ribs: Set<String> = []
    var namedBuilds: [String: Set<String>] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      buildersIn[run.folders[index], default: 0] += analysis.facts.builders.count
      ribs.formUnion(analysis.facts.ribs)
      for (parent, children) in analysis.facts.builds {
        namedBuilds[parent, default: []].formUnion(children)
      }
    }
    let namedBelow = Reachable(namedBuilds).from
    for (index, analysis) in run.analyses.enumerated() {
      var seen: Set<String> = []
      let from = run.folders[index]
      for reference in analysis.facts.references {
        guard let target = run.declaration(reference.target, from: index),
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
        guard !RunFacts.isInside(target.folder, from),
          !below(from).contains(where: { RunFacts.isInside(target.folder, $0) }),
          // One finding per type and target: the property and the initializer parameter that
          // fills it are one coupling.
          seen.insert("\(reference.fromType)|\(reference.target)").inserted
        else { continue }
        let isAncestor =
          RunFacts.isInside(from, target.folder)
          || below(target.folder).contains(where: { RunFacts.isInside(from, $0) })
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
    return result
  }
}

/// Everything reachable from a node over parent → child edges (cycles end), remembered.
private final class Reachable {
  private let edges: [String: Set<String>]
  private var known: [String: Set<String>] = [:]

  init(_ edges: [String: Set<String>]) {
    self.edges = edges
  }

  func from(_ node: String) -> Set<String> {
    if let found = known[node] { return found }
    known[node] = []  // cycles end here
    var found: Set<String> = []
    for child in edges[node] ?? [] {
      found.insert(child)
      found.formUnion(from(child))
    }
    known[node] = found
    return found
  }
}
