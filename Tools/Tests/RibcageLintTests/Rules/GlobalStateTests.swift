import RibcageLint
import Testing

// `global-state` (Sources/RibcageLint/Rules/GlobalState.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct GlobalStateTests {
  @Test func firesOnStaticVarsGlobalsAndSingletonsInRIBCode() throws {
    let source = """
      import Ribcage
      var currentUser: User?
      final class SessionManager {
        static let shared = SessionManager()
        static var count = 0
      }
      final class HomeInteractor: Interactor {
        func go() { SessionManager.shared.start(); SessionManager.count += 1 }
      }
      """
    // A singleton is reported where RIB code uses it, whatever its name (its declaration named
    // in the message, not reported apart); a static var some code writes, at its declaration.
    #expect(try lines(source, .globalState) == [2, 5, 8])
  }

  @Test func quietOutsideRIBCodeAndForConstantsAndComputed() throws {
    #expect(
      try lines(
        "var scratch = 0\nfinal class Parser { static var cache = [String: Int]() }", .globalState
      ).isEmpty)
    let source = """
      import Ribcage
      let appName = "Rides"
      enum Flags { static let coupons = FeatureFlag("coupons", default: true) }
      final class HomeInteractor: Interactor {
        static var preview: HomeInteractor { HomeInteractor() }
      }
      """
    #expect(try lines(source, .globalState).isEmpty)
    #expect(
      try findings("import Ribcage\nvar mainState = 0\n", rule: .globalState, file: "main.swift")
        .isEmpty)
  }

  /// A regression the review of the rules' port to one file each found.
  @Test func metatypesPositionalDefaultsAndWiringAreNoUses() throws {
    let files = [
      "Core/Storage.swift": """
      final class Storage { static let shared = Storage() }
      final class Repository { init(_ storage: Storage = .shared) {} }
      """,
      "Home/HomeBuilder.swift": """
      import RIBs
      final class HomeComponent: Component<HomeDependency> {
        var repository: Repository { Repository(dependency.storage) }
        var settings: SettingsService { SettingsService(defaults: UserDefaults.standard) }
        func resolve() -> Any { container.resolve(Storage.self) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct GlobalMutableStateTests {
  @Test func aStaticVarWithASetterUsedFromRIBCodeIsReportedWhereUsed() throws {
    let files = [
      "Core/Settings.swift": """
      import Foundation
      enum Settings {
        static var hidesAmounts: Bool {
          get { UserDefaults.standard.bool(forKey: "hide") }
          set { UserDefaults.standard.set(newValue, forKey: "hide") }
        }
        static var version: String { "1.0" }
        static var unused: Int { get { 0 } set {} }
      }
      """,
      "Setting/SettingInteractor.swift": """
      import RIBs
      final class SettingInteractor: Interactor {
        func toggle() { Settings.hidesAmounts.toggle(); print(Settings.version) }
        func read() -> Bool { Settings.hidesAmounts }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState) == [
        "Setting/SettingInteractor.swift:3",
        "Setting/SettingInteractor.swift:4",
      ])
  }

  @Test func anSDKInstanceReachedFromRIBCodeIsAUseButNotFromWiring() throws {
    let files = [
      "Root/RootRouter.swift": """
      import RIBs
      final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable> {
        override func didLoad() {
          if Auth.auth().currentUser != nil, Auth.auth().isSignedIn { routeToHome() }
        }
      }
      """,
      "SignUp/SignUpInteractor.swift": """
      import RIBs
      final class SignUpInteractor: Interactor {
        func save() { Firestore.firestore().collection("users").addDocument(data: [:]) }
        func make() -> Formatter { Formatter.formatter(style: .short) }
      }
      """,
      "SignUp/SignUpBuilder.swift": """
      import RIBs
      final class SignUpComponent: Component<SignUpDependency> {
        var users: UserService { UserService(store: Firestore.firestore()) }
      }
      """,
      "SignUp/SignUpViewController.swift": """
      import RIBs
      final class SignUpViewController: UIViewController, SignUpPresentable {
        override func viewDidLoad() { Auth.auth().languageCode = "kr" }
      }
      """,
      "App/AppDependency.swift": """
      import RIBs
      final class AppDependency {
        func start(window: UIWindow) {
          Database.database().isPersistenceEnabled = true
          launchRouter.launchFromWindow(window)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState) == [
        "Root/RootRouter.swift:4", "SignUp/SignUpInteractor.swift:3",
      ])
  }

  @Test func anSDKInstanceInAServiceOrADefaultArgumentIsNotAUse() throws {
    let files = [
      "Auth/FirebaseAuthService.swift": """
      import RIBs
      final class FirebaseAuthService: AuthServicing {
        func signOut() throws { try Auth.auth().signOut() }
      }
      """,
      "Login/LoginInteractor.swift": """
      import RIBs
      final class LoginInteractor: PresentableInteractor<LoginPresentable> {
        init(presenter: LoginPresentable, auth: AuthProviding = Auth.auth()) {
          super.init(presenter: presenter)
        }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  @Test func singletonsPassedAsImplicitMembersAndSystemStoresAreUses() throws {
    let files = [
      "Service/KeyChainService.swift": """
      final class KeyChainService { static let shared = KeyChainService() }
      """,
      "Review/ReviewBuilder.swift": """
      import ModernRIBs
      final class ReviewComponent: Component<ReviewDependency> {
        var auth: AuthService { AuthService(keyChainService: .shared) }
        var session: URLSession { URLSession(configuration: .default) }
      }
      """,
      "Home/HomeInteractor.swift": """
      import ModernRIBs
      final class HomeInteractor: Interactor {
        var order: [String] { UserDefaults.standard.stringArray(forKey: "order") ?? [] }
      }
      """,
      "App/AppComponent.swift": """
      import ModernRIBs
      final class AppComponent: Component<EmptyDependency> {
        let keyChain = KeyChainService.shared
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState) == [
        "Home/HomeInteractor.swift:3", "Review/ReviewBuilder.swift:3",
      ])
  }

  @Test func aReuseIdentifierOnAViewIsAConstant() throws {
    let source = """
      import RIBs
      final class EmptyReusableView: UICollectionReusableView {
        static var elementKind = "empty"
      }
      """
    #expect(try lines(source, .globalState).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct SingletonDefaultArgumentTests {
  @Test func buildingATypeWhoseInitializerDefaultsToASingletonUsesIt() throws {
    let files = [
      "Data/Storage.swift": """
      import CoreData
      final class PersistentStorage { static let shared = PersistentStorage() }
      final class AccountRepository {
        init(storage: PersistentStorage = .shared, limit: Int = 10) {}
      }
      """,
      "Main/MainBuilder.swift": """
      import ModernRIBs
      final class MainComponent: Component<MainDependency> {
        var accounts: AccountRepository { AccountRepository() }
        var injected: AccountRepository { AccountRepository(storage: dependency.storage) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState) == [
        "Main/MainBuilder.swift:3"
      ])
  }
}

/// A shared instance of a type with state is global state whatever the type and the property
/// are named: reported where it is declared and where RIB code uses it.
@Suite(.timeLimit(.minutes(10))) struct SingletonByMeaningTests {
  @Test func singletonsUsedFromRIBCodeAreReportedWhateverTheirNames() throws {
    let files = [
      "Core/APIManager.swift": """
      final class APIManager { static let shared = APIManager() }
      final class AppConfig { static var shared = AppConfig() }
      final class Unused { static let shared = Unused() }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        func load() { APIManager.shared.fetch(); APIManager.shared.fetch() }
      }
      """,
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable {
        func tap() { if AppConfig.shared.debug { UIApplication.shared.open(url) } }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState) == [
        "Home/HomeInteractor.swift:3",
        "Home/HomeViewController.swift:3",
      ])
  }

  @Test func aSharedInstanceWithMutableStateIsASingletonWhateverItsName() throws {
    let files = [
      "Support/Preferences.swift": """
      import Foundation
      final class Preferences {
        static let current = Preferences()
        private init() {}
        private var values: [String: String] = [:]
        var theme: String {
          get { values["theme"] ?? "light" }
          set { values["theme"] = newValue }
        }
      }
      struct Palette {
        static let `default` = Palette()
        var accent = "blue"
      }
      final class Clock {
        static let standard = Clock()
        let zone = "UTC"
      }
      """,
      "Settings/SettingsInteractor.swift": """
      import RIBs
      final class SettingsInteractor: PresentableInteractor<SettingsPresentable> {
        func toggle() {
          Preferences.current.theme = "dark"
          print(Palette.default.accent, Clock.standard.zone)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Settings/SettingsInteractor.swift:4"
      ])
  }
}

/// The composition root (a component built with an empty dependency, or one no builder is
/// given) wires the app's singletons; a singleton used anywhere else is still reported.
@Suite(.timeLimit(.minutes(10))) struct CompositionRootTests {
  static let services = """
    final class KeychainStore { static let shared = KeychainStore() }
    final class Analytics { static let shared = Analytics() }
    """

  /// An object the app delegate hands the window to, which sets the app up and launches the
  /// root RIB, is the composition root whatever its name: its set-up calls are wiring. RIB code
  /// reaching it (or the singletons it sets up) is still reported, and so is the launcher's
  /// own declaration, where that fix starts; a launch call a RIB makes does not make it a root.
  @Test func anObjectLaunchingTheRootRIBIsACompositionRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/AppStarter.swift": """
      import RIBs
      import UIKit
      final class AppStarter: NSObject {
        static var shared = AppStarter()
        private var launchRouter: LaunchRouting?
        let events = PublishSubject<Int>()
        func start(with window: UIWindow) {
          Analytics.shared.begin()
          let router = RootBuilder(dependency: AppComponent()).build()
          launchRouter = router
          router.launch(from: window)
        }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: Interactor {
        func resume() { _ = AppStarter.shared.events; KeychainStore.shared.clear() }
        func relaunch(_ window: UIWindow) { child.launch(from: window); Analytics.shared.end() }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Home/HomeInteractor.swift:3", "Home/HomeInteractor.swift:3",
        "Home/HomeInteractor.swift:4",
      ])
  }

  /// Launching something else from a screen (a third-party flow's `launch(from: controller)`)
  /// does not make an object the app's launcher: its uses of singletons are still reported.
  @Test func launchingAFlowFromAScreenIsNoCompositionRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/CheckoutStarter.swift": """
      import RIBs
      import UIKit
      final class CheckoutStarter {
        private let flow = PaymentSheet()
        func begin(over screen: UIViewController) {
          Analytics.shared.begin()
          flow.launch(from: screen)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "App/CheckoutStarter.swift:6"
      ])
  }

  /// A root router named without a role's suffix, launching itself from an extension in a file
  /// of its own, is still a RIB's router: its uses of singletons are reported.
  @Test func aRootRouterLaunchingItselfFromAnExtensionIsNoCompositionRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "Root/Start.swift": """
      import RIBs
      import UIKit
      extension MainRoot {
        func start(in window: UIWindow) { self.launch(from: window) }
      }
      """,
      "Root/MainRoot.swift": """
      import RIBs
      final class MainRoot: LaunchRouter<MainInteractable, MainViewControllable> {
        override func didLoad() { if KeychainStore.shared.isEmpty { routeToWelcome() } }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Root/MainRoot.swift:3"
      ])
  }

  @Test func aRootComponentBuiltWithAnEmptyDependencyWiresSingletons() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/SceneDelegate.swift": """
      import RIBs
      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        func scene() {
          let component = MainComponent(dependency: EmptyComponent())
          launchRouter = RootBuilder(dependency: component).build()
        }
      }
      """,
      "App/MainComponent.swift": """
      import RIBs
      final class MainComponent: Component<EmptyDependency>, RootDependency {
        var keychain: KeychainStore { KeychainStore.shared }
      }
      """,
      "Splash/SplashComponent.swift": """
      import RIBs
      final class SplashComponent: Component<EmptyDependency>, LoggedOutDependency {
        let analytics = Analytics.shared
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: Interactor {
        func logout() { KeychainStore.shared.clear() }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Home/HomeInteractor.swift:3"
      ])
  }

  @Test func aComponentNoBuilderIsGivenIsTheRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/AppRootComponent.swift": """
      import ModernRIBs
      final class AppRootComponent: Component<AppRootDependency>, MainDependency {
        let analytics = Analytics.shared
      }
      """,
      "App/AppDelegate.swift": """
      import ModernRIBs
      final class AppDelegate: UIResponder, UIApplicationDelegate {
        func start() {
          let component = AppRootComponent(dependency: AppRootDependencyImpl())
          router = MainBuilder(dependency: component).build()
        }
      }
      """,
      "Main/MainComponent.swift": """
      import ModernRIBs
      final class MainComponent: Component<MainDependency>, FeedDependency {
        var analytics: Analytics { Analytics.shared }
      }
      """,
    ]
    // MainComponent is given to builders by its parent: it is no root, and its use counts.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Main/MainComponent.swift:3"
      ])
  }

  /// The root RIB's component is the composition root even one level below the app's empty
  /// component: its dependency is provided only by the component the launch code makes with
  /// nothing (`Component<EmptyComponent>`), so nothing above it could inject what it wires.
  /// A child whose dependency the root RIB's component provides is no root.
  @Test func theComponentBelowTheLaunchComponentIsTheRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "App/LaunchComponent.swift": """
      import ModernRIBs
      final class LaunchComponent: Component<EmptyComponent>, HarborDependency {}
      """,
      "App/AppDelegate.swift": """
      import ModernRIBs
      final class AppDelegate: UIResponder, UIApplicationDelegate {
        func start() {
          router = HarborBuilder(dependency: LaunchComponent()).build()
        }
      }
      """,
      "Harbor/HarborBuilder.swift": """
      import ModernRIBs
      protocol HarborDependency: Dependency {}
      final class HarborBuilder: Builder<HarborDependency>, HarborBuildable {
        func build() -> LaunchRouting {
          let component = HarborComponent(dependency: dependency)
          return HarborRouter(component: component)
        }
      }
      """,
      "Harbor/HarborComponent.swift": """
      import ModernRIBs
      final class HarborComponent: Component<HarborDependency>, DockDependency {
        let keychain: KeychainStoring = KeychainStore.shared
        lazy var dockBuilder = DockBuilder(dependency: self)
      }
      """,
      "Dock/DockBuilder.swift": """
      import ModernRIBs
      protocol DockDependency: Dependency {}
      final class DockComponent: Component<DockDependency> {
        var analytics: Analytics { Analytics.shared }
      }
      final class DockBuilder: Builder<DockDependency>, DockBuildable {
        func build() -> DockRouting {
          let component = DockComponent(dependency: dependency)
          return DockRouter(component: component)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Dock/DockBuilder.swift:4"
      ])
  }

  /// A root RIB's component made by its builder with an empty dependency provides its
  /// children's dependencies: they are not roots for that.
  @Test func aChildOfARootBuiltByItsBuilderIsNoRoot() throws {
    let files = [
      "Services/Services.swift": Self.services,
      "Root/RootBuilder.swift": """
      import RIBs
      final class RootComponent: Component<EmptyDependency>, QuayDependency {
        let keychain = KeychainStore.shared
      }
      final class RootBuilder: Builder<EmptyDependency>, RootBuildable {
        func build() -> LaunchRouting {
          let component = RootComponent(dependency: dependency)
          return RootRouter(quayBuilder: QuayBuilder(dependency: component))
        }
      }
      """,
      "Quay/QuayComponent.swift": """
      import RIBs
      protocol QuayDependency: Dependency {}
      final class QuayComponent: Component<QuayDependency> {
        let analytics = Analytics.shared
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Quay/QuayComponent.swift:4"
      ])
  }

  /// A DI container kept in a global (`let locator = Container()`, Swinject's) and resolved
  /// from builders and components is a service locator: every RIB can reach what it holds, and
  /// a RIB's real dependencies hide behind it. So is a global function resolving from one.
  /// Registering in the composition root, or a container a component owns, is wiring.
  @Test func aGlobalContainerResolvedFromRIBCodeIsAServiceLocator() throws {
    let files = [
      "Kit/Locators.swift": """
      import Swinject
      public let featureLocator = Container()
      private let storeLocator = Container()
      public func store<T>(_ type: T.Type) -> T { storeLocator.resolve(type)! }
      """,
      "App/AppComponent.swift": """
      import RIBs
      final class AppComponent: Component<EmptyDependency>, YardDependency {
        init() {
          featureLocator.register(PlotBuildable.self) { _, parent in PlotBuilder(dependency: parent) }
          super.init(dependency: EmptyComponent())
        }
      }
      """,
      "Garden/GardenBuilder.swift": """
      import RIBs
      final class GardenComponent: Component<GardenDependency> {
        var seeds: SeedRepository { store(SeedRepository.self) }
        let local = Container()
        var hoses: HoseRepository { local.resolve(HoseRepository.self)! }
      }
      final class GardenBuilder: Builder<GardenDependency>, GardenBuildable {
        func build() -> GardenRouting {
          let component = GardenComponent(dependency: dependency)
          let plot = featureLocator.resolve(PlotBuildable.self, argument: component)!
          return GardenRouter(plotBuilder: plot)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Garden/GardenBuilder.swift:10", "Garden/GardenBuilder.swift:3",
      ])
  }
}

// A `static var` is state only when some code writes it.
@Suite(.timeLimit(.minutes(10))) struct StaticVarWritesTests {
  /// A `static var` of sample data nothing writes is a constant written as a `var`: read from
  /// RIB code, it is no state any RIB can change. Written anywhere (assigned, mutated, passed
  /// `inout`, by the type itself), it is.
  @Test func aStaticVarNothingWritesIsConstantData() throws {
    let files = [
      "Catalog/SampleShelf.swift": """
      import UIKit
      struct SampleShelf {
        static var featured = ShelfState(title: "Lemonade", prices: [120, 95])
      }
      enum ShelfText {
        static func title() -> String {
          SampleShelf.featured.title == "" ? "-" : SampleShelf.featured.title.uppercased()
        }
      }
      """,
      "Catalog/CatalogBuilder.swift": """
      import ModernRIBs
      final class CatalogComponent: Component<CatalogDependency> {
        let shelf = CurrentValueSubject<ShelfState, Never>(SampleShelf.featured)
        let prices = CurrentValueSubject<[Int], Never>(SampleShelf.featured.prices)
      }
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        static var pageSize = 20
        func load() { fetch(limit: Self.pageSize, sorted: SampleShelf.featured.prices.sorted()) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  /// A `static var` whose address keys an associated object (`&Self.key`) is a key, never
  /// read or written as a value.
  @Test func aStaticVarKeyingAnAssociatedObjectIsNoState() throws {
    let files = [
      "Catalog/CatalogViewController.swift": """
      import UIKit
      final class CatalogViewController: UIViewController, CatalogPresentable {}
      private extension UIViewController {
        private static var indexKey = 0
        var catalogIndex: Int? {
          get { objc_getAssociatedObject(self, &UIViewController.indexKey) as? Int }
          set {
            objc_setAssociatedObject(
              self, &UIViewController.indexKey, newValue, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
          }
        }
      }
      """,
      "Catalog/CatalogInteractor.swift": """
      import ModernRIBs
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        private static var tagKey: UInt8 = 0
        private static var opened = 0
        func tag(_ value: String) {
          objc_setAssociatedObject(self, &Self.tagKey, value, .OBJC_ASSOCIATION_COPY)
          bump(&Self.opened)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == ["Catalog/CatalogInteractor.swift:4"])
  }

  @Test func aStaticVarWrittenAnywhereIsGlobalState() throws {
    let files = [
      "Catalog/ShelfCache.swift": """
      import UIKit
      struct ShelfCache {
        static var recent: [String] = []
        static var opened = 0
        static var filter = ShelfFilter()
        static var limit = 10
        static func reset() { limit = 10 }
      }
      enum Counters { static func bump() { ShelfCache.opened += 1 } }
      """,
      "Catalog/CatalogInteractor.swift": """
      import ModernRIBs
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        static var visits = 0
        func open(_ name: String) {
          ShelfCache.recent.append(name)
          show(ShelfCache.opened)
          show(ShelfCache.filter)
          show(ShelfCache.limit)
          Self.visits += 1
        }
      }
      """,
      "Catalog/CatalogViewController.swift": """
      import UIKit
      final class CatalogViewController: UIViewController, CatalogPresentable {
        func narrow() { adjust(&ShelfCache.filter) }
      }
      """,
    ]
    // Written by a RIB (`append`, `+=` on `Self`), by a plain type's bodies (`+=`, `limit = …`
    // in the type itself) and passed `inout` from a view: each is state, declared and used.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Catalog/CatalogInteractor.swift:3", "Catalog/CatalogInteractor.swift:5",
        "Catalog/CatalogInteractor.swift:6", "Catalog/CatalogInteractor.swift:7",
        "Catalog/CatalogInteractor.swift:8", "Catalog/CatalogViewController.swift:3",
      ])
  }
}

/// Global state told by what a type is: an overlay a view shows is presentation, a static facade
/// over SDK singletons is the singletons, a fresh `UserDefaults()` is the app's defaults.
@Suite(.timeLimit(.minutes(10))) struct GlobalStateMeaningTests {
  @Test func anOverlaySingletonUsedFromViewsIsPresentationNotState() throws {
    let files = [
      "UI/Overlays.swift": """
      import UIKit
      public final class BannerCenter {
        public static let shared = BannerCenter()
        private let banner = UILabel()
        private var scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
        public func show(_ text: String) { banner.text = text }
      }
      public final class Spinner {
        public static let shared = Spinner()
        private let indicator = UIActivityIndicatorView()
        private var hideTimer: Timer?
        public func start() { indicator.startAnimating() }
      }
      public final class DraftStore {
        public static let shared = DraftStore()
        private let window = UIWindow()
        private var drafts: [String] = []
      }
      """,
      "Note/NoteViewController.swift": """
      import RIBs
      import UIKit
      final class NoteViewController: UIViewController, NotePresentable {
        func saved() { BannerCenter.shared.show("Saved"); Spinner.shared.start() }
        func edit() { DraftStore.shared.add("x") }
      }
      """,
      "Note/NoteInteractor.swift": """
      import RIBs
      final class NoteInteractor: PresentableInteractor<NotePresentable> {
        func save() { Spinner.shared.start() }
      }
      """,
    ]
    // Views showing an overlay: not state. The interactor driving it, and a singleton holding
    // data besides its window, still are.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Note/NoteInteractor.swift:3", "Note/NoteViewController.swift:5",
      ])
  }

  /// An overlay singleton holding views of the app's own classes (`LoadingView: UIView`) is
  /// presentation too; one holding an app type that is not a view (`Cache`) keeps state.
  @Test func anOverlayHoldingTheAppsOwnViewClassesIsPresentation() throws {
    let files = [
      "UI/Loading.swift": """
      import UIKit
      final class PulsingView: RoundedView {}
      class RoundedView: UIView {}
      final class Loading {
        private static let shared = Loading()
        var container: UIView?
        var pulse: PulsingView?
        static func show() { shared.pulse = PulsingView() }
      }
      final class Drafts {
        private static let shared = Drafts()
        var label: UILabel?
        var cache: Cache?
        static func keep() { shared.cache = Cache() }
      }
      final class Cache {}
      """,
      "Note/NoteViewController.swift": """
      import RIBs
      import UIKit
      final class NoteViewController: UIViewController, NotePresentable {
        func saving() { Loading.show() }
        func edit() { Drafts.keep() }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Note/NoteViewController.swift:5"
      ])
  }

  /// A theme singleton holds appearance: a theme of colours and bar styles, and the views it
  /// restyles (registrations holding each view weakly, with a case-only kind). Views reading
  /// its colours or registering with it show presentation; an interactor using it, and a
  /// singleton whose "theme" also keeps a string or a dictionary, are still reported.
  @Test func aThemeSingletonReadByViewsIsPresentation() throws {
    let files = [
      "Theme/Palette.swift": """
      import UIKit
      enum Tint { case text, accent }
      final class Palette {
        let text: UIColor
        let bar: UIBarStyle
        init(text: UIColor, bar: UIBarStyle) { self.text = text; self.bar = bar }
      }
      final class Styled {
        weak var target: AnyObject?
        let tint: Tint
        init(view: UIView, tint: Tint) { target = view; self.tint = tint }
      }
      final class Themes {
        static let shared = Themes()
        private var styled: [Styled] = []
        private(set) var palette: Palette!
        func register(_ view: UIView, tint: Tint) { styled.append(Styled(view: view, tint: tint)) }
      }
      final class Branding {
        let color: UIColor
        let slogan: String
        init(color: UIColor, slogan: String) { self.color = color; self.slogan = slogan }
      }
      final class Brands {
        static let shared = Brands()
        var current: Branding?
        var seen: [String: Branding] = [:]
      }
      """,
      "Feed/FeedViewController.swift": """
      import RIBs
      import UIKit
      final class FeedViewController: UIViewController, FeedPresentable {
        override func viewDidLoad() {
          view.backgroundColor = Themes.shared.palette.text
          Themes.shared.register(view, tint: .accent)
          title = Brands.shared.current?.slogan
        }
      }
      """,
      "Feed/FeedInteractor.swift": """
      import RIBs
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        func restyle() { _ = Themes.shared.palette }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Feed/FeedInteractor.swift:3", "Feed/FeedViewController.swift:7",
      ])
  }

  /// A singleton keeping the app's current screen (a view controller of its own class) is
  /// routing state that bypasses the tree, not an overlay.
  @Test func aNavigatorKeepingTheCurrentScreenIsState() throws {
    let files = [
      "UI/Navigator.swift": """
      import UIKit
      class BaseViewController: UIViewController {}
      final class Navigator {
        static let shared = Navigator()
        var current: BaseViewController?
        static func track(_ screen: BaseViewController) { shared.current = screen }
      }
      """,
      "Home/HomeViewController.swift": """
      import RIBs
      import UIKit
      final class HomeViewController: BaseViewController, HomePresentable {
        override func viewDidAppear(_ animated: Bool) { Navigator.track(self) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Home/HomeViewController.swift:4"
      ])
  }

  /// A screen kept by a navigator is routing state even when everything the screen stores is
  /// a view or a weak reference (a spinner, an outlet): a view controller is never appearance,
  /// and neither is a holder of navigation controllers.
  @Test func aNavigatorKeepingAScreenWithOutletsIsState() throws {
    let files = [
      "UI/Router.swift": """
      import UIKit
      class ScreenController: UIViewController {
        let loading = UIActivityIndicatorView()
        weak var header: UIView?
      }
      final class ScreenTracker {
        static let shared = ScreenTracker()
        var top: ScreenController?
        static func track(_ screen: ScreenController) { shared.top = screen }
        static func back() { shared.top?.navigationController?.popViewController(animated: true) }
      }
      struct Stack {
        var root: UINavigationController?
        var tint: UIColor
      }
      final class Stacks {
        static let shared = Stacks()
        var main = Stack(root: nil, tint: .red)
      }
      """,
      "Cart/CartViewController.swift": """
      import RIBs
      import UIKit
      final class CartViewController: ScreenController, CartPresentable {
        override func viewDidAppear(_ animated: Bool) { ScreenTracker.track(self) }
        @objc func backTapped() { ScreenTracker.back() }
        func close() { Stacks.shared.main.root = nil }
      }
      """,
    ]
    let found = try findingPlaces(files, .globalState).sorted()
    #expect(
      found == [
        "Cart/CartViewController.swift:4", "Cart/CartViewController.swift:5",
        "Cart/CartViewController.swift:6",
      ])
  }

  /// An overlay singleton keeping only a weak reference to the view it shows (the toast on
  /// screen) is presentation, like one keeping the view itself.
  @Test func aToastKeepingItsViewWeaklyIsPresentation() throws {
    let files = [
      "UI/Toasts.swift": """
      import UIKit
      final class BannerView: UIView {}
      final class Banners {
        static let shared = Banners()
        weak var onScreen: BannerView?
        func show(in host: UIView) { let banner = BannerView(); host.addSubview(banner); onScreen = banner }
      }
      """,
      "Feed/FeedViewController.swift": """
      import RIBs
      import UIKit
      final class FeedViewController: UIViewController, FeedPresentable {
        func failed() { Banners.shared.show(in: view) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  /// Views in many files nesting style types of the same names (`Style`, `Metrics` in each):
  /// each type is decided once. Walking every path through the shared names took minutes for
  /// 40 such files (the work doubles with each level).
  @Test(.timeLimit(.minutes(1))) func sameNamedNestedStylesAreDecidedOnce() throws {
    var files: [String: String] = [:]
    for index in 1...40 {
      files["Cards/Card\(index).swift"] = """
        import UIKit
        final class Card\(index)View: UIView {
          struct Look { let top: Frame; let bottom: Frame; let tint: UIColor }
          struct Frame { let inner: Edge; let outer: Edge; let tint: UIColor }
          struct Edge { let left: Line; let right: Line; let tint: UIColor }
          struct Line { let start: Dot; let end: Dot; let tint: UIColor }
          struct Dot { let tint: UIColor; let size: CGFloat }
          let look: Look
          init(look: Look) { self.look = look; super.init(frame: .zero) }
        }
        """
    }
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  /// What a theme inherits is what it holds: one subclassing the app's account snapshot keeps
  /// the account, however few colours it adds.
  @Test func aThemeInheritingTheAccountIsState() throws {
    let files = [
      "Look/Skins.swift": """
      import UIKit
      class Snapshot { var userID: String?; var token: String? }
      final class Skin: Snapshot {
        let accent: UIColor
        init(accent: UIColor) { self.accent = accent }
      }
      final class Skins {
        static let shared = Skins()
        var skin = Skin(accent: .red)
      }
      """,
      "Profile/ProfileViewController.swift": """
      import RIBs
      import UIKit
      final class ProfileViewController: UIViewController, ProfilePresentable {
        func signedIn(_ id: String) { Skins.shared.skin.userID = id }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Profile/ProfileViewController.swift:4"
      ])
  }

  /// An enum of cases only is appearance when it names a look (`Tint`, `ThemeStyle`,
  /// `FontWeight`): one naming the user's plan or sign-in phase is state, whatever else the
  /// singleton holds.
  @Test func aLookSingletonHoldingThePlanIsState() throws {
    let files = [
      "Look/LookStore.swift": """
      import UIKit
      enum Tier: Int { case basic, gold }
      enum LoginStep { case none, pending, done }
      enum ThemeStyle { case light, dark }
      struct Look {
        var accent: UIColor
        var style: ThemeStyle
        var tier: Tier
        var step: LoginStep
        init(accent: UIColor) { self.accent = accent; style = .light; tier = .basic; step = .none }
      }
      final class LookStore {
        static let shared = LookStore()
        var look = Look(accent: .blue)
      }
      """,
      "Upsell/UpsellViewController.swift": """
      import RIBs
      import UIKit
      final class UpsellViewController: UIViewController, UpsellPresentable {
        override func viewDidLoad() {
          if LookStore.shared.look.tier == .basic { view.backgroundColor = .red }
        }
        func bought() { LookStore.shared.look.tier = .gold }
      }
      """,
    ]
    let found = try findingPlaces(files, .globalState).sorted()
    #expect(
      found == [
        "Upsell/UpsellViewController.swift:5",
        "Upsell/UpsellViewController.swift:7",
      ])
  }

  /// RIBs' `Presentable` and `ViewControllable` are the view's side: an extension of them
  /// showing an overlay is a view showing it.
  @Test func anOverlayShownFromAnExtensionOfTheViewsProtocolIsPresentation() throws {
    let files = [
      "UI/OfflineBanner.swift": """
      import UIKit
      class PassThroughView: UIView {}
      final class OfflineBanner: PassThroughView {
        static var shared = OfflineBanner()
        static func show() { shared.isHidden = false }
        static func hide() { shared.isHidden = true }
      }
      """,
      "UI/Presentable+Banner.swift": """
      import RIBs
      extension Presentable {
        func showOffline() { OfflineBanner.show() }
        func hideOffline() { OfflineBanner.hide() }
      }
      """,
      "Feed/FeedInteractor.swift": """
      import RIBs
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        func failed() { OfflineBanner.show() }
      }
      """,
    ]
    // The interactor driving the banner itself is still reported, with the declaration.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Feed/FeedInteractor.swift:3"
      ])
  }

  /// Showing a shared overlay is presentation; setting its delegate from a view is writing
  /// app-wide state: the next screen to do so takes it over from the first.
  @Test func aViewRetargetingASharedOverlayWritesState() throws {
    let files = [
      "UI/AddItemSheet.swift": """
      import UIKit
      protocol AddItemSheetDelegate: AnyObject { func added(_ name: String) }
      final class AddItemSheet: UIView {
        static let shared = AddItemSheet()
        weak var delegate: AddItemSheetDelegate?
        let field = UITextField()
        static func show() { shared.isHidden = false }
      }
      """,
      "List/ListViewController.swift": """
      import RIBs
      import UIKit
      final class ListViewController: UIViewController, ListPresentable, AddItemSheetDelegate {
        override func viewDidLoad() {
          super.viewDidLoad()
          AddItemSheet.shared.delegate = self
        }
        func addTapped() { AddItemSheet.show() }
        func clearTapped() { AddItemSheet.shared.field.text = nil }
        func readTapped() -> Bool { AddItemSheet.shared.isHidden }
        func added(_ name: String) {}
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "List/ListViewController.swift:6"
      ])
  }

  /// Showing, hiding, laying out or labelling a shared overlay from a view is presentation;
  /// handing it the view (as a delegate, through a call, or a closure) is not.
  @Test func aViewDrivingASharedOverlayIsPresentationHandingItselfIsNot() throws {
    let files = [
      "UI/Spinner.swift": """
      import UIKit
      final class Spinner: UIView {
        static let shared = Spinner()
        let label = UILabel()
        weak var delegate: SpinnerDelegate?
        var onCancel: (() -> Void)?
        func configure(delegate: SpinnerDelegate) { self.delegate = delegate }
        func setTitle(_ title: String) { label.text = title }
      }
      """,
      "Home/HomeViewController.swift": """
      import RIBs
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable, SpinnerDelegate {
        func showLoading() {
          Spinner.shared.isHidden = false
          Spinner.shared.frame = view.bounds
          Spinner.shared.label.text = "Loading"
          Spinner.shared.setTitle("Loading")
          Spinner.shared.removeFromSuperview()
          view.addSubview(Spinner.shared)
        }
        func own() {
          Spinner.shared.configure(delegate: self)
          Spinner.shared.onCancel = { [weak self] in self?.dismiss(animated: true) }
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Home/HomeViewController.swift:13", "Home/HomeViewController.swift:14",
      ])
  }

  /// An interactor's extension in a file of its own that imports only Foundation is still the
  /// interactor's code; an extension of a type the run does not know as a RIB part is not.
  @Test func anInteractorsExtensionInAFileWithoutRIBsIsRIBCode() throws {
    let files = [
      "Session/SessionStore.swift": """
      import Foundation
      final class SessionStore {
        static var shared = SessionStore()
        private(set) var token: String?
        func save(_ token: String) { self.token = token }
      }
      """,
      "Root/RootInteractor.swift": """
      import RIBs
      final class RootInteractor: PresentableInteractor<RootPresentable>, RootInteractable {}
      """,
      "Root/RootInteractor+Splash.swift": """
      import Foundation
      extension RootInteractor: SplashListener {
        func splashDidEnd() {
          if SessionStore.shared.token == nil { router?.routeToLogin() }
        }
      }
      """,
      "Orders/OrdersInteractor+Format.swift": """
      import Foundation
      extension OrdersInteractor {
        func label() -> String { SessionStore.shared.token ?? "" }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Root/RootInteractor+Splash.swift:4"
      ])
  }

  @Test func aStaticFacadeOverSDKSingletonsIsGlobalState() throws {
    let files = [
      "Support/CloudGateway.swift": """
      import Foundation
      import CloudSDK
      final class CloudGateway {
        class var isSignedIn: Bool { Session.session().user != nil }
        static func upload(_ note: String) { Storage.storage().put(note) }
      }
      enum Titles {
        static func title(_ text: String) -> String { text.capitalized }
      }
      """,
      "Root/RootRouter.swift": """
      import RIBs
      final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable> {
        func start() { if CloudGateway.isSignedIn { routeToNotes() } }
      }
      """,
      "Notes/NotesInteractor.swift": """
      import RIBs
      final class NotesInteractor: PresentableInteractor<NotesPresentable> {
        func save(_ note: String) { CloudGateway.upload(Titles.title(note)) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Notes/NotesInteractor.swift:3", "Root/RootRouter.swift:3",
      ])
  }

  /// Handing a URL to the system (`UIApplication.shared.open(url)`, `openURL`, `canOpenURL`)
  /// keeps nothing of the app's: a static helper doing only that is no facade. One reading the
  /// application's delegate, or setting its badge, reaches app-wide state.
  @Test func aStaticHelperOpeningURLsIsNoFacade() throws {
    let files = [
      "Utils/Links.swift": """
      import UIKit
      final class Links: NSObject {
        class func canPlay() -> Bool { UIApplication.shared.canOpenURL(URL(string: "vlc://")!) }
        class func play(_ url: URL) { UIApplication.shared.open(url, options: [:]) }
        class func legacy(_ url: URL) { UIApplication.shared.openURL(url) }
      }
      enum Badge {
        static func set(_ count: Int) { UIApplication.shared.applicationIconBadgeNumber = count }
      }
      enum Session {
        static func user() -> String? { (UIApplication.shared.delegate as? AppDelegate)?.user }
      }
      """,
      "Player/PlayerInteractor.swift": """
      import RIBs
      final class PlayerInteractor: PresentableInteractor<PlayerPresentable> {
        func play(_ url: URL) { if Links.canPlay() { Links.play(url) } else { Links.legacy(url) } }
        func seen() { Badge.set(0); _ = Session.user() }
      }
      """,
    ]
    let places = try findingPlaces(files, .globalState).sorted()
    #expect(
      places == [
        "Player/PlayerInteractor.swift:4", "Player/PlayerInteractor.swift:4",
      ], "\(places)")
  }

  /// The app's own `UIApplication.open` overload taking one of its types (`.screen(…)`, not a
  /// URL) is no hand-off to the system: a static helper calling it is a facade like any other.
  @Test func openingTheAppsOwnDestinationIsNoURLHandOff() throws {
    let files = [
      "Utils/Routes.swift": """
      import UIKit
      enum Destination { case screen(id: String) }
      final class Outbox { static let shared = Outbox(); var pending: [Destination] = [] }
      extension UIApplication {
        func open(_ destination: Destination) { Outbox.shared.pending.append(destination) }
      }
      enum Routes {
        static func show(_ id: String) { UIApplication.shared.open(.screen(id: id)) }
        static func web(_ url: URL) { UIApplication.shared.open(url, options: [:]) }
      }
      """,
      "Player/PlayerInteractor.swift": """
      import RIBs
      final class PlayerInteractor: PresentableInteractor<PlayerPresentable> {
        func show(_ id: String) { Routes.show(id) }
        func web(_ url: URL) { Routes.web(url) }
      }
      """,
    ]
    let places = try findingPlaces(files, .globalState).sorted()
    #expect(places == ["Player/PlayerInteractor.swift:3"], "\(places)")
  }

  /// A static request function over the system's shared URL session keeps no state of the
  /// app's: an interactor calling it reaches no state another RIB shares (a hidden dependency,
  /// not global state). One that also keeps a token in the defaults does.
  @Test func aStaticRequestFunctionOverTheSharedSessionIsNoGlobalState() throws {
    let files = [
      "Network/SearchAPI.swift": """
      import Foundation
      struct SearchAPI {
        static func search(_ text: String, done: @escaping (Data?) -> Void) {
          let url = URL(string: "https://example.com/search?q=" + text)!
          URLSession.shared.dataTask(with: url) { data, _, _ in done(data) }.resume()
        }
      }
      final class AuthURLSession {
        static let shared = AuthURLSession()
        var token: String?
      }
      enum ProfileAPI {
        static func signIn(_ token: String) { AuthURLSession.shared.token = token }
      }
      enum AccountAPI {
        static func signIn(_ name: String) {
          URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume()
          UserDefaults.standard.set(name, forKey: "token")
        }
      }
      """,
      "Search/SearchInteractor.swift": """
      import RIBs
      final class SearchInteractor: PresentableInteractor<SearchPresentable> {
        func find(_ text: String) { SearchAPI.search(text) { _ in } }
        func signIn() { AccountAPI.signIn("me") }
        func token() { ProfileAPI.signIn("t") }
      }
      """,
    ]
    // `AuthURLSession.shared` is the app's own singleton, not the system's session.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Search/SearchInteractor.swift:4", "Search/SearchInteractor.swift:5",
      ])
  }

  @Test func aFreshUserDefaultsIsTheAppsDefaultsToo() throws {
    let source = """
      import RIBs
      final class HistoryInteractor: PresentableInteractor<HistoryPresentable> {
        func remember(_ term: String) { UserDefaults().appendHistory(term) }
        func group() -> UserDefaults? { UserDefaults(suiteName: "group.notes") }
      }
      final class HistoryComponent: Component<HistoryDependency> {
        var store: HistoryStore { HistoryStore(defaults: UserDefaults()) }
      }
      """
    #expect(try lines(source, .globalState) == [3, 4])
  }

  @Test func aSingletonWithNothingToShareIsNoGlobalStateButOneWritingStateIs() throws {
    let files = [
      "Support/StoreLinks.swift": """
      import UIKit
      final class StoreLinks {
        static let shared = StoreLinks()
        private let storeID = "1234"
        private init() {}
        var version: String {
          Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? ""
        }
        func openStore() {
          UIApplication.shared.open(URL(string: "itms-apps://app/id" + storeID)!)
        }
      }
      """,
      "Support/LaunchCounter.swift": """
      import Foundation
      final class LaunchCounter {
        static let shared = LaunchCounter()
        func recordLaunch() {
          UserDefaults.standard.set(launches() + 1, forKey: "launches")
        }
        func launches() -> Int { UserDefaults.standard.integer(forKey: "launches") }
      }
      """,
      "Support/DraftBox.swift": """
      import Foundation
      final class DraftBox {
        static let shared = DraftBox()
        let drafts = NSMutableArray()
      }
      """,
      "About/AboutInteractor.swift": """
      import RIBs
      final class AboutInteractor: PresentableInteractor<AboutPresentable> {
        func didTapRate() {
          presenter.show(version: StoreLinks.shared.version)
          StoreLinks.shared.openStore()
          LaunchCounter.shared.recordLaunch()
          DraftBox.shared.drafts.add("note")
        }
      }
      """,
    ]
    // Bundle info and opening a URL keep nothing; defaults written by a member, and a stored
    // mutable object, are state every RIB shares.
    #expect(
      try findingPlaces(files, .globalState) == [
        "About/AboutInteractor.swift:6", "About/AboutInteractor.swift:7",
      ])
  }

  /// A singleton keeping only formatters and coders to itself (configured per call) shares a
  /// tool, not data: no global state. One keeping a value besides them, one whose formatter
  /// others can reach, and one inheriting a store still keep state.
  @Test func aSingletonKeepingOnlyFormattersIsNoGlobalState() throws {
    let files = [
      "Support/Dates.swift": """
      import Foundation
      final class Dates {
        static let shared = Dates()
        private let formatter: DateFormatter
        private let decoder = JSONDecoder()
        private init() { formatter = DateFormatter() }
        func text(_ date: Date, format: String) -> String {
          formatter.dateFormat = format
          return formatter.string(from: date)
        }
      }
      final class LastSeen {
        static let shared = LastSeen()
        private let formatter = DateFormatter()
        var last: Date?
      }
      final class Days {
        static let shared = Days()
        private lazy var formatter: Foundation.DateFormatter = { DateFormatter() }()
        func text(_ date: Date) -> String { formatter.string(from: date) }
      }
      final class Zones {
        static let shared = Zones()
        let formatter = DateFormatter()
      }
      class Store { var items: [Date] = [] }
      final class Stamps: Store {
        static let shared = Stamps()
        private let formatter = DateFormatter()
        func stamp(_ date: Date) { items.append(date) }
      }
      """,
      "Feed/FeedInteractor.swift": """
      import RIBs
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        func show(_ date: Date) {
          presenter.show(Dates.shared.text(date, format: "yyyy"))
          LastSeen.shared.last = date
          presenter.show(Days.shared.text(date))
          Zones.shared.formatter.timeZone = .current
          Stamps.shared.stamp(date)
        }
      }
      """,
    ]
    // A formatter others can reach (`Zones`) can be reconfigured by any RIB; an inherited store
    // (`Stamps`) keeps state its own properties do not show.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Feed/FeedInteractor.swift:5", "Feed/FeedInteractor.swift:7",
        "Feed/FeedInteractor.swift:8",
      ])
  }
}
