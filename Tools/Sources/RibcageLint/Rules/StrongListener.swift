import SwiftSyntax

extension Rule {
  public static let strongListener = Rule(
    id: "strong-listener", name: "StrongListener",
    summary: "A stored listener, delegate or output is not weak.",
    rationale: """
      A child RIB talks to its parent through a listener the parent's interactor implements. The \
      parent owns the child (through its router), so a child holding its listener strongly is a \
      retain cycle: neither is ever deallocated, and the leak detector reports the whole subtree \
      after every detach. Listeners, delegates and module outputs are stored `weak` (or \
      `unowned` when the lifetime is guaranteed). The same holds for a helper a RIB owns (a \
      table adapter, a data source): its `delegate`/`dataSource`/`listener` pointing back at the \
      RIB type that owns it is a cycle through the helper.
      """,
    badExample: "var listener: LoggedOutListener?",
    goodExample: "weak var listener: (any LoggedOutListener)?",
    defaultSeverity: .warning)
}

/// `strong-listener`: stored listeners and delegates of RIB types, and back-references of the
/// helpers RIB types own, that are not weak. Confirmed once every file is read: the property's
/// protocol must be one a RIB type implements (a service protocol named `…Delegate` is not a
/// listener), and a helper's only when the RIB type storing the helper implements it.
final class StrongListener: FileRule, LintRule {
  static let description = Rule.strongListener
  override class var hooks: Set<Hook> { [.properties, .types, .assignments, .file] }

  /// Back-references a helper keeps to whoever drives it.
  static let helperBackReferences = ["delegate", "listener", "datasource"]

  /// `adapter.delegate = self` in RIB types: the type, the property holding the helper, the
  /// helper's property.
  private var selfAssignments: [(owner: String, holder: String, property: String)] = []

  override func visitAssignment(_ node: SequenceExprSyntax, target: ExprSyntax, value: ExprSyntax) {
    guard SyntaxQueries.isSelf(value), let info = context.frame?.info,
      context.importsRIBs || !info.roles.isEmpty,
      let member = target.as(MemberAccessExprSyntax.self), let base = member.base
    else { return }
    let holder = SyntaxQueries.unwrapped(base)
    guard
      let name = Self.configuredProperty(holder) ?? SyntaxQueries.propertyName(holder),
      !SyntaxQueries.isSelf(holder)
    else {
      return
    }
    selfAssignments.append((info.name, name, member.declName.baseName.text))
  }

  /// `$0` in `lazy var manager = LoginManager().then { $0.delegate = self }` (the Then
  /// library's configuring closure): the property it configures.
  static func configuredProperty(_ holder: ExprSyntax) -> String? {
    guard holder.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .dollarIdentifier("$0")
    else { return nil }
    var node = holder.parent
    while let current = node, !current.is(ClosureExprSyntax.self) { node = current.parent }
    guard let call = node?.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "then",
      let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?
        .as(PatternBindingSyntax.self)
    else { return nil }
    return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
  }

  override func fileDidEnd() {
    for assignment in selfAssignments {
      guard let type = context.propertyTypes[assignment.owner]?[assignment.holder], !type.isEmpty
      else {
        continue
      }
      context.facts.selfAssignments.append((assignment.owner, type, assignment.property))
    }
  }

  override func visit(_ property: PropertyDeclaration) {
    guard !property.isTopLevel, let info = context.frame?.info, property.isStored,
      !property.isStatic, !property.isWeak, info.canHoldWeak,
      // An initializer (`var delegate = TableDelegate()`) makes it an owning reference: weak
      // would free it at once.
      property.binding.initializer == nil
    else { return }
    let type = property.binding.typeAnnotation?.type
    if context.importsRIBs || !info.roles.isEmpty {
      if isListener(name: property.name, type: type), !context.inTestDouble {
        context.facts.strongListeners.append(
          (info.name, property.name, property.typeName, context.place(property.pattern)))
      }
    } else if info.shape == .classType, !property.typeName.isEmpty,
      type?.is(FunctionTypeSyntax.self) == false,
      Self.helperBackReferences.contains(where: { property.name.lowercased().hasSuffix($0) })
    {
      // A helper outside RIB code (a table-view adapter): a cycle when the RIB type that owns
      // it is its delegate, which only the whole run can tell.
      context.facts.helperDelegates.append(
        (info.name, property.name, property.typeName, context.place(property.pattern)))
    }
  }

  private func isListener(name: String, type: TypeSyntax?) -> Bool {
    let lowered = name.lowercased()
    guard let type else {
      return lowered == "listener" || lowered == "delegate" || lowered == "output"
        || name.hasSuffix("Listener") || name.hasSuffix("Delegate")
    }
    if type.is(FunctionTypeSyntax.self) { return false }
    let base = type.baseName
    if base.isEmpty { return false }
    // `var listener: BuyFlowListening?`: the property says what it is, whatever the protocol
    // is called.
    if lowered == "listener" || lowered == "delegate" { return true }
    return context.naming.listener.contains { base.hasSuffix($0) }
  }

  /// Records what each RIB type conforms to and stores (to find the owner of a helper).
  override func typeWillEnd(_ frame: FileContext.Frame) {
    let roles = frame.info.roles
    guard
      !roles.isDisjoint(with: Role.ribParts) || (context.importsRIBs && !roles.contains(.service)),
      frame.info.shape != .protocolType
    else { return }
    var shape = context.facts.ribTypeShapes[frame.info.name] ?? ([], [])
    shape.conformances.formUnion(frame.inherited)
    shape.storedTypes.formUnion(frame.storedTypes)
    context.facts.ribTypeShapes[frame.info.name] = shape
  }

  /// AVFoundation's outputs (`AVCaptureMetadataOutput`, `AVCapturePhotoOutput`,
  /// `AVPlayerItemVideoOutput`): objects a screen makes and keeps, named like a module output.
  /// Only these: an app's own `…Output` protocol may start with any capitals (`SKUPickerOutput`).
  static func isPlatformClass(_ name: String) -> Bool {
    name.hasPrefix("AV") && name.dropFirst(2).first?.isUppercase == true
      && name.hasSuffix("Output")
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result: [(file: Int, finding: RawFinding)] = []
    // The RIB types (by code or name) of the run: what they conform to, what they store.
    var shapes: [String: (conformances: Set<String>, storedTypes: Set<String>)] = [:]
    var protocols: [String: [String]] = [:]
    var conformers: [String: Set<String>] = [:]
    for analysis in run.analyses {
      for (name, shape) in analysis.facts.ribTypeShapes {
        var merged = shapes[name] ?? ([], [])
        merged.conformances.formUnion(shape.conformances)
        merged.storedTypes.formUnion(shape.storedTypes)
        shapes[name] = merged
        for parent in shape.conformances { conformers[parent, default: []].insert(name) }
      }
      protocols.merge(analysis.facts.protocols) { first, _ in first }
      for (name, inherited) in analysis.facts.declaredInheritance {
        for parent in inherited { conformers[parent, default: []].insert(name) }
      }
    }
    func isClassBound(_ name: String, _ depth: Int = 0) -> Bool {
      guard depth < 20, let inherited = protocols[name] else { return false }
      return inherited.contains {
        $0 == "AnyObject" || $0 == "class" || $0 == "NSObjectProtocol"
          || Role.conformance($0) != nil || isClassBound($0, depth + 1)
      }
    }
    let owners = shapes.keys.sorted()
    let assignments = run.analyses.flatMap(\.facts.selfAssignments)
    for (index, analysis) in run.analyses.enumerated() {
      for candidate in analysis.facts.strongListeners {
        // A class (`UIViewController`, one of the app's) is weak as it is; a protocol needs `any`.
        let isClass =
          run.declaration(candidate.type, from: index).map { $0.shape == .classType }
          ?? GlobalState.isUIType(candidate.type)
        var advice =
          isClass
          ? "declare it `weak var \(candidate.property): \(candidate.type)?`"
          : "declare it `weak var \(candidate.property): (any "
            + "\(candidate.type.isEmpty ? "Listener" : candidate.type))?`"
        // A capture pipeline's output (`AVCaptureMetadataOutput`) is an object the owner makes
        // and keeps, named like a module output: no listener.
        if protocols[candidate.type] == nil, Self.isPlatformClass(candidate.type),
          run.declaration(candidate.type, from: index) == nil
        {
          continue
        }
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
        // The RIB type that stores the helper and implements its protocol, or that stores it
        // (or a protocol it conforms to) and sets the property to itself.
        let helperTypes = Set([helper.owner] + (run.inheritance[helper.owner] ?? []))
        guard
          let owner = owners.first(where: {
            shapes[$0]!.conformances.contains(helper.type)
              && shapes[$0]!.storedTypes.contains(helper.owner)
          })
            ?? assignments.first(where: {
              $0.property == helper.property && helperTypes.contains($0.holderType)
            })?.owner
        else { continue }
        result.append(
          (
            index,
            RawFinding(
              rule: .strongListener, place: helper.place,
              message: "'\(helper.property)' is stored strongly, and \(owner), which owns this "
                + "\(helper.owner), is its \(helper.type): a retain cycle; declare it `weak var "
                + "\(helper.property): (any \(helper.type))?` (its protocol must be class-bound)")
          ))
      }
    }
    return result
  }
}
