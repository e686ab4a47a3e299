/// A place in a file: offsets are turned into lines and columns once, when reported.
struct Place: Sendable, Hashable {
  var line: Int
  var column: Int
  var lineText: String
}

/// A finding before its severity, path and fingerprint are known.
struct RawFinding: Sendable {
  var rule: Rule
  var place: Place
  var message: String
  /// A reading that could be wrong (which APIs keep a closure, whether a stream ends): never
  /// an error unless the configuration asks for errors from the rule by name.
  var isJudgment = false
}

/// What one file says about the whole codebase, for the rules that need every file.
struct FileFacts: Sendable {
  /// A router's call to `attachChild`, and whether it attaches a permanent child (in `didLoad`,
  /// an initializer or a build step, in a loop, or next to other attaches in one function, as a
  /// tab bar attaches its tabs).
  struct Attach: Sendable {
    var place: Place
    var isPermanent: Bool
    /// The router method it is in.
    var function: String?
    /// Whether the child is kept where a `detachChild` can find it (not built and attached
    /// in one go, or built into a local nothing holds on to).
    var keepsChild = true
    /// The router's property the route keeps the child in (`homeRouter = router`), if any.
    var storedIn: String?
    /// The property whose `nil` the attach is under (`if homeRouter == nil { … }`): attached
    /// once, unless the router sets it back to `nil` somewhere.
    var onlyWhileNil: String?
  }

  /// Router type name → its methods → the methods of its own they call (to tell a child
  /// attached once from `didLoad`, through helpers, from one attached on a route).
  var routerCalls: [String: [String: Set<String>]] = [:]
  /// Router → method → its own methods it calls handing them a bag nobody keeps
  /// (`detachWhenClosed(child: router, disposedBy: DisposeBag())`): what they subscribe is
  /// disposed at once.
  var routerCallsWithThrowawayBags: [String: [String: Set<String>]] = [:]
  /// Router type name → its methods → the calls of its own each makes from one `case` of a
  /// `switch` (keyed by the case's offset): a method dispatching a request calls one route a
  /// request, not several at once as a tab bar sets up its tabs.
  var routerCaseCalls: [String: [String: [Int: Set<String>]]] = [:]
  /// Router type name → the properties it sets to `nil` somewhere (`homeRouter = nil`).
  var routerNilled: [String: Set<String>] = [:]

  /// Router type name → where it calls `attachChild`.
  var attaches: [String: [Attach]] = [:]
  /// A router's push of a child it has just built onto a navigation stack.
  struct Push: Sendable {
    var place: Place
    /// The router method it is in.
    var function: String
    /// The pushed child's RIB, from its builder.
    var rib: String
    /// The method called (`pushViewController`, or a view's own method that may push).
    var method: String
    /// The call's argument labels (`_`, `animated`), to tell UIKit's `present` from an app's.
    var labels: [String] = []
    /// Whether the route gives the screen a style that cannot be swiped down first (or
    /// watches its presentation controller).
    var coversScreen = false
  }
  var pushes: [String: [Push]] = [:]
  /// RIB → its view types.
  var ribViews: [String: Set<String>] = [:]
  /// Types (views, base view controllers) that can tell they left a navigation stack.
  var popAwareTypes: Set<String> = []
  /// Types telling the app what a navigation controller shows (`navigationController(_:didShow:…)`).
  var navigationDelegates: Set<String> = []
  /// Methods whose body pushes onto a navigation stack (a view's `present(view:)`), as
  /// `Type.method`.
  var pushingMethods: Set<String> = []
  /// Types (views, base view controllers) whose screen cannot be swiped down, or that can tell
  /// it was: a covering `modalPresentationStyle`, `isModalInPresentation`, a presentation
  /// controller's delegate.
  var dismissAwareTypes: Set<String> = []
  /// Types made from a storyboard (whose presentation style may be set there).
  var storyboardTypes: Set<String> = []
  /// Whether the file tells the app a sheet was swiped down (`presentationControllerDidDismiss`).
  var watchesSheetDismissals = false
  /// Methods named `present…`/`show…` declared in the file: their name, argument labels and
  /// what their body does with what it is handed.
  var presentingMethods: [String: [PresentingMethod]] = [:]
  struct PresentingMethod: Sendable {
    enum Kind: Sendable { case sheet, covering, push, other }
    /// The type (or extended type) declaring it.
    var owner: String
    var labels: [String]
    var kind: Kind
    /// The types a presenting method makes (a container it presents the screen in).
    var creates: [String] = []
  }
  /// Types, and functions, giving a view a back button of its own (`leftBarButtonItem`).
  var backReplacingTypes: Set<String> = []
  var backReplacingFunctions: Set<String> = []
  /// Whether the file hides a navigation bar, or touches the back-swipe gesture.
  var hidesNavigationBars = false
  var mentionsBackSwipe = false
  /// Router type name → its RIB.
  var routerRIBs: [String: String] = [:]
  /// RIB → the routes its interactor asks for (`router?.attachMain()`) → the interactor methods
  /// asking.
  var routesAsked: [String: [String: Set<String>]] = [:]
  /// RIB → its interactor's methods → the methods of its own they call.
  var interactorCalls: [String: [String: Set<String>]] = [:]
  /// RIB → its view's methods → the methods of its own they call.
  var viewCalls: [String: [String: Set<String>]] = [:]
  /// RIB → what its view asks its listener (`listener?.loadSettings()`) → the view methods
  /// asking (a route asked from `viewDidLoad` is asked once).
  var listenerAsks: [String: [String: Set<String>]] = [:]
  /// Router type names that call `detachChild`.
  var detaching: Set<String> = []
  /// Router type names that detach children they read from `children`.
  var detachingFromChildren: Set<String> = []
  /// Router type name → its methods that call `detachChild`.
  var detachingMethods: [String: Set<String>] = [:]
  /// Router → its methods calling `detachChild` from a closure they set up.
  var closureDetachingMethods: [String: Set<String>] = [:]
  /// Router type name → its methods → the names they mention (to tell which methods can
  /// reach the property a child is kept in).
  var routerMentions: [String: [String: Set<String>]] = [:]
  /// RIB prefix → RIB prefixes it builds (its builder, router or component refers to their
  /// builders): the parent → child edges.
  var builds: [String: Set<String>] = [:]
  /// Builder type names referred to from the file's RIB types (for folder-based parent → child
  /// edges).
  var builderReferences: Set<String> = []
  /// RIB prefixes declared in the file.
  var ribs: Set<String> = []
  /// Builders declared in the file (a folder with several holds several RIBs: a flat layout).
  var builders: Set<String> = []
  /// References from a RIB's type to a concrete interactor or router type of some RIB.
  var references:
    [(fromRIB: String, fromType: String, target: String, targetRIB: String, place: Place)] = []
  /// Types declared in the file (not extensions), with their shape.
  var declaredTypes: [String: TypeInfo.Shape] = [:]
  /// What each class declared in the file inherits from (to find interactors and routers from
  /// code, through the project's own base classes).
  var declaredInheritance: [String: [String]] = [:]
  /// Types declaring a `static let shared`-style instance.
  var singletons: Set<String> = []
  /// `Type.member` of the singletons known by what they are rather than their accessor's name
  /// (a class with mutable state keeping an instance of itself in `static let current`).
  var singletonMembers: Set<String> = []
  /// `static let`s of a class holding an instance of itself, declared outside RIB code: a
  /// singleton's declaration when the class has mutable state (`singletonMembers`).
  var ownInstanceDeclarations: [(type: String, name: String, place: Place)] = []
  /// Classes declared in the file → whether every stored instance property holds a UI object
  /// (a view, window, scene, layer, timer): an overlay's state is presentation, not app state.
  var presentationState: [String: Bool] = [:]
  /// Classes declared in the file → the app's own types their other stored properties hold
  /// (`SSAnimatingView?`): presentation still when each of those is a view (a class of the
  /// app's that inherits from a UIKit one), which only the whole run can tell.
  var presentationStateIfViews: [String: Set<String>] = [:]
  /// Types declared in the file → what each stored instance property holds (its type's name,
  /// optionals and arrays looked through; "weak" for a weak reference, "?" when not named):
  /// whether a type is appearance (a theme) needs every file.
  var heldTypes: [String: [String]] = [:]
  /// Types that are no RIB's launching the root RIB into a window: the app's launchers.
  var launchers: Set<String> = []
  /// Types declared in the file storing a UIKit value or taking one in an initializer.
  var showsUI: Set<String> = []
  /// Enums declared in the file whose cases carry no values.
  var caseOnlyEnums: Set<String> = []
  /// Types outside RIB code whose static members reach an SDK's or the app's singleton
  /// (`class func login() { Auth.auth().signIn(…) }`): static facades over app-wide state, and
  /// where each is declared.
  var facades: [String: Place] = [:]
  /// `Type.member` of those static members.
  var facadeMembers: Set<String> = []
  /// Static methods the app declares in an extension of a system store and that use it
  /// (`UserDefaults.setDefaultFont`): persistence wherever they are called from.
  var storeHelpers: Set<String> = []
  /// Types (declarations and extensions) that keep state: a stored `var` or a stored `let` of
  /// anything but a literal, members writing defaults, files, the keychain, a database, or
  /// reaching another singleton than the app's environment (a singleton that is none of these
  /// shares no state).
  var statefulTypes: Set<String> = []
  /// Types a component creates in `shared { }`: services, whatever their names.
  var providedServices: Set<String> = []
  /// `Foo.member` uses from RIB code (and views), and `.shared` passed as an argument labelled
  /// `foo` (`Foo`): the user, whether it is a view, the type, the member, where.
  var staticUses: [(user: String, isView: Bool, type: String, member: String, place: Place)] = []
  /// Of those, the uses of a shared instance that hand it a way back to the user
  /// (`Sheet.shared.delegate = self`), by place (`line:column`): a view retargeting an overlay
  /// writes app-wide state.
  var sharedInstanceWrites: Set<String> = []
  /// The same, from an extension of a type named like a RIB part in a file that does not say
  /// what the type is: kept when the run knows the type as a RIB part.
  var extensionStaticUses:
    [(user: String, isView: Bool, type: String, member: String, place: Place)] = []
  /// Type → the parameters its initializers default to a singleton (`storage: Storage = .shared`):
  /// the label, the parameter's type.
  var singletonDefaults: [String: [(label: String, type: String)]] = [:]
  /// Type → how many initializers it declares.
  var initializerCounts: [String: Int] = [:]
  /// `Foo(…)` in RIB code: the user, whether it is a view, the type, the argument labels, where.
  var constructions: [(user: String, isView: Bool, type: String, labels: [String], place: Place)] =
    []
  /// Singletons (`static let shared`) and mutable statics declared outside RIB code: the type,
  /// the property, where.
  var globalDeclarations: [(type: String, name: String, place: Place)] = []
  /// Stored `static var`s of RIB types: the type, the property, where (state every RIB can
  /// change when some code writes it; constant data written as a `var` when nothing does).
  var ribStaticVars: [(type: String, name: String, place: Place)] = []
  /// `Type.member` of the stored `static var`s among ``globalDeclarations`` (global state only
  /// when written).
  var storedStaticVars: Set<String> = []
  /// `Type.member` of the statics the file's code writes (assigns, mutates, passes `inout`).
  var staticWrites: Set<String> = []
  /// Writes from a view side into a stream of its `interactor` property: the writer, the
  /// interactor's type, the stream, where (a fault when that type is a RIB's interactor).
  var interactorStreamWrites:
    [(writer: String, interactorType: String, path: String, place: Place, fallback: String?)] = []
  /// Protocols → the streams (subjects, relays) they require: whoever implements one owns them.
  var protocolStreams: [String: Set<String>] = [:]
  /// `Protocol.property` → the element type of an event stream (a subject or relay keeping no
  /// value: `PublishSubject<BoardAction>`) the protocol requires.
  var protocolEventStreams: [String: String] = [:]
  /// Writes from a view or presenter into a stream of its `listener` property: the writer, the
  /// stream's property, where, and the finding's message (a fault unless the stream is the
  /// listener's action input, known once every file is read).
  var listenerStreamWrites:
    [(writer: String, property: String, place: Place, message: String, sendsAValue: Bool)] = []
  /// Types → the declared type of their `listener` property.
  var listenerTypes: [String: String] = [:]
  /// Type → what its extensions make it conform to (`extension GoalInteractor: GoalCellDelegate`).
  var extensionConformances: [String: Set<String>] = [:]
  /// Writes from a view side into a stream of its delegate (`model.delegate?.limit.onNext(…)`):
  /// the writer, the stream property, the path written, where (a fault when a RIB's interactor
  /// implements a protocol requiring that stream).
  var delegateStreamWrites: [(writer: String, property: String, path: String, place: Place)] = []
  /// RIB prefix → the properties its component makes (streams it makes for its own RIB): stored
  /// ones, and computed ones returning `shared { … }`.
  var componentProperties: [String: Set<String>] = [:]
  /// RIB prefix → the properties its component makes by calling an initializer, in its
  /// declaration (`let state = State()`) or once (`var state: State { shared { State() } }`):
  /// what a write through `component.x` may call the RIB's own.
  var madeComponentProperties: [String: Set<String>] = [:]
  /// RIB prefix → its component's type name.
  var componentTypes: [String: String] = [:]
  /// Type or protocol (extensions included) → its computed properties that only return another
  /// property of the same object (`var noteStream: MutableNote { self.confirmStream }`, often in a
  /// protocol extension) → the names they return.
  var propertyAliases: [String: [String: Set<String>]] = [:]
  /// Writes to `component.x` from a RIB's types: the RIB, `x`, where, the message (a fault unless
  /// the RIB's own component makes `x`, under that name or one `x` returns).
  var componentStreamWrites: [(rib: String, property: String, place: Place, message: String)] = []
  /// `typealias A = B & C` → the types it composes.
  var typeAliasMembers: [String: [String]] = [:]
  /// RIB prefix → its component's stored properties set from its own dependency
  /// (`x = dependency.x`): the parent's streams, stored.
  var forwardedComponentProperties: [String: Set<String>] = [:]
  /// RIB prefix → what its component conforms to (the dependencies it provides: its own
  /// interactor's, its children's).
  var componentConformances: [String: Set<String>] = [:]
  /// Dependency protocols (`…Dependency`) → the properties they ask for (who reads a stream).
  var dependencyRequirements: [String: Set<String>] = [:]
  /// Writes to `dependency.x` from a RIB's types: the RIB, `x`, where, the message (a fault
  /// unless the RIB's own component makes `x`).
  var dependencyStreamWrites: [(rib: String, property: String, place: Place, message: String)] = []
  /// Writes to a stream a type's initializer was handed (`Type.label`, the parameter's label):
  /// reported unless every call building the type makes the stream fresh for that argument.
  var parameterStreamWrites: [(parameter: String, place: Place, message: String)] = []
  /// `Type.label` of the arguments calls building a type pass a stream made on the spot
  /// (`initialState: .init(value: state)`, `BehaviorRelay(value: [])`), and of those passing
  /// anything else.
  var freshStreamArguments: Set<String> = []
  var otherStreamArguments: Set<String> = []
  /// Types declaring more than one initializer (another may take the stream from elsewhere).
  var severalInitializers: Set<String> = []
  /// Methods (`Type.method`) whose bodies send into a subject or relay: the write side of the
  /// app's own stream wrapper (`MutableStream.update(with:)` over a `BehaviorRelay`).
  var streamWritingMethods: Set<String> = []
  /// Calls on a RIB's computed property that reads its dependency (`var tagStream:
  /// MutableStream<Tag> { dependency.tagStream }`): the RIB, the dependency's property, the
  /// `Type.method` called (nil when the type is a framework subject or relay, written by name),
  /// where, the message. A write to the parent's stream when that method writes one.
  var forwardedStreamCalls:
    [(rib: String, property: String, method: String?, place: Place, message: String)] = []
  /// Types whose code does networking or persistence (business objects whatever their names).
  var ioTypes: Set<String> = []
  /// `Type.member` reached from a view: the view, the type, the member, where.
  var viewTypeUses: [(view: String, type: String, member: String, place: Place)] = []
  /// `viewController.reactor = interactor` in a builder: the view's type, the property, the
  /// interactor's type, where (the view holds its interactor unless it holds it weakly).
  var viewHandOvers: [(view: String, property: String, interactor: String, place: Place)] = []
  /// `View.property` for the weak stored properties of views.
  var weakViewProperties: Set<String> = []
  /// Stored properties of views: the view, the property's type, where.
  var viewProperties: [(view: String, type: String, looksLikeService: Bool, place: Place)] = []
  /// Strong `delegate`/`listener` properties of classes outside RIB code: the class, the
  /// property, its protocol type, where (a cycle when a RIB type that owns the class conforms).
  var helperDelegates: [(owner: String, property: String, type: String, place: Place)] = []
  /// `holder.delegate = self` in RIB types: the RIB type, the holder property's type, the
  /// property set to self (a back-reference the holder keeps).
  var selfAssignments: [(owner: String, holderType: String, property: String)] = []
  /// Strong listener/delegate properties of RIB types, confirmed once every file is read: the
  /// property's protocol must be one a RIB type implements (a service protocol named
  /// `…Delegate` is not a listener).
  var strongListeners: [(owner: String, property: String, type: String, place: Place)] = []
  /// Roles the file's own analysis gave each type it declares or extends (to find the types whose
  /// role only the whole run can tell: `final class Home: BaseInteractor` with the base class in
  /// another file).
  var typeRoles: [String: Set<Role>] = [:]
  /// Component classes → the dependency they are built with (`Component<RootDependency>` →
  /// `RootDependency`): a component built with an empty one, or one no other type provides, is
  /// the app's root (its composition root).
  var componentDependencies: [String: String] = [:]
  /// What the file's classes, structs and extensions conform to (who provides a dependency).
  var conformances: Set<String> = []
  /// Component classes → what they conform to (the dependencies of the children they provide).
  var componentProvisions: [String: Set<String>] = [:]
  /// Types created inside a builder (a RIB's own component is made by its builder).
  var builderCreations: Set<String> = []
  /// Globals holding a DI container (`let locator = Container()`), and global functions that
  /// resolve from a global (`func store<T>(…) -> T { locator.resolve(…) }`): service locators.
  var containerGlobals: Set<String> = []
  var resolvingFunctions: [(function: String, global: String)] = []
  /// `name.resolve(…)` and calls of free functions `name(…)` in RIB code: the RIB type, the
  /// name, whether it is a free function's call, where (a service locator's use when `name` is
  /// one).
  var locatorUses: [(user: String, name: String, isCall: Bool, place: Place)] = []
  /// Property wrappers declared in the file whose code resolves from a shared container
  /// (`@propertyWrapper struct Injected<T> { init() { wrappedValue = DIContainer.shared.resolve() } }`).
  var locatorWrappers: Set<String> = []
  /// Properties of RIB code under a custom attribute (`@Injected var useCase: UseCase`), and
  /// whether the file imports a resolving library (Resolver, Factory) whose wrappers do that.
  var wrappedProperties:
    [(user: String, property: String, wrapper: String, importsResolver: Bool, place: Place)] =
      []
  /// Types the app's launch code creates (`AppDelegate`, `SceneDelegate`, the `@main` app), or
  /// that are created with an empty dependency (`RootComponent(dependency: EmptyComponent())`).
  var launchCreations: Set<String> = []
  /// Class → the lifecycle hooks it overrides → whether that override does work of its own
  /// (more than calling `super`): what a subclass skipping `super` would skip.
  var hookOverrides: [String: [String: Bool]] = [:]
  /// Lifecycle overrides that skip `super`: the class, the hook, where, the message, whether the
  /// framework's own base does work in that hook (Ribcage's; uber/RIBs' and ModernRIBs' are
  /// empty).
  var skippedSupers:
    [(type: String, hook: String, place: Place, message: String, frameworkDoesWork: Bool)] = []
  /// Methods declared in the file whose bodies bind what they subscribe, or are handed, to a
  /// RIB's lifecycle (`….disposeOnDeactivate(interactor: interactor)`, `.disposed(by: bag)` of a
  /// bag they are given), as `name(firstLabel:`: calling one binds the subscription.
  var lifecycleBinders: Set<String> = []
  /// Subscriptions in interactors and workers that no framework API binds, with the methods
  /// that could still bind them (the one called, the one called on its result) as
  /// `name(firstLabel:`: reported unless one of those is among the run's `lifecycleBinders`.
  var unboundSubscriptions: [(binders: [String], finding: RawFinding)] = []
  /// One-shot Tasks in interactors touching the RIB after they suspend, with the interactor's
  /// RIB: reported unless it is the root RIB, which lives as long as the app.
  var interactorTasks: [(rib: String, finding: RawFinding)] = []
  /// Builders the app's launch code makes (`RootBuilder(…)` in the app or scene delegate or
  /// the `@main` app): their RIBs are roots.
  var launchedBuilders: Set<String> = []
  /// Builders RIB code makes (a parent's builder or component): no root, even when a demo app
  /// launches one alone.
  var ribBuiltBuilders: Set<String> = []
  /// Methods (`Type.method`) adding an observer that lives until removed (a Firebase
  /// `observe(.value) { }`) and dropping the handle that removes it, with what they observe.
  var permanentObservers: [String: String] = [:]
  /// Interactors and workers adding such an observer themselves: reported unless the type
  /// removes observers somewhere (`removeAllObservers()` in `willResignActive`).
  var droppedObservers: [(type: String, finding: RawFinding)] = []
  /// Types that remove observers (`removeAllObservers()`): their observers can end.
  var observerRemovingTypes: Set<String> = []
  /// Calls from interactors and workers handing a closure to another object's method
  /// (`AccountDatabase.shared.getAccount { … }`), with the receiver's type: reported when that
  /// method adds a permanent observer.
  var callbackCalls: [(user: String, receiver: String, method: String, place: Place)] = []
  /// `global-state`: an SDK's shared instance reached from RIB code (`Auth.auth()`), by the
  /// type that reaches it — reported unless that type turns out to be a composition root.
  var sdkInstanceUses: [(user: String, finding: RawFinding)] = []
  /// Protocols declared in the file → what they inherit (to tell class-bound ones).
  var protocols: [String: [String]] = [:]
  /// Per RIB type (and its extensions in the file): what it conforms to and the types of its
  /// stored properties.
  var ribTypeShapes: [String: (conformances: Set<String>, storedTypes: Set<String>)] = [:]
}

/// The result of analysing one file.
struct FileAnalysis: Sendable {
  var shownPath: String
  var findings: [RawFinding] = []
  var facts = FileFacts()
  var suppressions = Suppressions.none
  var note: FileNote?
  var lineCount = 0
  /// The graph's facts, when the run draws the graph.
  var graphFacts: GraphFacts?
  /// How many times the file was parsed (0 when skipped; 2 when read again for roles only the
  /// whole run tells and its tree was not kept).
  var parseCount = 0
  /// The parsed tree, kept while the run may need a second look at the file.
  var retained: RetainedTree?
}
