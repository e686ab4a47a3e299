import SwiftSyntax

extension Rule {
  public static let viewHasLogic = Rule(
    id: "view-has-logic", name: "ViewHasLogic",
    summary: "A view holds or calls a service, repository or interactor, or does networking.",
    rationale: """
      Views only render immutable view models and report user actions to their listener. A view \
      (a view controller, a view or cell, a SwiftUI view) that holds or calls a service, a \
      repository, a manager that does I/O or a persistence wrapper, calls an interactor \
      directly or does networking holds business logic nobody can unit-test without a UI, and \
      bypasses the one-way loop. What counts as a business object is read from its code, not \
      only its name: a type a component provides, a singleton service, or a type whose code \
      does networking or persistence (`URLSession`, `UserDefaults`, Core Data, the keychain). \
      Move the logic into the interactor (or a service) and give the view a listener.
      """,
    badExample: "final class ConfirmViewController: UIViewController { let trips: TripService }",
    goodExample:
      "final class ConfirmViewController: UIViewController { weak var listener: ConfirmViewListener? }",
    defaultSeverity: .warning)
}

/// `view-has-logic`: views holding interactors or business objects, calling business objects'
/// singletons or static methods, or doing networking themselves.
final class ViewHasLogic: FileRule, LintRule {
  static let description = Rule.viewHasLogic
  override class var hooks: Set<Hook> {
    [.properties, .calls, .memberAccesses, .assignments, .typeNames, .skippedBodies]
  }

  /// Networking a view should not do (`URLRequest` alone is how a web view loads a page).
  static let networkingNames: Set<String> = [
    "URLSession", "HTTPClient", "Alamofire", "AF", "URLSessionTask", "Moya", "MoyaProvider",
  ]
  /// Names whose use makes a type a business object: networking and persistence.
  static let ioNames: Set<String> = networkingNames.union([
    "UserDefaults", "FileManager", "NSPersistentContainer", "NSManagedObjectContext",
    "NSFetchRequest", "SecItemAdd", "SecItemCopyMatching", "SecItemUpdate", "SecItemDelete",
    "Realm", "Firestore", "KeychainWrapper",
  ])

  private var reportedNetworking: Set<String> = []
  /// The I/O names the file mentions at all (asked once, when a skipped body is met): only
  /// these are looked for in its bodies.
  private lazy var ioNamesInFile = Self.ioNames.filter { $0.count > 2 && context.mentions($0) }

  /// Whether the type being walked is a view.
  private var view: TypeInfo? {
    guard let info = context.frame?.info, info.roles.contains(.view) else { return nil }
    return info
  }

  override func visit(_ property: PropertyDeclaration) {
    guard !property.isTopLevel, let view, property.isStored, !property.isStatic,
      !property.storedType.isEmpty, !context.inTestDouble
    else { return }
    let type = property.storedType
    if property.isWeak { context.facts.weakViewProperties.insert("\(view.name).\(property.name)") }
    let named = Self.serviceName(type)
    let looksLikeService = context.naming.service.contains {
      named.hasSuffix($0) && named.count > $0.count
    }
    if !property.isWeak {  // a weak reference is not what keeps a business object
      context.facts.viewProperties.append(
        (view.name, type, looksLikeService, context.place(property.pattern)))
    }
    if context.naming.interactor.contains(where: { type.hasSuffix($0) }) {
      context.report(
        .viewHasLogic, property.pattern,
        "view \(view.name) holds the interactor \(type): views only render view models and "
          + "report user actions to a listener; hold a listener protocol instead")
    }
  }

  /// `viewController.reactor = interactor` in a builder: noted, judged once every file is read
  /// (the view's and the interactor's roles, and whether the view holds the property weakly).
  override func visitAssignment(_ node: SequenceExprSyntax, target: ExprSyntax, value: ExprSyntax) {
    guard let info = context.frame?.info, info.roles.contains(.builder),
      let access = target.as(MemberAccessExprSyntax.self),
      let holder = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let held = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
      !Self.isListenerName(access.declName.baseName.text),
      let view = SyntaxQueries.createdType(ofLocal: holder, before: node),
      let interactor = SyntaxQueries.createdType(ofLocal: held, before: node)
    else { return }
    context.facts.viewHandOvers.append(
      (view, access.declName.baseName.text, interactor, context.place(node)))
  }

  /// `ImageRepositoryProtocol` is named as `ImageRepository`.
  static func serviceName(_ type: String) -> String {
    for suffix in ["Protocol", "Type", "Interface", "Providing"]
    where type.hasSuffix(suffix) && type.count > suffix.count {
      return String(type.dropLast(suffix.count))
    }
    return type
  }

  /// Foundation types that load what a URL names when made (`Data(contentsOf: url)`): I/O,
  /// blocking, from the network or the disk.
  static let loadingInitializers: Set<String> = [
    "Data", "NSData", "String", "NSString", "NSDictionary", "NSArray", "XMLParser",
  ]

  override func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    if base == nil, let view, Self.loadingInitializers.contains(name),
      call.arguments.contains(where: { $0.label?.text == "contentsOf" }), !context.inTestDouble,
      reportedNetworking.insert("\(view.name).\(name)(contentsOf:)").inserted
    {
      context.report(
        .viewHasLogic, call,
        "view \(view.name) loads data itself (\(name)(contentsOf:)): views only render view "
          + "models and report user actions to a listener; let the interactor (or a service) "
          + "load it and hand the view what to show")
      return
    }
    guard name == "shared", let info = context.frame?.info, info.roles.contains(.component),
      let closure = call.trailingClosure, let created = SyntaxQueries.createdType(in: closure)
    else { return }
    context.facts.providedServices.insert(created)
  }

  override func visit(_ access: MemberAccessExprSyntax) {
    // `UserInfoService.shared.isGuest`, `ImageDownloader.download(from:)`: a view reaching a
    // type directly (a business object or not: the whole run tells).
    guard let view, SyntaxQueries.isMemberUse(access),
      let base = access.base?.as(DeclReferenceExprSyntax.self),
      let first = base.baseName.text.unicodeScalars.first, first.properties.isUppercase,
      !context.inTestDouble, !Self.isLogging(access)
    else { return }
    context.facts.viewTypeUses.append(
      (view.name, base.baseName.text, access.declName.baseName.text, context.place(access)))
  }

  /// Names of a logger's methods, by level.
  static let logLevels: Set<String> = [
    "log", "trace", "verbose", "debug", "info", "notice", "warning", "warn", "error", "fault",
    "critical",
  ]

  /// Whether `Type.member` starts a statement that only logs (`Logger.debug("…")`,
  /// `Log.shared.info(status)`): a call by a log level, handed a message (a string, or any value
  /// but to `log`), whose result nobody reads. Where the log keeps its lines does not make
  /// logging the view's business logic; `diary.log(meal)` records the user's data, and
  /// `orders.error(orderID:)` is no log level.
  static func isLogging(_ access: MemberAccessExprSyntax) -> Bool {
    if isAnalyticsEvent(access) { return true }
    var callee = access
    if !logLevels.contains(callee.declName.baseName.text),
      let outer = callee.parent?.as(MemberAccessExprSyntax.self)
    {
      callee = outer  // `Logger.shared` in `Logger.shared.info(…)`
    }
    guard logLevels.contains(callee.declName.baseName.text),
      let call = callee.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == callee.id, let message = call.arguments.first,
      message.expression.is(StringLiteralExprSyntax.self)
        || (message.label == nil && callee.declName.baseName.text != "log")
    else { return false }
    return call.parent?.is(CodeBlockItemSyntax.self) == true
  }

  /// Whether `Type.member` starts a statement sending an analytics event through a type's
  /// static method or shared instance: an event method (`logEvent`, `trackScreen`, an app's
  /// `Log.logEventAction(responder: sender)`), or any `log…`/`track…` method of an analytics
  /// type (`Analytics`, `Tracker`). Saying what the user did is the view's to say, whatever the
  /// type stores. Account and data calls named alike (`Auth.shared.logIn(…)`,
  /// `Orders.trackShipment(…)`, `Diary.logMeal(…)`) are not events.
  static func isAnalyticsEvent(_ access: MemberAccessExprSyntax) -> Bool {
    var callee = access
    if let outer = callee.parent?.as(MemberAccessExprSyntax.self),
      SyntaxQueries.singletonNames.contains(callee.declName.baseName.text)
    {
      callee = outer  // `Tracker.shared` in `Tracker.shared.trackTap(…)`
    }
    guard let type = access.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      type.first?.isUppercase == true,
      isEventMethod(callee.declName.baseName.text, of: type),
      let call = callee.parent?.as(FunctionCallExprSyntax.self),
      call.calledExpression.id == callee.id
    else { return false }
    // A statement of its own, maybe under `try` or `await`, whose result nobody reads.
    var node = Syntax(call)
    while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self)
    {
      node = parent
    }
    return node.parent?.is(CodeBlockItemSyntax.self) == true
  }

  /// Words that name what an analytics call reports.
  static let eventWords = ["Event", "Screen", "Action", "Tap", "Click", "Impression"]
  /// Words in the name of a type that only reports.
  static let analyticsTypeWords = ["Analytics", "Tracker", "Tracking"]

  private static func isEventMethod(_ name: String, of type: String) -> Bool {
    guard let prefix = ["log", "track"].first(where: { name.hasPrefix($0) }) else { return false }
    let rest = name.dropFirst(prefix.count)
    guard rest.isEmpty || rest.first?.isUppercase == true else { return false }
    if analyticsTypeWords.contains(where: { type.contains($0) }) { return true }
    return eventWords.contains { rest.contains($0) }
  }

  /// A plain type's method bodies are not walked: their bytes tell whether it does I/O.
  override func visitSkippedBody(_ body: CodeBlockSyntax) {
    guard !ioNamesInFile.isEmpty, let outer = context.frames.first?.info, outer.roles.isEmpty
    else { return }
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    guard ioNamesInFile.contains(where: { context.mentions($0, in: range) }) else { return }
    context.facts.ioTypes.insert(outer.name)
    // `extension UserDefaults { static func setDefaultFont(…) { UserDefaults.standard… } }`:
    // a helper of the app's on a system store, persistence wherever it is called from.
    if outer.shape == .extensionType, Self.ioNames.contains(outer.name),
      let function = body.parent?.as(FunctionDeclSyntax.self),
      function.modifiers.contains(where: {
        $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
      })
    {
      context.facts.storeHelpers.insert("\(outer.name).\(function.name.text)")
    }
  }

  override func visitTypeName(_ name: String, at node: Syntax) {
    guard let outer = context.frames.first?.info else { return }
    // A plain type doing I/O is a business object; a RIB's own parts are judged by their roles.
    if outer.roles.isEmpty, Self.ioNames.contains(name) {
      context.facts.ioTypes.insert(outer.name)
    }
    guard let view, Self.networkingNames.contains(name),
      reportedNetworking.insert("\(view.name).\(name)").inserted
    else { return }
    context.report(
      .viewHasLogic, node,
      "view \(view.name) refers to networking (\(name)): views only render view models and "
        + "report user actions to a listener; move this into the interactor or a service")
  }

  /// Types whose code does networking or persistence, and the protocols they implement.
  static func businessObjects(in run: RunFacts) -> Set<String> {
    var io: Set<String> = []
    for analysis in run.analyses { io.formUnion(analysis.facts.ioTypes) }
    for (index, analysis) in run.analyses.enumerated() {
      for (name, inherited) in analysis.facts.declaredInheritance where io.contains(name) {
        io.formUnion(
          inherited.filter { run.declaration($0, from: index)?.shape == .protocolType })
      }
    }
    return io
  }

  /// Core Data entities (`class Diary: NSManagedObject`): their generated code names a fetch
  /// request, but a view holding one holds a record it shows, as a view model's value. A view
  /// calling one's static members (`Diary.fetchRequest()`, `Diary.deleteAll(in:)`) still does
  /// the persistence itself.
  static func coreDataEntities(in run: RunFacts) -> Set<String> {
    var entities: Set<String> = []
    for analysis in run.analyses {
      for (name, inherited) in analysis.facts.declaredInheritance
      where inherited.contains(where: { TypeText.baseName($0) == "NSManagedObject" }) {
        entities.insert(name)
      }
    }
    return entities
  }

  /// Whether `type.member` is one of the app's static helpers on a system store it extends
  /// (`UserDefaults.setDefaultFont(_:)` in `extension UserDefaults`, whose body writes the
  /// standard defaults): persistence, though the type is not declared in the run. Only a static
  /// method the app declares in an extension of the store and whose body names it; the store's
  /// own constants (`UserDefaults.didChangeNotification`) and shared instance are not.
  static func isExtendedStoreHelper(_ type: String, member: String, helpers: Set<String>)
    -> Bool
  {
    ioNames.contains(type) && !networkingNames.contains(type)
      && helpers.contains("\(type).\(member)")
  }

  /// Whether a view's use of `type.member` is this rule's: a business object's static member,
  /// or a singleton service's shared instance.
  static func reportsUse(
    of type: String, member: String, io: Set<String>, singletons: Set<String>
  ) -> Bool {
    if io.contains(type) { return true }
    let named = serviceName(type)
    return SyntaxQueries.singletonNames.contains(member) && singletons.contains(type)
      && Naming().service.contains { named.hasSuffix($0) && named.count > $0.count }
  }

  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var result = handOverFindings(in: run)
    var provided: Set<String> = []
    var singletons: Set<String> = []
    for analysis in run.analyses {
      provided.formUnion(analysis.facts.providedServices)
      singletons.formUnion(analysis.facts.singletons)
    }
    let io = businessObjects(in: run)
    let held = io.subtracting(coreDataEntities(in: run))
    var helpers: Set<String> = []
    for analysis in run.analyses { helpers.formUnion(analysis.facts.storeHelpers) }
    for (index, analysis) in run.analyses.enumerated() {
      var seen: Set<String> = []
      for property in analysis.facts.viewProperties {
        // A service is a reference type (a value type named `…Store` is data) that a
        // component provides, or that is named as one; or any type whose code does I/O.
        guard let target = run.declaration(property.type, from: index),
          held.contains(property.type)
            || (target.shape != .structType && target.shape != .enumType
              && (provided.contains(property.type) || property.looksLikeService)),
          seen.insert("\(property.view)|\(property.type)").inserted
        else { continue }
        result.append(
          (
            index,
            RawFinding(
              rule: .viewHasLogic, place: property.place,
              message: "view \(property.view) holds the \(Self.kind(property.type, io: io)) "
                + "\(property.type): views only render view models and report user actions to "
                + "a listener; move this into the interactor")
          ))
      }
      for use in analysis.facts.viewTypeUses {
        let isSingleton = SyntaxQueries.singletonNames.contains(use.member)
        // A singleton service, or any type doing I/O, declared in the run (a library's image
        // pipeline is the view's own business).
        guard
          run.declaration(use.type, from: index) != nil
            || isExtendedStoreHelper(use.type, member: use.member, helpers: helpers),
          use.member.first?.isUppercase != true,  // `Type.Nested` is a type
          reportsUse(of: use.type, member: use.member, io: io, singletons: singletons),
          seen.insert("\(use.place.line)|\(use.type)").inserted
        else { continue }
        let how = isSingleton ? "calls the singleton" : "calls"
        result.append(
          (
            index,
            RawFinding(
              rule: .viewHasLogic, place: use.place,
              message: "view \(use.view) \(how) \(use.type) (\(Self.kind(use.type, io: io))): "
                + "views only render view models and report user actions to a listener; let "
                + "the interactor do this, with the object injected through its component")
          ))
      }
    }
    return result
  }

  private static func kind(_ type: String, io: Set<String>) -> String {
    io.contains(type) ? "business object (it does networking or persistence)" : "service"
  }
}
