import RibcageLint
import Testing

/// `unbound-subscription` and the root RIB: attached at launch and never detached, its
/// one-shot Tasks cannot outlive it (a child's can).
@Suite(.timeLimit(.minutes(10))) struct UnboundSubscriptionRootTests {
  static func interactor(_ name: String) -> String {
    """
    import RIBs
    final class \(name)Interactor: PresentableInteractor<\(name)Presentable> {
      weak var router: \(name)Routing?
      func start() {
        Task {
          let signedIn = await session.check()
          router?.route(signedIn)
        }
      }
    }
    """
  }

  @Test func theLaunchRoutersInteractorsTasksAreNotReportedAChildsAre() throws {
    let files = [
      "Root/RootInteractor.swift": Self.interactor("Root"),
      "Root/RootRouter.swift": """
      import RIBs
      final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable> {}
      """,
      "Home/HomeInteractor.swift": Self.interactor("Home"),
      "Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {}
      """,
    ]
    #expect(try findingPlaces(files, .unboundSubscription) == ["Home/HomeInteractor.swift:5"])
  }

  /// A root launched by the `@main` app (a SwiftUI app hosting the root's view), through a
  /// base router of the app's own, or by the app delegate.
  @Test func aRootTheLaunchCodeBuildsIsARootWhateverItsRouter() throws {
    let files = [
      "Shell/ShellInteractor.swift": Self.interactor("Shell"),
      "Shell/ShellRouter.swift": """
      import RIBs
      final class ShellRouter: ViewableRouter<ShellInteractable, ShellViewControllable> {}
      """,
      "App/WalletApp.swift": """
      import SwiftUI
      @main struct WalletApp: App {
        let shell = ShellBuilder(dependency: AppComponent()).build()
        var body: some Scene { WindowGroup { ShellView(shell) } }
      }
      """,
      "Start/StartInteractor.swift": Self.interactor("Start"),
      "Start/StartRouter.swift": """
      import RIBs
      class AppLaunchRouter<I, V>: LaunchRouter<I, V> {}
      final class StartRouter: AppLaunchRouter<StartInteractable, StartViewControllable> {}
      """,
      "Card/CardInteractor.swift": Self.interactor("Card"),
      // A feature module's demo app launches Card alone; the app's Shell builds it as a child.
      "Card/Demo/SceneDelegate.swift": """
      import UIKit
      import RIBs
      final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var launchRouter: LaunchRouting?
        func scene() {
          let router = CardBuilder(dependency: MockCardDependency()).build()
          launchRouter = router
        }
      }
      """,
      "Shell/ShellBuilder.swift": """
      import RIBs
      final class ShellComponent: Component<ShellDependency> {
        var card: CardBuildable { CardBuilder(dependency: self) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .unboundSubscription) == ["Card/CardInteractor.swift:5"])
  }

  /// From a hostile review: a root named like another module's RIB, builders the app's wiring
  /// makes for parents, a builder handed to another, and a parent naming a builder through its
  /// module do not make roots.
  @Test func onlyTheRIBTheLaunchCodeStartsIsTheRoot() throws {
    let files = [
      "Sources/Driver/Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: LaunchRouter<HomeInteractable, HomeViewControllable> {}
      """,
      "Sources/Driver/Home/HomeInteractor.swift": Self.interactor("Home"),
      "Sources/Rider/Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {}
      """,
      "Sources/Rider/Home/HomeInteractor.swift": Self.interactor("Home"),
      "Sources/Rider/App/AppComponent.swift": """
      import RIBs
      final class AppComponent: Component<EmptyDependency>, RootDependency {
        var loggedOut: LoggedOutBuildable { LoggedOutBuilder(dependency: self) }
      }
      """,
      "Sources/Rider/App/AppDelegate.swift": """
      import RIBs
      final class AppDelegate: UIResponder, UIApplicationDelegate {
        func start() {
          let root = RootBuilder(dependency: component, signUp: SignUpBuilder(dependency: component))
          launchRouter = root.build()
          demo = CheckoutBuilder(dependency: MockCheckoutDependency())
        }
      }
      """,
      "Sources/Rider/LoggedOut/LoggedOutInteractor.swift": Self.interactor("LoggedOut"),
      "Sources/Rider/SignUp/SignUpInteractor.swift": Self.interactor("SignUp"),
      "Sources/Rider/Root/RootInteractor.swift": Self.interactor("Root"),
      "Sources/Rider/Checkout/CheckoutInteractor.swift": Self.interactor("Checkout"),
      "Sources/Rider/Cart/CartComponent.swift": """
      import RIBs
      import CheckoutKit
      final class CartComponent: Component<CartDependency> {
        var checkout: CheckoutBuildable { CheckoutKit.CheckoutBuilder(dependency: self) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .unboundSubscription).sorted() == [
        "Sources/Rider/Checkout/CheckoutInteractor.swift:5",
        "Sources/Rider/Home/HomeInteractor.swift:5",
        "Sources/Rider/LoggedOut/LoggedOutInteractor.swift:5",
        "Sources/Rider/SignUp/SignUpInteractor.swift:5",
      ])
  }
}
