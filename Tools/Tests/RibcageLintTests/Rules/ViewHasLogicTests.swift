import RibcageLint
import Testing

// `view-has-logic` (Sources/RibcageLint/Rules/ViewHasLogic.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct ViewHasLogicTests {
  @Test func firesOnServicesWritableStreamsInteractorsAndNetworking() throws {
    let source = """
      import UIKit
      final class ConfirmViewController: UIViewController {
        let trips: TripService
        let state = MutableStateStream(0)
        var interactor: ConfirmInteractor?
        func load() { URLSession.shared.dataTask(with: url) }
        func again() { _ = trips }
      }
      final class TripService {}
      """
    // The view's own stream (line 4) is how it reports events: not logic.
    #expect(try lines(source, .viewHasLogic) == [3, 5, 6])
  }

  @Test func quietForDumbViews() throws {
    let source = """
      final class ConfirmViewController: UIViewController, ConfirmPresentable {
        weak var listener: ConfirmPresentableListener?
        private(set) var viewModel: ConfirmViewModel?
        func render(_ viewModel: ConfirmViewModel) { self.viewModel = viewModel }
      }
      final class TripInteractor: Interactor { let trips: TripService }
      """
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }

  /// A regression the review of the rules' port to one file each found.
  @Test func aViewsWeakInteractorIsStillItsInteractor() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController {
        weak var interactor: HomeInteractor?
      }
      """
    #expect(try lines(source, .viewHasLogic) == [3])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewHoldsBusinessObjectTests {
  @Test func viewsHoldingOrCallingBusinessObjectsAreReportedWhateverTheirNames() throws {
    let files = [
      "Data/ImageDownloader.swift": """
      import UIKit
      struct ImageDownloader {
        static func download(_ url: URL) async throws -> Data {
          try await URLSession.shared.data(from: url).0
        }
      }
      protocol ImageRepositoryProtocol { func image() async -> Data }
      final class ImageRepository: ImageRepositoryProtocol { func image() async -> Data { Data() } }
      final class UserInfoService { static let shared = UserInfoService(); var isGuest = true }
      final class AdMobManager { func load() {} }
      """,
      "Search/ResultCell.swift": """
      import UIKit
      final class ResultCell: UITableViewCell {
        private let ads = AdMobManager()
        func configure(_ url: URL) {
          Task { image = try await ImageDownloader.download(url) }
          likeButton.isHidden = UserInfoService.shared.isGuest
        }
      }
      """,
      "Profile/ProfileView.swift": """
      import SwiftUI
      struct ProfileView: View {
        let images: ImageRepositoryProtocol
        var body: some View { Text("") }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .viewHasLogic) == [
        "Profile/ProfileView.swift:3", "Search/ResultCell.swift:5", "Search/ResultCell.swift:6",
      ])
  }

  /// A view sending an analytics event about what the user did, through a type's static
  /// method or shared instance, is no business logic, even when that type reads or writes
  /// defaults; using the same type for anything else still is, and so are account and data
  /// calls named like events (`logIn`, `trackShipment`).
  @Test func aViewSendingAnAnalyticsEventIsNoBusinessLogic() throws {
    let files = [
      "Support/AppLog.swift": """
      import Foundation
      final class AppLog {
        static let shared = AppLog()
        static func logEventAction(responder: AnyObject, parameter: [String: Any]? = nil) {
          if UserDefaults.standard.bool(forKey: "debug") { return }
        }
        func trackTap(_ name: String) { UserDefaults.standard.set(name, forKey: "last") }
        static func lastEvents() -> [String] { UserDefaults.standard.stringArray(forKey: "e") ?? [] }
      }
      """,
      "Support/Account.swift": """
      import Foundation
      final class Account {
        static let shared = Account()
        func logIn(_ name: String) { UserDefaults.standard.set(name, forKey: "user") }
        static func trackShipment(_ id: String) { UserDefaults.standard.set(id, forKey: "s") }
      }
      """,
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: UIViewController {
        @objc func tapped(_ sender: UIButton) async throws {
          AppLog.logEventAction(responder: sender)
          AppLog.shared.trackTap("home")
          title = AppLog.lastEvents().first
          try await AppLog.shared.trackTap("again")
          Account.shared.logIn("bob")
          Account.trackShipment("42")
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .viewHasLogic) == [
        "Home/HomeViewController.swift:6", "Home/HomeViewController.swift:8",
        "Home/HomeViewController.swift:9",
      ])
  }

  /// A view writing to the app's log (a logger that keeps its lines in a file) adds nothing to
  /// what it shows: logging is no business logic. Reading the log back is I/O the view does.
  @Test func aViewLoggingIsNoBusinessLogic() throws {
    let files = [
      "Support/Logger.swift": """
      import Foundation
      final class Logger {
        static let shared = Logger()
        static func debug(_ message: String) { write(message) }
        func info(_ message: String) { Logger.write(message) }
        static func lines() -> [String] { [] }
        private static func write(_ line: String) {
          FileManager.default.createFile(atPath: "log.txt", contents: Data(line.utf8))
        }
      }
      """,
      "Web/WebViewController.swift": """
      import UIKit
      final class WebViewController: UIViewController {
        override func viewDidLoad() {
          super.viewDidLoad()
          Logger.debug("loaded")
          Logger.shared.info("shown \\(title ?? "")")
          Logger.debug(view.tag)
          title = Logger.lines().first
          MealDiary.shared.log(meal)
        }
      }
      """,
      "Diary/MealDiary.swift": """
      import Foundation
      final class MealDiary {
        static let shared = MealDiary()
        func log(_ meal: Meal) { FileManager.default.createFile(atPath: "d", contents: nil) }
      }
      """,
    ]
    // Logging is a message handed to a log; `log(meal)` writes the user's diary.
    #expect(
      try findingPlaces(files, .viewHasLogic) == [
        "Web/WebViewController.swift:8", "Web/WebViewController.swift:9",
      ])
  }

  /// A builder handing the interactor to its view through a property the view does not hold
  /// weakly (ReactorKit's `reactor`, kept by the framework): the view holds its interactor, and
  /// the interactor holds the view as its presenter. A weak listener is the way it should be.
  @Test func aBuilderHandingTheInteractorToItsViewIsReported() throws {
    let files = [
      "Home/HomeBuilder.swift": """
      import RIBs
      final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
        func build(withListener listener: HomeListener) -> HomeRouting {
          let viewController = HomeViewController()
          let interactor = HomeInteractor(presenter: viewController)
          interactor.listener = listener
          viewController.reactor = interactor
          viewController.listener = interactor
          return HomeRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
      "Home/HomeViewController.swift": """
      import ReactorKit
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable, View {
        weak var listener: HomePresentableListener?
        var disposeBag = DisposeBag()
        func bind(reactor: HomeInteractor) {}
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable>, Reactor {}
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic) == ["Home/HomeBuilder.swift:7"])
  }

  /// The view a builder hands the interactor to is the local in scope there: one of the same
  /// name in an earlier block that has closed is another value.
  @Test func theHandedOverViewIsTheLocalInScope() throws {
    let files = [
      "Home/HomeBuilder.swift": """
      import RIBs
      final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
        func build(withListener listener: HomeListener, wrapped: Bool) -> HomeRouting {
          let viewController = HomeViewController()
          if wrapped {
            let viewController = UINavigationController()
            log(viewController)
          }
          let interactor = HomeInteractor(presenter: viewController)
          viewController.reactor = interactor
          return HomeRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
      "Home/HomeViewController.swift": """
      import ReactorKit
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable, View {
        var disposeBag = DisposeBag()
        func bind(reactor: HomeInteractor) {}
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable>, Reactor {}
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic) == ["Home/HomeBuilder.swift:10"])
  }

  /// A listener or delegate handed over is `strong-listener`'s question (weak through a base
  /// class or a computed property over weak storage is still weak).
  @Test func aListenerHandedToTheViewIsNoHandOver() throws {
    let files = [
      "Home/HomeBuilder.swift": """
      import RIBs
      final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
        func build(withListener listener: HomeListener) -> HomeRouting {
          let viewController = HomeViewController()
          let interactor = HomeInteractor(presenter: viewController)
          viewController.listener = interactor
          viewController.delegate = interactor
          return HomeRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
      "Home/HomeViewController.swift": """
      import UIKit
      final class HomeViewController: BaseViewController<HomePresentableListener>, HomePresentable {
        private weak var weakDelegate: HomeDelegate?
        var delegate: HomeDelegate? { get { weakDelegate } set { weakDelegate = newValue } }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {}
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic).isEmpty)
  }

  /// An extension of UIKit's own view class (`UIImageView.show(from:)` over a picture cache
  /// and fetcher) is a utility every view of the app may use, not a RIB's view: no finding.
  /// The app's own subclass doing the same is a view with logic.
  @Test func anExtensionOfAPlatformViewClassIsNoRIBView() throws {
    let files = [
      "Kit/PictureFetcher.swift": """
      import UIKit
      final class PictureFetcher {
        static let shared = PictureFetcher()
        private var running: [URL: Task<Data?, Never>] = [:]
        func data(_ url: URL) async -> Data? { try? await URLSession.shared.data(from: url).0 }
      }
      """,
      "Kit/UIImageView+Picture.swift": """
      import UIKit
      extension UIImageView {
        func show(from url: URL) {
          Task { image = await PictureFetcher.shared.data(url).flatMap(UIImage.init(data:)) }
        }
      }
      """,
      "Feed/AvatarView.swift": """
      import UIKit
      final class AvatarView: UIImageView {
        func show(from url: URL) {
          Task { image = await PictureFetcher.shared.data(url).flatMap(UIImage.init(data:)) }
        }
      }
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic) == ["Feed/AvatarView.swift:4"])
  }
}

/// A view that loads data itself has logic; a web view loading a page does not.
@Suite(.timeLimit(.minutes(10))) struct ViewLoadsDataTests {
  @Test func aWebViewLoadingAPageIsNoNetworking() throws {
    let source = """
      import RIBs
      final class WebPlayerViewController: UIViewController, WebPlayerPresentable {
        func load(_ url: URL) { webView.load(URLRequest(url: url)) }
      }
      """
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }

  @Test func aCellLoadingDataItselfHasLogic() throws {
    let source = """
      import UIKit
      final class BadgeCell: UICollectionViewCell {
        private let icon = UIImageView()
        func configure(url: URL) {
          DispatchQueue.global().async {
            let data = try? Data(contentsOf: url)
            DispatchQueue.main.async { self.icon.image = data.flatMap(UIImage.init(data:)) }
          }
          let blank = Data(count: 4)
          _ = blank
        }
      }
      struct BadgeLoader {
        func load(url: URL) throws -> Data { try Data(contentsOf: url) }
      }
      """
    #expect(try lines(source, .viewHasLogic) == [6])
  }
}
