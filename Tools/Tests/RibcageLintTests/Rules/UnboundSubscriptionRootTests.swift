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
}
