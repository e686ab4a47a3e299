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
    // A singleton is reported where RIB code uses it, whatever its name, and once where it is
    // declared; a static var some code writes, at its declaration.
    #expect(try lines(source, .globalState) == [2, 4, 5, 8])
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
  @Test func aStaticVarWithASetterUsedFromRIBCodeIsReportedThereAndOnceWhereDeclared() throws {
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
        "Core/Settings.swift:3", "Setting/SettingInteractor.swift:3",
        "Setting/SettingInteractor.swift:4",
      ])
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
        "Service/KeyChainService.swift:1",
      ])
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
        "Data/Storage.swift:2", "Main/MainBuilder.swift:3",
      ])
  }
}
