import SwiftSyntax

extension Rule {
  public static let streamWrittenOutsideService = Rule(
    id: "stream-written-outside-service", name: "StreamWrittenOutsideService",
    summary: "A stream owned by another object is written from a type that is not a service.",
    rationale: """
      State flows one way: the object that owns a shared stream is its only writer; everybody \
      else reads. An interactor, router, presenter or worker writing a stream another object owns \
      (`dependency.paymentStream.send(…)`, `.onNext`, `.accept`, `.bind(to:)`, `.drive(_:)`) makes \
      shared state change from places nobody looks. Ask the owner (a service) to make the change. \
      A view or presenter writing a relay its listener or interactor owns \
      (`listener?.selectionRelay.accept(…)`) is the view writing business state: call a method of \
      the listener instead. A type writing a stream it created itself is the single writer of \
      RIB-local state: fine.
      """,
    badExample:
      "final class TripInteractor: Interactor { let dependency: TripDependency; func tap() { dependency.tripStream.send(1) } }",
    goodExample:
      "final class TripService { private let state = MutableStateStream(0); func tap() { state.send(1) } }",
    defaultSeverity: .warning)
}

/// `stream-written-outside-service`: writes to streams another object owns, from RIB code that
/// is not a service; and writes from a view (or presenter, or child) into a stream its listener
/// or interactor owns.
final class StreamWrittenOutsideService: FileRule, LintRule {
  static let description = Rule.streamWrittenOutsideService
  override class var hooks: Set<Hook> {
    [.types, .properties, .assignments, .calls, .functions, .file]
  }

  static let writeSideTypes: Set<String> = [
    "MutableStateStream", "EventRelay", "BehaviorRelay", "PublishRelay", "PublishSubject",
    "BehaviorSubject", "ReplaySubject", "CurrentValueSubject", "PassthroughSubject", "Variable",
  ]
  static let writeMethods: Set<String> = [
    "send", "update", "accept", "onNext", "finish", "onError", "onCompleted", "on",
  ]
  /// The objects a view side reports to: writing their streams is writing their state.
  static let drivenOwners: Set<String> = ["listener", "interactor"]

  /// Per type being walked.
  private struct TypeWrites {
    /// Stored properties holding the write side of a stream another object made and handed in
    /// (typed as a subject or relay, not created here, not private): writing them is writing
    /// shared state. A stream the type creates itself is its own (single writer, RIB-local).
    var sharedWriteSides: Set<String> = []
    /// Properties assigned a newly created value (`self.relay = BehaviorRelay(value: 0)`).
    var createdHere: Set<String> = []
    /// Private stored write sides with no value of their own, and the properties an
    /// initializer sets from its parameters: a private relay the parent handed down is still
    /// the parent's (`private let _selected: PublishRelay<Int>` set from `selected:`).
    var privateWriteSides: Set<String> = []
    var handedIn: Set<String> = []
    /// Of those, the ones taken from a member of what the initializer is given
    /// (`_relay = dependency.relay`): whose they are is decided with the RIB's component, as
    /// `dependency.x` writes are.
    var fromDependency: [String: String] = [:]
    /// Of those, the ones set from a labelled parameter (`self.state = initialState`): the
    /// label (`initialState`). A stream every builder of the type makes fresh for that argument
    /// is the type's own (decided with every file).
    var parameterLabels: [String: String] = [:]
    /// Writes to a property's stream (resolved when the type ends: properties may come later).
    var pendingWrites: [(name: String, node: Syntax)] = []
  }
  private var types: [TypeWrites] = []
  /// Writes into `interactor.…`, decided once the interactor's type is known.
  private var interactorWrites: [(writer: String, path: String, place: Place, fallback: String?)] =
    []

  override func typeDidStart(_ frame: FileContext.Frame) {
    types.append(TypeWrites())
    if frame.info.shape == .extensionType, !frame.inherited.isEmpty {
      context.facts.extensionConformances[frame.info.name, default: []].formUnion(frame.inherited)
    }
    if frame.info.roles.contains(.component), let rib = frame.info.ribPrefix {
      context.facts.componentConformances[rib, default: []].formUnion(frame.inherited)
      if frame.info.shape == .classType { context.facts.componentTypes[rib] = frame.info.name }
    }
  }

  /// Types the file has finished walking, by name: a class and its extensions in the file are
  /// one type (a relay stored in the class may be written in an extension).
  private var finishedTypes: [String: (writes: TypeWrites, info: TypeInfo)] = [:]
  private var finishedOrder: [String] = []

  override func typeWillEnd(_ frame: FileContext.Frame) {
    guard let finished = types.popLast() else { return }
    let name = frame.info.name
    if !finished.parameterLabels.isEmpty, Self.initializerCount(frame.declaration) > 1 {
      context.facts.severalInitializers.insert(name)
    }
    guard var known = finishedTypes[name] else {
      finishedTypes[name] = (finished, frame.info)
      finishedOrder.append(name)
      return
    }
    known.writes.sharedWriteSides.formUnion(finished.sharedWriteSides)
    known.writes.createdHere.formUnion(finished.createdHere)
    known.writes.privateWriteSides.formUnion(finished.privateWriteSides)
    known.writes.handedIn.formUnion(finished.handedIn)
    known.writes.fromDependency.merge(finished.fromDependency) { first, _ in first }
    known.writes.parameterLabels.merge(finished.parameterLabels) { first, _ in first }
    known.writes.pendingWrites += finished.pendingWrites
    if frame.info.shape != .extensionType { known.info = frame.info }
    finishedTypes[name] = known
  }

  /// Decides the writes of a type (with its extensions in the file) to its own properties.
  private func decideWrites(_ finished: TypeWrites, in info: TypeInfo) {
    guard writesAreChecked(in: info) else { return }
    let shared = finished.sharedWriteSides.union(
      finished.privateWriteSides.intersection(finished.handedIn)
    ).subtracting(finished.createdHere)
    for write in finished.pendingWrites where shared.contains(write.name) {
      if finished.privateWriteSides.contains(write.name),
        let property = finished.fromDependency[write.name], let rib = info.ribPrefix
      {
        // The RIB's own component may have made it for this RIB: decided with every file.
        context.facts.dependencyStreamWrites.append(
          (
            rib, property, context.place(write.node),
            Self.sharedWriteMessage(info.name, write.name)
          ))
      } else if let label = finished.parameterLabels[write.name], !context.inTestDouble {
        context.facts.parameterStreamWrites.append(
          (
            "\(info.name).\(label)", context.place(write.node),
            Self.sharedWriteMessage(info.name, write.name)
          ))
      } else {
        reportSharedWrite(write.name, at: write.node, in: info)
      }
    }
  }

  /// `Type.property` → the dependency's property it reads and its type, for the computed
  /// properties that only read the RIB's dependency (`var tagStream: MutableStream<Tag> {
  /// dependency.tagStream }`): writing through one writes the parent's stream.
  private var forwarders: [String: (property: String, type: String)] = [:]

  /// Calls that send into a subject or relay, in a method's body.
  static let sendingCalls = [".accept(", ".onNext(", ".send(", ".on(.next"]

  override func visit(_ function: FunctionDeclSyntax) {
    guard let info = context.frame?.info, info.roles.isEmpty, let body = function.body else {
      return
    }
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    if Self.sendingCalls.contains(where: { context.mentions($0, in: range) }) {
      context.facts.streamWritingMethods.insert("\(info.name).\(function.name.text)")
    }
  }

  override func visit(_ property: PropertyDeclaration) {
    if !property.isTopLevel, !property.isStored, !property.isStatic, !property.typeName.isEmpty,
      let info = context.frame?.info, info.ribPrefix != nil,
      case .getter(let items) = property.binding.accessorBlock?.accessors, items.count == 1,
      let read = items.first?.item.as(ExprSyntax.self)?.as(MemberAccessExprSyntax.self),
      let base = read.base?.as(DeclReferenceExprSyntax.self),
      ["dependency", "dependencies"].contains(base.baseName.text)
    {
      forwarders["\(info.name).\(property.name)"] = (
        read.declName.baseName.text, property.typeName
      )
    }
    if !property.isTopLevel, property.isStored, !property.isStatic,
      let info = context.frame?.info, info.roles.contains(.component), let rib = info.ribPrefix,
      // `let x = dependency.x` forwards the parent's stream: the component did not make it.
      property.binding.initializer.map({ !$0.value.description.contains("dependency") }) ?? true
    {
      context.facts.componentProperties[rib, default: []].insert(property.name)
    }
    if !property.isTopLevel, !property.isStatic, let info = context.frame?.info,
      info.roles.contains(.component), let rib = info.ribPrefix,
      Self.isMadeByCalling(property)
    {
      context.facts.madeComponentProperties[rib, default: []].insert(property.name)
    }
    if !property.isTopLevel, !property.isStored, !property.isStatic,
      let info = context.frame?.info, let returned = Self.returnedExpression(of: property),
      let other = SyntaxQueries.propertyName(returned), other != property.name
    {
      context.facts.propertyAliases[info.name, default: [:]][property.name, default: []].insert(
        other)
    }
    if !property.isTopLevel, !property.isStatic, let info = context.frame?.info,
      info.shape == .protocolType, info.name.hasSuffix("Dependency")
    {
      context.facts.dependencyRequirements[info.name, default: []].insert(property.name)
    }
    if !property.isTopLevel, !property.isStatic, let info = context.frame?.info,
      info.shape == .protocolType, Self.writeSideTypes.contains(property.typeName)
    {
      context.facts.protocolStreams[info.name, default: []].insert(property.name)
      noteEventStream(property, of: info)
    }
    if property.name == "listener", !property.isStatic, !property.typeName.isEmpty,
      let info = context.frame?.info
    {
      context.facts.listenerTypes[info.name] = property.typeName
    }
    guard !property.isTopLevel, property.isStored, !property.isStatic, !types.isEmpty,
      Self.writeSideTypes.contains(property.typeName), property.binding.initializer == nil
    else { return }
    if property.isPrivate {
      types[types.count - 1].privateWriteSides.insert(property.name)
    } else {
      types[types.count - 1].sharedWriteSides.insert(property.name)
    }
  }

  override func visitAssignment(_ node: SequenceExprSyntax, target: ExprSyntax, value: ExprSyntax) {
    guard !types.isEmpty else { return }
    if let name = SyntaxQueries.propertyName(target), Self.isHandedIn(value, at: node) {
      types[types.count - 1].handedIn.insert(name)
      if let label = Self.parameterLabel(value, at: node) {
        types[types.count - 1].parameterLabels[name] = label
      }
      // `dependency.x`, `dependencyInfo.x`: a member of what the initializer was given.
      if let member = value.as(MemberAccessExprSyntax.self),
        member.base?.is(DeclReferenceExprSyntax.self) == true
      {
        types[types.count - 1].fromDependency[name] = member.declName.baseName.text
      }
      // A component storing its parent's stream (`x = dependency.x`) did not make it.
      if let info = context.frame?.info, info.roles.contains(.component),
        let rib = info.ribPrefix, value.description.contains("dependency")
      {
        context.facts.forwardedComponentProperties[rib, default: []].insert(name)
      }
    }
    if let call = value.as(FunctionCallExprSyntax.self),
      SyntaxQueries.isInitializer(call.calledExpression),
      let name = SyntaxQueries.propertyName(target)
    {
      types[types.count - 1].createdHere.insert(name)
    }
    // `stream.value = ...` writes the stream.
    if let member = target.as(MemberAccessExprSyntax.self),
      member.declName.baseName.text == "value", let base = member.base,
      let receiver = SyntaxQueries.ownPropertyName(base)
    {
      types[types.count - 1].pendingWrites.append((receiver, Syntax(node)))
    }
  }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    noteStreamArguments(call, named: name, on: base)
    guard let info = context.frame?.info, !types.isEmpty else { return }
    if let base, let receiver = SyntaxQueries.ownPropertyName(base),
      let forwarded = forwarders["\(info.name).\(receiver)"], let rib = info.ribPrefix,
      writesAreChecked(in: info), !context.inTestDouble
    {
      // A framework subject is written by its write methods; the app's own stream type by the
      // methods of its that send into what it wraps (known once every file is read).
      let isFramework = Self.writeSideTypes.contains(forwarded.type)
      if !isFramework || (Self.writeMethods.contains(name) && Self.isStreamWrite(call, name)) {
        context.facts.forwardedStreamCalls.append(
          (
            rib, forwarded.property, isFramework ? nil : "\(forwarded.type).\(name)",
            context.place(call),
            Self.sharedWriteMessage(info.name, "dependency.\(forwarded.property)")
          ))
      }
      return
    }
    var written: ExprSyntax?
    var method = name
    if Self.writeMethods.contains(name), let base, Self.isStreamWrite(call, name) {
      written = base
    } else if name == "bind" || name == "drive" || name == "bindAndCatch",
      let target = Self.bindingTarget(of: call)
    {
      written = target
      method = "accept"
    }
    guard let written else { return }
    if info.roles.contains(.view) || info.roles.contains(.presenter),
      !info.roles.contains(.service), !context.inTestDouble,
      let stream = Self.delegateStream(written)
    {
      // Whose stream it is (an interactor's, through the delegate protocol it implements) is
      // known once every file is read.
      context.facts.delegateStreamWrites.append(
        (info.name, stream.property, stream.path, context.place(call)))
      return
    }
    if let owner = Self.drivenOwner(written, method: method) {
      if context.importsRIBs || !info.roles.isEmpty, !info.roles.contains(.service),
        !context.inTestDouble
      {
        if owner.hasPrefix("listener") {
          drivenListenerWrite(
            owner, at: call, in: info, sendsAValue: Self.sendsAValue(call, method: name))
        } else {
          // If the interactor is no RIB's, the write is judged as any other stream's.
          let fallback =
            Self.foreignStream(written, method: method) != nil && writesAreChecked(in: info)
            ? Self.sharedWriteMessage(info.name, owner) : nil
          interactorWrites.append((info.name, owner, context.place(call), fallback))
        }
      }
    } else if let receiver = SyntaxQueries.ownPropertyName(written) {
      types[types.count - 1].pendingWrites.append((receiver, Syntax(call)))
    } else if let path = Self.foreignStream(written, method: method), writesAreChecked(in: info) {
      if let rib = info.ribPrefix, let property = Self.dependencyProperty(path) {
        // The RIB's own component may have made it for this RIB alone (a subject the
        // interactor writes and its view reads): decided once every file is read.
        context.facts.dependencyStreamWrites.append(
          (rib, property, context.place(call), Self.sharedWriteMessage(info.name, path)))
      } else if let rib = info.ribPrefix, let property = Self.componentProperty(path) {
        context.facts.componentStreamWrites.append(
          (rib, property, context.place(call), Self.sharedWriteMessage(info.name, path)))
      } else {
        reportSharedWrite(path, at: call, in: info)
      }
    }
  }

  override func fileDidEnd() {
    for name in finishedOrder {
      guard let finished = finishedTypes[name] else { continue }
      decideWrites(finished.writes, in: finished.info)
    }
    for write in interactorWrites {
      guard let type = context.propertyTypes[write.writer]?["interactor"], !type.isEmpty else {
        if let fallback = write.fallback {
          context.report(.streamWrittenOutsideService, at: write.place, fallback)
        }
        continue
      }
      context.facts.interactorStreamWrites.append(
        (write.writer, type, write.path, write.place, write.fallback))
    }
  }

  /// A view side writing its interactor's stream, when the interactor is a RIB's (a plain MVP
  /// component's presenter feeding its own interactor's input is that component's design).
  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result = delegateWrites(in: run) + listenerWrites(in: run) + parameterWrites(in: run)
    let ownership = StreamOwnership(run)
    var writingMethods: Set<String> = []
    for analysis in run.analyses { writingMethods.formUnion(analysis.facts.streamWritingMethods) }
    for (index, analysis) in run.analyses.enumerated() {
      let forwardedWrites = analysis.facts.forwardedStreamCalls.filter {
        $0.method.map(writingMethods.contains) ?? true
      }.map { (rib: $0.rib, property: $0.property, place: $0.place, message: $0.message) }
      let module = run.modules[index]
      for write in analysis.facts.dependencyStreamWrites + forwardedWrites
      where !ownership.ownsThroughDependency(write.property, rib: write.rib, module: module) {
        result.append(
          (
            index,
            RawFinding(
              rule: .streamWrittenOutsideService, place: write.place, message: write.message)
          ))
      }
      for write in analysis.facts.componentStreamWrites
      where !ownership.ownsThroughComponent(write.property, rib: write.rib, module: module) {
        result.append(
          (
            index,
            RawFinding(
              rule: .streamWrittenOutsideService, place: write.place, message: write.message)
          ))
      }
      for write in analysis.facts.interactorStreamWrites {
        let isRIBs =
          Role.conformance(write.interactorType) == .interactor
          || run.inheritsRole(write.interactorType, [.interactor])
        guard let message = isRIBs ? drivenWriteMessage(write.writer, write.path) : write.fallback
        else { continue }
        result.append(
          (
            index,
            RawFinding(rule: .streamWrittenOutsideService, place: write.place, message: message)
          ))
      }
    }
    return result
  }

  /// `delegate.limit` for `model.delegate?.limit` or `delegate.limit`: a stream of the object
  /// the writer reports to through a delegate.
  private static func delegateStream(_ written: ExprSyntax) -> (property: String, path: String)? {
    guard let member = written.as(MemberAccessExprSyntax.self),
      let base = member.base.map(SyntaxQueries.unwrapped)
    else { return nil }
    let owner: String
    if let reference = base.as(DeclReferenceExprSyntax.self) {
      owner = reference.baseName.text
    } else if let inner = base.as(MemberAccessExprSyntax.self) {
      owner = inner.declName.baseName.text
    } else {
      return nil
    }
    guard owner == "delegate" || owner.hasSuffix("Delegate") else { return nil }
    let property = member.declName.baseName.text
    return (property, "\(owner).\(property)")
  }

  /// A view side writing a stream its delegate owns, when a RIB's interactor is that delegate
  /// (implements a protocol requiring the stream): the view writing the interactor's state.
  static func delegateWrites(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var streams: [String: Set<String>] = [:]  // property → protocols requiring it
    var conformances = run.inheritance.mapValues { Set($0) }
    for analysis in run.analyses {
      for (name, properties) in analysis.facts.protocolStreams {
        for property in properties { streams[property, default: []].insert(name) }
      }
      for (type, names) in analysis.facts.extensionConformances {
        conformances[type, default: []].formUnion(names)
      }
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for write in analysis.facts.delegateStreamWrites {
        guard let protocols = streams[write.property] else { continue }
        let owners = conformances.filter { type, names in
          !names.isDisjoint(with: protocols) && run.inheritsRole(type, [.interactor])
        }.keys.sorted()
        guard !owners.isEmpty else { continue }
        let owner = owners.prefix(2).joined(separator: " or ")
        let message =
          "\(write.writer) writes '\(write.path)', a stream \(owner) owns (its delegate): the "
          + "interactor owns that state and is its only writer; call a method of the delegate "
          + "and let the interactor update its own stream"
        result.append(
          (
            index,
            RawFinding(rule: .streamWrittenOutsideService, place: write.place, message: message)
          )
        )
      }
    }
    return result
  }

  /// Whether `value`, assigned in an initializer, came from outside: one of the initializer's
  /// parameters, or a member of one (`dependency.selection`).
  private static func isHandedIn(_ value: ExprSyntax, at node: SequenceExprSyntax) -> Bool {
    var root = value
    while let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base }
    guard let name = root.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let initializer = enclosingInitializer(of: node)
    else { return false }
    return initializer.signature.parameterClause.parameters.contains {
      ($0.secondName ?? $0.firstName).text == name
    }
  }

  /// The initializer an assignment is directly in (not in a method, a closure or a nested type).
  static func enclosingInitializer(of node: SequenceExprSyntax) -> InitializerDeclSyntax? {
    var current = node.parent
    while let parent = current {
      if let initializer = parent.as(InitializerDeclSyntax.self) { return initializer }
      if parent.is(MemberBlockSyntax.self) || parent.is(FunctionDeclSyntax.self)
        || parent.is(ClosureExprSyntax.self)
      {
        return nil
      }
      current = parent.parent
    }
    return nil
  }

  /// Whether writes to shared streams are checked in `info`: RIB code that is not a service (or a
  /// stream type itself).
  private func writesAreChecked(in info: TypeInfo) -> Bool {
    guard context.importsRIBs || !info.roles.isEmpty, !info.roles.contains(.service) else {
      return false
    }
    // A view reporting user events into its own relays or a view model's input is the one-way
    // loop working, not shared state.
    if info.roles.contains(.view), info.roles.isDisjoint(with: [.interactor, .router, .worker]) {
      return false
    }
    return !["Stream", "Relay", "Subject"].contains { info.name.hasSuffix($0) }
  }

  private func reportSharedWrite(_ path: String, at node: some SyntaxProtocol, in info: TypeInfo) {
    context.report(.streamWrittenOutsideService, node, Self.sharedWriteMessage(info.name, path))
  }

  private static func sharedWriteMessage(_ writer: String, _ path: String) -> String {
    "\(writer) writes '\(path)', a stream it does not own: shared state written from several "
      + "places changes where nobody looks; ask the stream's owner (a service) to make the "
      + "change, or keep the stream private to one writer"
  }

  /// `bankSubject` for `dependency.bankSubject`: a stream handed in through the RIB's own
  /// dependency.
  private static func dependencyProperty(_ path: String) -> String? {
    let parts = path.split(separator: ".")
    guard parts.count == 2, ["dependency", "dependencies"].contains(parts[0]) else { return nil }
    return String(parts[1])
  }

  /// `x` for `component.x`: a stream the RIB's own component may have made.
  private static func componentProperty(_ path: String) -> String? {
    let parts = path.split(separator: ".")
    guard parts.count == 2, parts[0] == "component" else { return nil }
    return String(parts[1])
  }

  /// Whether a component's property holds what an initializer call makes: `let state =
  /// State()`, or `shared { … State(…) }` (the closure's result), not a value it was given.
  private static func isMadeByCalling(_ property: PropertyDeclaration) -> Bool {
    if property.isStored {
      guard let call = property.binding.initializer?.value.as(FunctionCallExprSyntax.self)
      else { return false }
      return SyntaxQueries.isInitializer(call.calledExpression)
    }
    guard let returned = returnedExpression(of: property),
      let shared = returned.as(FunctionCallExprSyntax.self),
      shared.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "shared",
      let closure = shared.trailingClosure
        ?? shared.arguments.first?.expression.as(ClosureExprSyntax.self),
      let last = closure.statements.last?.item
    else { return false }
    let result = last.as(ExprSyntax.self) ?? last.as(ReturnStmtSyntax.self)?.expression
    guard let call = result?.as(FunctionCallExprSyntax.self) else { return false }
    return SyntaxQueries.isInitializer(call.calledExpression)
  }

  /// The one expression a computed property's getter returns (`{ x }`, `{ return x }`).
  private static func returnedExpression(of property: PropertyDeclaration) -> ExprSyntax? {
    guard case .getter(let items) = property.binding.accessorBlock?.accessors, items.count == 1,
      let item = items.first?.item
    else { return nil }
    return item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
  }

  func reportDrivenWrite(_ path: String, at node: some SyntaxProtocol, in info: TypeInfo) {
    context.report(.streamWrittenOutsideService, node, Self.drivenWriteMessage(info.name, path))
  }

  static func drivenWriteMessage(_ writer: String, _ path: String) -> String {
    let owner = path.hasPrefix("listener") ? "listener" : "interactor"
    return "\(writer) writes '\(path)', a stream its \(owner) owns: the \(owner) owns that "
      + "state and is its only writer; call a method of the \(owner) (a listener protocol "
      + "method) and let it update its own stream"
  }

  /// `listener?.selectionRelay` in `listener?.selectionRelay.accept(…)`: a stream of the object
  /// the writer reports to. ReactorKit's `action` subject is a reactor's designed input.
  private static func drivenOwner(_ written: ExprSyntax, method: String) -> String? {
    guard let member = written.as(MemberAccessExprSyntax.self), let base = member.base,
      let name = SyntaxQueries.ownPropertyName(SyntaxQueries.unwrapped(base)),
      drivenOwners.contains(name)
    else {
      return nil
    }
    let property = member.declName.baseName.text
    guard property != "action" else { return nil }
    let lowered = property.lowercased()
    let streamLike = ["relay", "subject", "stream", "trigger", "publisher", "input"].contains {
      lowered.contains($0)
    }
    guard streamLike || (method != "send" && method != "update" && method != "finish") else {
      return nil
    }
    return "\(name).\(property)"
  }

  /// `.on(.next(x))`, `.on(.error(e))`: a write; any other `on(…)` is not. Other write methods
  /// are writes by name.
  private static func isStreamWrite(_ call: FunctionCallExprSyntax, _ name: String) -> Bool {
    guard name == "on" else { return true }
    guard let argument = call.arguments.first?.expression else { return false }
    let event =
      argument.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)
      ?? argument.as(MemberAccessExprSyntax.self)
    guard let event, event.base == nil else { return false }
    return ["next", "error", "completed"].contains(event.declName.baseName.text)
  }

  /// `dependency.paymentStream` in `dependency.paymentStream.send(…)`: a stream reached through
  /// another object. For methods streams share with ordinary types (`send`, `update`, `finish`)
  /// the property must be two levels deep (`owner.stream`), not a call or a local's method.
  private static func foreignStream(_ base: ExprSyntax, method: String) -> String? {
    guard let member = base.as(MemberAccessExprSyntax.self), let owner = member.base else {
      return nil
    }
    var ownerExpression = owner
    if let inner = owner.as(MemberAccessExprSyntax.self),
      SyntaxQueries.isSelfOrItsUnretainedOwner(inner.base)
    {
      ownerExpression = ExprSyntax(inner)
    } else if let forced = owner.as(ForceUnwrapExprSyntax.self) {
      ownerExpression = forced.expression
    } else if let optional = owner.as(OptionalChainingExprSyntax.self) {
      ownerExpression = optional.expression
    }
    let ownerName: String
    if let reference = ownerExpression.as(DeclReferenceExprSyntax.self) {
      guard reference.baseName.tokenKind != .keyword(.self),
        reference.baseName.tokenKind != .keyword(.super)
      else { return nil }
      ownerName = reference.baseName.text
    } else if let inner = ownerExpression.as(MemberAccessExprSyntax.self),
      SyntaxQueries.isSelfOrItsUnretainedOwner(inner.base)
    {
      ownerName = inner.declName.baseName.text
    } else {
      return nil
    }
    // `Foo.shared.x` is global state (another rule); `rx`, `$0` and locals named like types are
    // not owners of streams.
    guard let first = ownerName.unicodeScalars.first, first.properties.isLowercase,
      ownerName != "rx"
    else { return nil }
    let property = member.declName.baseName.text
    // Shared state lives in injected containers and stream objects (`dependency.paymentStream`,
    // `sharedMutableStream.option`); a UI component's input relay (`buttonViewModel.isEnabled
    // Relay`) or a presenter's event relay is how those types are driven.
    let containers = ["dependency", "dependencies", "component", "context"]
    let sharedWords = ["stream", "state", "store", "shared", "session"]
    let loweredOwner = ownerName.lowercased()
    guard
      containers.contains(ownerName)
        || sharedWords.contains(where: { loweredOwner.contains($0) })
        || property.lowercased().contains("stream")
    else { return nil }
    if method == "update" || method == "finish" {
      let lowered = property.lowercased()
      guard ["stream", "relay", "subject", "state"].contains(where: { lowered.contains($0) })
      else { return nil }
    }
    return "\(ownerName).\(property)"
  }

  /// The stream `source.bind(to: relay)` or `source.drive(relay)` writes.
  private static func bindingTarget(of call: FunctionCallExprSyntax) -> ExprSyntax? {
    guard call.trailingClosure == nil, call.arguments.count == 1,
      let argument = call.arguments.first,
      argument.label == nil || argument.label?.text == "to"
    else { return nil }
    let expression = argument.expression
    if expression.is(ClosureExprSyntax.self) { return nil }
    return expression
  }
}
