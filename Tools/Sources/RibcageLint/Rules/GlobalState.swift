import SwiftSyntax

extension Rule {
  public static let globalState = Rule(
    id: "global-state", name: "GlobalState",
    summary: "A static var, global var or shared singleton in RIB code.",
    rationale: """
      RIBs encapsulate state in the tree and pass dependencies through components; a global or \
      static variable, or a `static let shared` singleton, is state every RIB can reach and \
      change, invisible to DI and impossible to reset between tests. Put the state in a service \
      owned by the right component and inject it. Singletons and mutable statics declared \
      outside RIB code are reported where RIB code uses them (`Session.shared`, `.shared` passed \
      as an argument, `Settings.token = …`, `UserDefaults.standard`, `UserDefaults()`, a static \
      facade's members over SDK singletons), each naming the declaration, where the fix \
      starts (suppressing the rule on the declaration's line accepts every use). An overlay singleton whose only state is its views, or a theme whose only state \
      is appearance (colours, bar styles, the views it restyles), is presentation when views \
      show it. Composition roots (`AppDelegate`, `SceneDelegate`, \
      the app's root component, `main.swift`) are where such objects are made: not reported.
      """,
    badExample: "static let shared = SessionManager()",
    goodExample: "var sessions: SessionService { shared { SessionService() } }  // in a Component",
    defaultSeverity: .warning)
}

/// `global-state`: global and static variables in RIB code; singletons and mutable statics used
/// from RIB code (where used, and once where declared).
final class GlobalState: FileRule, LintRule {
  static let description = Rule.globalState
  override class var hooks: Set<Hook> {
    [.types, .properties, .memberAccesses, .initializers, .calls, .functions, .skippedBodies]
  }

  /// Lines with an SDK instance reported (one finding a line).
  var sdkInstanceLines: Set<Int> = []

  /// Empty dependencies: a component built with one has no parent, it is the root.
  static let emptyDependencies: Set<String> = ["EmptyDependency", "EmptyComponent"]

  override func typeDidStart(_ frame: FileContext.Frame) {
    guard frame.info.shape != .protocolType else { return }
    noteLocatorWrapper(frame)
    if frame.info.shape == .enumType { noteCaseOnlyEnum(frame) }
    let range = frame.declaration.position.utf8Offset..<frame.declaration.endPosition.utf8Offset
    if !frame.info.roles.isEmpty || Self.actsOnState(range, in: context)
      || !Self.showsWhatItDoes(frame.declaration)
    {
      context.facts.statefulTypes.insert(frame.info.name)
    }
    context.facts.conformances.formUnion(frame.inherited)
    guard frame.info.shape == .classType, frame.info.roles.contains(.component),
      let parent = frame.declaration.as(ClassDeclSyntax.self)?.inheritanceClause?.inheritedTypes
        .first?.type.as(IdentifierTypeSyntax.self),
      let argument = parent.genericArgumentClause?.arguments.first,
      case .type(let dependency) = argument.argument
    else { return }
    context.facts.componentDependencies[frame.info.name] = dependency.baseName
    context.facts.componentProvisions[frame.info.name, default: []].formUnion(frame.inherited)
  }

  /// System stores that are app-wide mutable state: `UserDefaults.standard`.
  static let systemStores: [String: Set<String>] = [
    "UserDefaults": ["standard"], "NSUbiquitousKeyValueStore": ["default"],
  ]
  /// Types that make the app's object graph: using singletons there is wiring, not RIB code.
  static let compositionRoots: Set<String> = [
    "AppDelegate", "SceneDelegate", "AppComponent", "CompositeRoot", "CompositionRoot",
  ]
  static let compositionRootBases: Set<String> = [
    "UIApplicationDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate", "App",
  ]

  /// DI container types a global may hold (Swinject's).
  static let containerTypes: Set<String> = ["Container"]

  override func visit(_ property: PropertyDeclaration) {
    if !property.declaration.attributes.isEmpty { noteWrappedProperty(property) }
    if property.isTopLevel, Self.containerTypes.contains(property.binding.initializerCallee) {
      context.facts.containerGlobals.insert(property.name)
    }
    if property.isTopLevel {
      if property.isVar, property.isStored, context.isRIBCode, !context.isMainFile {
        context.report(
          .globalState, property.pattern,
          "global variable '\(property.name)' is state every RIB can reach: move it into a "
            + "service owned by a component and inject it")
      }
      return
    }
    guard let info = context.frame?.info, info.shape != .protocolType else { return }
    if Self.keepsState(property, of: info) { context.facts.statefulTypes.insert(info.name) }
    noteHeldType(of: property, in: info)
    if !property.isStatic, property.isStored, info.shape == .classType {
      var isPresentation = Self.holdsUIObject(property)
      // One of the app's own types (`SSAnimatingView?`, `[ThemeView]`): presentation if it is
      // a view, or appearance (a theme).
      let held = Self.heldTypeName(of: property)
      if !isPresentation, held != "?" {
        context.facts.presentationStateIfViews[info.name, default: []].insert(held)
        isPresentation = true
      }
      context.facts.presentationState[info.name] =
        (context.facts.presentationState[info.name] ?? true) && isPresentation
    }
    guard property.isStatic else { return }
    if !property.isStored, let accessors = property.binding.accessorBlock {
      noteFacade(
        property.name,
        reaching: accessors.position.utf8Offset..<accessors.endPosition.utf8Offset, in: info)
    }
    let place = context.place(property.pattern)
    if property.isStored, SyntaxQueries.singletonNames.contains(property.name) {
      // Reported where RIB code uses it, and here once when it does.
      context.facts.globalDeclarations.append((info.name, property.name, place))
    } else if property.holdsOwnInstance(of: info) {
      // A singleton under another name if the class has mutable state (known when it ends).
      context.facts.ownInstanceDeclarations.append((info.name, property.name, place))
    } else if property.isStored, property.isVar, context.isRIBCode || !info.roles.isEmpty,
      // A view's `static var reuseIdentifier = "…"` is a constant written as a var.
      !info.roles.contains(.view), !info.roles.contains(.viewModel)
    {
      // Global state when some code writes it (known when every file is read).
      guard !context.inTestDouble else { return }
      context.facts.ribStaticVars.append((info.name, property.name, place))
      noteWritesItself(property.name)
    } else if property.isVar, property.isStored || property.hasSetter, info.roles.isEmpty,
      !context.isRIBCode
    {
      // A mutable static outside RIB code (`static var token: String { get set }` over
      // `UserDefaults`): global state when RIB code reads or writes it; a stored one only if
      // some code writes it.
      context.facts.globalDeclarations.append((info.name, property.name, place))
      if property.isStored {
        context.facts.storedStaticVars.insert("\(info.name).\(property.name)")
        noteWritesItself(property.name)
      }
    }
  }

  /// Writes by the declaring type itself (`count += 1` in a static method), in this file.
  private func noteWritesItself(_ name: String) {
    guard let frame = context.frame,
      Self.writesItself(
        name, type: frame.info.name, in: context.bytes,
        frame.declaration.position.utf8Offset..<frame.declaration.endPosition.utf8Offset)
    else { return }
    context.facts.staticWrites.insert("\(frame.info.name).\(name)")
  }

  /// A static member's body outside RIB code that reaches a singleton (`Auth.auth()`,
  /// `Database.database()`, `Session.shared`, `UserDefaults.standard`) makes its type a static
  /// facade over app-wide state: RIB code calling it uses that state.
  private func noteFacade(_ member: String, reaching range: Range<Int>, in info: TypeInfo) {
    guard !context.isRIBCode, info.roles.isEmpty, info.shape != .protocolType,
      let frame = context.frame, context.mentions(".", in: range),
      Self.reachesSingleton(context.bytes[range], ignoring: Self.transports)
    else { return }
    context.facts.facadeMembers.insert("\(info.name).\(member)")
    if context.facts.facades[info.name] == nil {
      context.facts.facades[info.name] = context.place(frame.declaration)
    }
  }

  /// Shared objects that carry a request and keep nothing of the app's: a static function that
  /// only sends requests through one is no facade over shared state.
  static let transports = [Array("URLSession.shared".utf8)]

  /// The application's URL hand-offs: opening a URL in another app, or asking whether one
  /// can, keeps nothing of the app's (its delegate, badge or windows are another matter).
  private static let application = Array("UIApplication.shared".utf8)
  private static let urlHandOffs = ["open(", "openURL(", "canOpenURL("].map { Array($0.utf8) }

  /// Whether `name` (`UIApplication.shared`), ending at `end`, is followed by a URL hand-off.
  private static func handsOffURL(
    _ bytes: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, after end: Int
  ) -> Bool {
    guard name.elementsEqual(application), end < bytes.count, bytes[end] == UInt8(ascii: ".")
    else { return false }
    // Not an implicit member (`open(.screen(id:))`): that is one of the app's own types, handed
    // to an overload of its own.
    let rest = bytes[(end + 1)...]
    return urlHandOffs.contains { handOff in
      rest.starts(with: handOff) && rest.dropFirst(handOff.count).first != UInt8(ascii: ".")
    }
  }

  /// Accessors that return a type's one shared instance.
  static let sharedAccessors: Set<String> = SyntaxQueries.singletonNames.union(["standard"])
  private static let sharedAccessorBytes = sharedAccessors.map { Array($0.utf8) }

  /// Whether code text names `Type.shared`-style accessors, or a type's accessor named after
  /// it (`Auth.auth()`, `Firestore.firestore()`: an SDK's default instance), other than the
  /// whole names in `skipped` (`URLSession.shared`; `AuthURLSession.shared` is the app's own).
  /// One pass over the bytes, nothing allocated: it reads every type of every file.
  static func reachesSingleton(_ text: ArraySlice<UInt8>, ignoring skipped: [[UInt8]] = [])
    -> Bool
  {
    text.withContiguousStorageIfAvailable { reachesSingleton($0, ignoring: skipped) }
      ?? Array(text).withUnsafeBufferPointer { reachesSingleton($0, ignoring: skipped) }
  }

  private static func reachesSingleton(
    _ bytes: UnsafeBufferPointer<UInt8>, ignoring skipped: [[UInt8]]
  ) -> Bool {
    func isIdentifier(_ byte: UInt8) -> Bool {
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
    let dot = UInt8(ascii: ".")
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= 0x41, byte <= 0x5A, index == 0 || !isIdentifier(bytes[index - 1]),
        index == 0 || bytes[index - 1] != dot
      else {
        index += 1
        continue
      }
      var end = index
      while end < bytes.count, isIdentifier(bytes[end]) { end += 1 }
      let typeStart = index
      index = end
      guard end < bytes.count, bytes[end] == dot else { continue }
      var memberEnd = end + 1
      while memberEnd < bytes.count, isIdentifier(bytes[memberEnd]) { memberEnd += 1 }
      let name = UnsafeBufferPointer(rebasing: bytes[typeStart..<memberEnd])
      if memberEnd < bytes.count, isIdentifier(bytes[memberEnd]) { continue }
      if skipped.contains(where: { $0.elementsEqual(name) }) { continue }
      if handsOffURL(bytes, name: name, after: memberEnd) { continue }
      let member = UnsafeBufferPointer(rebasing: bytes[(end + 1)..<memberEnd])
      if sharedAccessorBytes.contains(where: { $0.elementsEqual(member) }) { return true }
      // `Auth.auth(`: the member is the type's name with its first letter lowered.
      if member.count == end - typeStart, memberEnd < bytes.count,
        bytes[memberEnd] == UInt8(ascii: "("), member.first == bytes[typeStart] | 0x20,
        member.dropFirst().elementsEqual(bytes[(typeStart + 1)..<end])
      {
        return true
      }
    }
    return false
  }

  /// Whether a stored property holds a UI object (`UILabel()`, `UIWindow?`,
  /// `… as? UIWindowScene`, a `Timer`): state an overlay shows, not app state.
  static func holdsUIObject(_ property: PropertyDeclaration) -> Bool {
    var types = [property.typeName, property.storedType]
    if let value = property.binding.initializer?.value,
      let cast = value.as(AsExprSyntax.self)
        ?? value.as(SequenceExprSyntax.self)?.elements.last?
        .as(AsExprSyntax.self)
    {
      types.append(cast.type.baseName)
    }
    if let sequence = property.binding.initializer?.value.as(SequenceExprSyntax.self) {
      for element in sequence.elements {
        if let type = element.as(TypeExprSyntax.self) { types.append(type.type.baseName) }
      }
    }
    return types.contains(where: isUIType)
  }

  /// UIKit and Core Animation types (`UIView`, `UIWindowScene`, `CALayer`) and timers.
  static func isUIType(_ name: String) -> Bool {
    let scalars = Array(name.unicodeScalars)
    guard scalars.count > 2 else { return false }
    if (name.hasPrefix("UI") || name.hasPrefix("CA")) && scalars[2].properties.isUppercase {
      return true
    }
    return name == "Timer"
  }

  /// A plain type's bodies are not walked: their bytes tell which statics they write.
  override func visitSkippedBody(_ body: CodeBlockSyntax) {
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    if let function = body.parent?.as(FunctionDeclSyntax.self),
      function.modifiers.contains(where: {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      }),
      let info = context.frame?.info
    {
      noteFacade(function.name.text, reaching: range, in: info)
    }
    guard context.mentions("=", in: range) || context.mentions("(", in: range) else { return }
    context.facts.staticWrites.formUnion(
      Self.writtenStatics(in: context.bytes, range, selfType: context.frame?.info.name))
  }

  /// A global function resolving from a global (`locator.resolve(…)`): a locator, if that
  /// global holds a DI container (known when every file is read).
  /// (Read from the body's text: outside RIB code the walk may see the body blanked.)
  override func visit(_ function: FunctionDeclSyntax) {
    guard context.frames.isEmpty, let body = function.body else { return }
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    guard context.mentions(".resolve(", in: range) else { return }
    let text = String(decoding: context.bytes[range], as: UTF8.self)
    for piece in text.components(separatedBy: ".resolve(").dropLast() {
      let receiver = String(
        piece.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }.reversed())
      guard !receiver.isEmpty else { continue }
      context.facts.resolvingFunctions.append((function.name.text, receiver))
    }
  }

  /// `init(storage: PersistentStorage = .shared)`: whoever builds the type without that argument
  /// uses the singleton.
  override func visit(_ initializer: InitializerDeclSyntax) {
    guard let info = context.frame?.info else { return }
    noteUIParameters(of: initializer, in: info)
    context.facts.initializerCounts[info.name, default: 0] += 1
    for parameter in initializer.signature.parameterClause.parameters
    where parameter.firstName.tokenKind != .wildcard {
      guard let value = parameter.defaultValue?.value.as(MemberAccessExprSyntax.self),
        value.base == nil, SyntaxQueries.singletonNames.contains(value.declName.baseName.text)
      else { continue }
      context.facts.singletonDefaults[info.name, default: []].append(
        (parameter.firstName.text, parameter.type.baseName))
    }
  }

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    noteLocatorUse(call, named: name, on: base)
    noteLaunch(call, named: name, on: base)
    noteSDKInstance(call, named: name, on: base)
    guard base == nil, let first = name.unicodeScalars.first, first.properties.isUppercase
    else { return }
    // What launch code builds, or what is built with an empty dependency, is the root.
    if let outer = context.frames.first,
      Self.isCompositionRoot(outer.info)
        || outer.inherited.contains(where: { Self.compositionRootBases.contains($0) })
        || call.arguments.contains(where: { argument in
          guard let inner = argument.expression.as(FunctionCallExprSyntax.self) else {
            return false
          }
          return Self.emptyDependencies.contains(
            SyntaxQueries.calleeTypeName(inner.calledExpression))
        })
    {
      context.facts.launchCreations.insert(name)
    }
    guard let user = context.outermostRIBType, !context.inTestDouble,
      !Self.isCompositionRoot(user)
    else { return }
    if user.roles.contains(.builder) { context.facts.builderCreations.insert(name) }
    if Self.systemStores[name] != nil, user.roles.isDisjoint(with: [.component, .builder]) {
      // `UserDefaults()` and `UserDefaults(suiteName:)` read and write the app's (or its
      // group's) defaults, the store `UserDefaults.standard` is.
      context.report(
        .globalState, call,
        "\(user.name) makes a \(name), which reads and writes the app's shared defaults like "
          + "\(name).standard: app-wide state every RIB can reach (and two RIBs sharing a key "
          + "are coupled through it); keep it behind a service a component creates and injects")
    }
    context.facts.constructions.append(
      (
        user.name, user.roles.contains(.view), name,
        call.arguments.compactMap { $0.label?.text }, context.place(call)
      ))
  }

  /// `global.resolve(…)` and free function calls in RIB code (a locator's use, when the global
  /// holds a DI container or the function resolves from one).
  private func noteLocatorUse(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?
  ) {
    let receiver = base?.as(DeclReferenceExprSyntax.self)?.baseName.text
    guard let user = context.outermostRIBType, !context.inTestDouble,
      !Self.isCompositionRoot(user)
    else { return }
    if name == "resolve", let receiver {
      context.facts.locatorUses.append((user.name, receiver, false, context.place(call)))
    } else if base == nil, name.first?.isLowercase == true {
      context.facts.locatorUses.append((user.name, name, true, context.place(call)))
    }
  }

  override func visit(_ access: MemberAccessExprSyntax) {
    let member = access.declName.baseName.text
    // `Store.items = …`, `Self.items.append(…)` anywhere: the static is state that changes.
    if let reference = access.base?.as(DeclReferenceExprSyntax.self),
      reference.baseName.text.first?.isUppercase == true, Self.isWritten(access)
    {
      let type =
        reference.baseName.tokenKind == .keyword(.Self)
        ? context.frame?.info.name ?? "" : reference.baseName.text
      context.facts.staticWrites.insert("\(type).\(member)")
    }
    let extended = context.outermostRIBType == nil ? Self.ribPartExtension(in: context) : nil
    guard SyntaxQueries.isMemberUse(access), let user = context.outermostRIBType ?? extended,
      !context.inTestDouble,
      !Self.isCompositionRoot(user)
    else { return }
    func noteUse(_ type: String) {
      let use = (user.name, Self.isViewSide(user), type, member, context.place(access))
      if extended != nil {
        context.facts.extensionStaticUses.append(use)
      } else {
        context.facts.staticUses.append(use)
      }
    }
    guard let base = access.base else {
      // `UserAuthService(keyChainService: .shared)`: the singleton's type is the label's.
      guard SyntaxQueries.singletonNames.contains(member),
        let label = access.parent?.as(LabeledExprSyntax.self)?.label?.text,
        let first = label.first
      else { return }
      let type = first.uppercased() + label.dropFirst()
      noteUse(type)
      return
    }
    guard let reference = base.as(DeclReferenceExprSyntax.self),
      let first = reference.baseName.text.unicodeScalars.first, first.properties.isUppercase
    else { return }
    let type = reference.baseName.text
    if Self.systemStores[type]?.contains(member) == true, extended == nil {
      // A component or builder handing it to a service it creates is wiring.
      guard user.roles.isDisjoint(with: [.component, .builder]) else { return }
      context.report(
        .globalState, access,
        "\(user.name) uses \(type).\(member), app-wide state every RIB can reach (and two RIBs "
          + "sharing a key are coupled through it): keep it behind a service a component "
          + "creates and injects")
      return
    }
    if SyntaxQueries.singletonNames.contains(member), Self.retargets(access) {
      let place = context.place(access)
      context.facts.sharedInstanceWrites.insert("\(place.line):\(place.column)")
    }
    noteUse(type)
  }

  /// The extension being walked, in a file that neither imports RIBs nor says what the type
  /// is, when its name is a RIB part's (`extension RootInteractor: SplashListener` in a file of
  /// its own): its uses count once the run knows the type as one.
  private static func ribPartExtension(in context: FileContext) -> TypeInfo? {
    guard let outer = context.frames.first?.info, outer.shape == .extensionType,
      !outer.roles.isDisjoint(with: [.interactor, .router, .builder, .component])
    else { return nil }
    return outer
  }

  /// The framework's protocols of a RIB's view side: an extension of one is view code.
  static let viewSideProtocols: Set<String> = ["Presentable", "ViewControllable"]

  /// Whether a type is a view, or an extension of a protocol every RIB's view conforms to.
  static func isViewSide(_ user: TypeInfo) -> Bool {
    user.roles.contains(.view)
      || (user.shape == .extensionType && viewSideProtocols.contains(user.name))
  }

  /// Launching the root RIB into a window (`router.launch(from: window)`, the older
  /// `launchFromWindow(window)`) from a type that is no RIB's: that type is the app's launcher,
  /// a composition root whatever its name. Into a window only: a flow launched from a screen
  /// (`sheet.launch(from: controller)`) is no root RIB.
  private func noteLaunch(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?)
  {
    guard base != nil, name.hasPrefix("launch"), call.arguments.count == 1,
      let argument = call.arguments.first,
      argument.expression.trimmedDescription.lowercased().contains("window"),
      let outer = context.frames.first, outer.info.roles.isEmpty, !context.inTestDouble
    else { return }
    context.facts.launchers.insert(outer.info.name)
  }

  /// The types that launch the root RIB (``noteLaunch(_:named:on:)``), over every file — but
  /// not a RIB's part whose role the launching file does not show (an extension, in a file of
  /// its own, of a root router named without a role's suffix).
  static func launchers(in run: RunFacts) -> Set<String> {
    run.analyses.reduce(into: Set<String>()) { $0.formUnion($1.facts.launchers) }
      .filter { !run.inheritsRole($0, Role.ribParts) }
  }

  static func isCompositionRoot(_ user: TypeInfo) -> Bool {
    compositionRoots.contains(user.name)
      || user.name.hasSuffix("AppDelegate") || user.name.hasSuffix("SceneDelegate")
  }

  /// The app's root components, by what they are rather than their names: built with an empty
  /// dependency, built by the launch code (app or scene delegate, `@main` app), built with a
  /// dependency protocol of the app's that no type of the app provides (nobody's child), or
  /// built with a dependency only the app's empty component provides (one with an empty
  /// dependency no builder makes, `AppComponent: Component<EmptyComponent>, RootDependency`,
  /// made by the launch code): the root RIB's component one level below it, since nothing above
  /// could inject what it wires. Wiring a singleton into the DI graph there is where it should
  /// be made.
  static func rootComponents(in run: RunFacts) -> Set<String> {
    var conformances: Set<String> = []
    var protocols: Set<String> = []
    var launched: Set<String> = []
    var builderMade: Set<String> = []
    var dependencies: [String: String] = [:]
    var provided: [String: Set<String>] = [:]
    for analysis in run.analyses {
      conformances.formUnion(analysis.facts.conformances)
      protocols.formUnion(analysis.facts.protocols.keys)
      launched.formUnion(analysis.facts.launchCreations)
      builderMade.formUnion(analysis.facts.builderCreations)
      dependencies.merge(analysis.facts.componentDependencies) { first, _ in first }
      provided.merge(analysis.facts.componentProvisions) { $0.union($1) }
    }
    // What the launch components provide: their children are the root RIBs.
    var launchProvided: Set<String> = []
    for (component, dependency) in dependencies
    where emptyDependencies.contains(dependency) && !builderMade.contains(component) {
      launchProvided.formUnion(provided[component] ?? [])
    }
    var roots: Set<String> = []
    for (component, dependency) in dependencies
    where emptyDependencies.contains(dependency) || launched.contains(component)
      || (protocols.contains(dependency) && !conformances.contains(dependency))
      || (launchProvided.contains(dependency)
        && !provided.contains { other, provides in
          provides.contains(dependency)
            && !(emptyDependencies.contains(dependencies[other] ?? "")
              && !builderMade.contains(other))
        })
    {
      roots.insert(component)
    }
    return roots
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result: [(file: Int, finding: RawFinding)] = []
    var singletons: Set<String> = []
    var globals: Set<String> = []
    var written: Set<String> = []
    for analysis in run.analyses { written.formUnion(analysis.facts.staticWrites) }
    for (index, analysis) in run.analyses.enumerated() {
      singletons.formUnion(analysis.facts.singletons)
      for declaration in analysis.facts.globalDeclarations
      where !SyntaxQueries.singletonNames.contains(declaration.name) {
        let key = "\(declaration.type).\(declaration.name)"
        // A stored static nobody writes is constant data, written as a `var`.
        guard !analysis.facts.storedStaticVars.contains(key) || written.contains(key) else {
          continue
        }
        globals.insert(key)
      }
      for declaration in analysis.facts.ribStaticVars
      where written.contains("\(declaration.type).\(declaration.name)") {
        result.append(
          (
            index,
            RawFinding(
              rule: .globalState, place: declaration.place,
              message: "static var '\(declaration.name)' in \(declaration.type) is global state "
                + "(code writes it): keep state in a service owned by a component and inject it")
          ))
      }
    }
    // Building a type whose initializer defaults a parameter to a singleton, without passing
    // it, uses that singleton.
    // (Only for types with one initializer: another may not default it. Types are told apart by
    // where they are declared, as seen from the file building them.)
    var defaults: [String: [(label: String, type: String)]] = [:]
    var initializers: [String: Int] = [:]
    for (index, analysis) in run.analyses.enumerated() {
      let folder = run.folders[index]
      for (type, parameters) in analysis.facts.singletonDefaults {
        defaults["\(folder)|\(type)", default: []] += parameters
      }
      for (type, count) in analysis.facts.initializerCounts {
        initializers["\(folder)|\(type)", default: 0] += count
      }
    }
    // Views' uses of business objects are `view-has-logic`'s when that rule runs.
    let viewsElsewhere = run.enabled.contains(Rule.viewHasLogic.id)
    let io = viewsElsewhere ? ViewHasLogic.businessObjects(in: run) : []
    let roots = rootComponents(in: run).union(launchers(in: run))
    let overlays = presentationTypes(in: run, singletons: singletons)
    // A singleton with nothing stored that changes, whose members write nothing lasting, shares
    // no state: a helper reached statically, not global state.
    var stateful: Set<String> = []
    for analysis in run.analyses { stateful.formUnion(analysis.facts.statefulTypes) }
    let stateless = singletons.subtracting(stateful)
    var facades: [String: (file: Int, place: Place)] = [:]
    var facadeMembers: Set<String> = []
    for (index, analysis) in run.analyses.enumerated() {
      facadeMembers.formUnion(analysis.facts.facadeMembers)
      for (type, place) in analysis.facts.facades
      where facades[type] == nil && !singletons.contains(type) {
        facades[type] = (index, place)
      }
    }
    let sites = DeclarationSites(in: run, facades: facades)
    for (index, analysis) in run.analyses.enumerated() {
      var seen: Set<String> = []
      var uses =
        analysis.facts.staticUses
        + analysis.facts.extensionStaticUses.filter {
          run.inheritsRole($0.user, [.interactor, .router, .builder, .component])
        }
      for construction in analysis.facts.constructions {
        guard let declared = run.declaration(construction.type, from: index) else { continue }
        let key = "\(declared.folder)|\(construction.type)"
        guard initializers[key] == 1 else { continue }
        for parameter in defaults[key] ?? []
        where !construction.labels.contains(parameter.label) {
          uses.append(
            (
              construction.user, construction.isView, parameter.type, "shared",
              construction.place
            ))
        }
      }
      for use in uses {
        // The framework's own base classes (`Router` using `LeakDetector.shared`) are not app
        // code; a singleton type's static methods reach its shared instance.
        let isGlobal = globals.contains("\(use.type).\(use.member)")
        // A static facade's members reach the singletons it wraps; from views, they are
        // `view-has-logic`'s question (a facade is often a UI helper).
        let isFacade =
          !isGlobal && !use.isView && facades[use.type] != nil
          && facadeMembers.contains("\(use.type).\(use.member)")
        guard singletons.contains(use.type) || isGlobal || isFacade,
          Role.inherited[use.user] == nil,
          !roots.contains(use.user),
          use.user != use.type,
          use.member.first?.isUppercase != true  // `Service.Kind` is a nested type
        else { continue }
        // A view showing an overlay (a toast, a spinner) through a singleton whose only state is
        // its views shows presentation, not state.
        if use.isView, !isGlobal, overlays.contains(use.type),
          !analysis.facts.sharedInstanceWrites.contains("\(use.place.line):\(use.place.column)")
        {
          continue
        }
        if !isGlobal, stateless.contains(use.type) { continue }
        let key = "\(use.type)\(isGlobal ? "." + use.member : "")"
        // Every use is reported (one per line): each is a place the dependency must be injected.
        guard seen.insert("\(use.place.line)|\(key)").inserted else { continue }
        // Accepted where it is declared (`// ribcage:disable:this global-state`): every use is.
        if sites.isAccepted(use.type, member: use.member, from: index, in: run) { continue }
        let site = sites.site(of: use.type, member: use.member, from: index, in: run)
        if use.isView, viewsElsewhere,
          ViewHasLogic.reportsUse(of: use.type, member: use.member, io: io, singletons: singletons)
        {
          continue
        }
        let declared = site.map { " (\($0.path):\($0.line))" } ?? ""
        let what =
          isGlobal
          ? "the static var \(key)\(declared)"
          : isFacade && !singletons.contains(use.type)
            ? "the static facade \(use.type).\(use.member)\(declared) (over SDK or app singletons)"
            : "the singleton \(use.type)\(declared)"
        let message =
          use.isView
          ? "view \(use.user) uses \(what): views only render view models; let the interactor "
            + "use it, injected through its component"
          : "\(use.user) uses \(what), state every RIB can reach: have a component create it "
            + "(`shared { }`) and inject it"
        result.append((index, RawFinding(rule: .globalState, place: use.place, message: message)))
      }
    }
    result += locatorFindings(in: run, roots: roots)
    result += wrapperLocatorFindings(in: run, roots: roots)
    result += sdkInstanceFindings(in: run, roots: roots)
    return result
  }

  /// Singletons whose state is presentation: every stored property they declare holds a UI
  /// object (an overlay's label, indicator, window scene), a view of the app's own class or an
  /// appearance type (a theme), or the class is a UIKit view itself.
  static func presentationTypes(in run: RunFacts, singletons: Set<String>) -> Set<String> {
    var state: [String: Bool] = [:]
    let appearance = appearanceTypes(in: run)
    for analysis in run.analyses {
      for (type, isPresentation) in analysis.facts.presentationState
      where singletons.contains(type) {
        state[type] = (state[type] ?? true) && isPresentation
      }
      for (type, held) in analysis.facts.presentationStateIfViews where singletons.contains(type) {
        if !held.allSatisfy({
          (isUIType($0) && !$0.hasSuffix("Controller"))
            || inheritsUIType($0, in: run, viewsOnly: true) || appearance.contains($0)
        }) {
          state[type] = false
        }
      }
    }
    var result = Set(state.filter(\.value).keys)
    for type in singletons where inheritsUIType(type, in: run) {
      result.insert(type)
    }
    return result
  }

  /// Whether a class is a UIKit type's subclass, through the app's own classes
  /// (`OfflineBanner: ShadowedView: UIView`).
  /// With `viewsOnly`, a view, window or layer: not a view controller (a navigator keeping
  /// the current screen is routing state, not an overlay).
  static func inheritsUIType(
    _ type: String, in run: RunFacts, viewsOnly: Bool = false, depth: Int = 0
  ) -> Bool {
    guard depth < 10, let parents = run.inheritance[type] else { return false }
    return parents.contains {
      (isUIType($0) && !(viewsOnly && $0.hasSuffix("Controller")))
        || inheritsUIType($0, in: run, viewsOnly: viewsOnly, depth: depth + 1)
    }
  }

  /// RIB code resolving from a DI container kept in a global, directly or through a global
  /// function that does: a service locator every RIB can reach, hiding the RIB's dependencies.
  static func locatorFindings(in run: RunFacts, roots: Set<String>) -> [(
    file: Int, finding: RawFinding
  )] {
    var globals: Set<String> = []
    var functions: Set<String> = []
    for analysis in run.analyses { globals.formUnion(analysis.facts.containerGlobals) }
    guard !globals.isEmpty else { return [] }
    for analysis in run.analyses {
      for resolving in analysis.facts.resolvingFunctions where globals.contains(resolving.global) {
        functions.insert(resolving.function)
      }
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for use in analysis.facts.locatorUses where !roots.contains(use.user) {
        guard use.isCall ? functions.contains(use.name) : globals.contains(use.name) else {
          continue
        }
        let what =
          use.isCall
          ? "\(use.name)(…), which resolves from a global DI container"
          : "the global DI container \(use.name)"
        result.append(
          (
            index,
            RawFinding(
              rule: .globalState, place: use.place,
              message: "\(use.user) resolves from \(what): a service locator every RIB can "
                + "reach, hiding what the RIB depends on; ask for it in the dependency protocol "
                + "and have the parent's component provide it")
          ))
      }
    }
    return result
  }
}
