import RibcageLint
import Testing

// `strong-listener` (Sources/RibcageLint/Rules/StrongListener.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct StrongListenerTests {
  @Test func firesOnStrongListenersDelegatesAndOutputs() throws {
    let source = """
      import RIBs
      final class LoggedOutInteractor: PresentableInteractor<LoggedOutPresentable> {
        var listener: LoggedOutListener?
        let delegate: TableDelegate
        var output: (any ModuleOutput)?
        var router = LoggedOutRouter()
      }
      """
    #expect(try lines(source, .strongListener) == [3, 4, 5])
  }

  @Test func quietForWeakUnownedStructsClosuresAndComputed() throws {
    let source = """
      final class HomeInteractor {
        weak var listener: HomeListener?
        unowned let delegate: HomeDelegate
        var onFinish: (() -> Void)?
        var listenerName: String = ""
        var output: HomeListener? { nil }
        let log = OutputLog()
      }
      struct Box { var listener: HomeListener? }
      protocol P { var listener: HomeListener? { get } }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }
}

extension StrongListenerTests {
  /// A camera screen keeps its capture outputs (made by itself, named `…Output` like a module
  /// output): Apple's classes, no listener. An Apple delegate protocol held strongly still is.
  @Test func aPlatformCaptureOutputIsNoListener() throws {
    let source = """
      import RIBs
      final class ScannerViewController: UIViewController, ScannerPresentable {
        var metadataOutput: AVCaptureMetadataOutput
        private var photoOutput: AVCapturePhotoOutput?
        var tableDelegate: UITableViewDelegate?
        var moduleOutput: ScannerOutput?
        var skuOutput: SKUPickerOutput?
        var delegate: UIViewController?
        init(output: AVCaptureMetadataOutput) { metadataOutput = output }
      }
      """
    // An app's own output protocol with an Apple-like prefix, declared in another module, and
    // a container held as the delegate, are still reported.
    #expect(try lines(source, .strongListener) == [5, 6, 7, 8])
  }
}

extension StrongListenerTests {
  /// A helper configured with the Then library (`Manager().then { $0.delegate = self }`) by the
  /// view controller that owns it, holding its delegate strongly: a cycle.
  @Test func aHelperConfiguredInAThenClosureWithItsOwnerAsDelegate() throws {
    let files = [
      "Login/SignInManager.swift": """
      import AuthenticationServices
      protocol SignInManagerDelegate {
        func signedIn(email: String)
      }
      final class SignInManager: NSObject {
        var delegate: SignInManagerDelegate?
        var other: SignInManagerDelegate?
      }
      """,
      "Login/LoginViewController.swift": """
      import RIBs
      import Then
      final class LoginViewController: UIViewController, LoginPresentable {
        private lazy var manager = SignInManager().then {
          $0.delegate = self
        }
      }
      extension LoginViewController: SignInManagerDelegate {
        func signedIn(email: String) {}
      }
      """,
    ]
    #expect(try findingPlaces(files, .strongListener) == ["Login/SignInManager.swift:6"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct HelperHoldsOwnerTests {
  @Test func anAdapterWhoseDelegateAndDataSourceTheInteractorSetsToItselfIsReported() throws {
    let files = [
      "Search/ResultAdapter.swift": """
      import UIKit
      protocol ResultAdapter: AnyObject, TableAdapter where Delegate == ResultAdapterDelegate {}
      final class ResultAdapterImp: NSObject, ResultAdapter {
        var delegate: Delegate?
        var dataSource: DataSource?
        var onSelect: ((Int) -> Void)?
      }
      final class WordAdapterImp: NSObject, WordAdapter {
        weak var delegate: Delegate?
        weak var dataSource: DataSource?
      }
      """,
      "Search/SearchInteractor.swift": """
      import ModernRIBs
      final class SearchInteractor: PresentableInteractor<SearchPresentable> {
        private var results: (any ResultAdapter)?
        private var words: (any WordAdapter)?
        override func didBecomeActive() {
          super.didBecomeActive()
          results?.delegate = self
          self.results?.dataSource = self
          words?.delegate = self
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .strongListener) == [
        "Search/ResultAdapter.swift:4", "Search/ResultAdapter.swift:5",
      ])
  }

  @Test func aViewControllersOwnDataSourceIsNoBackReference() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController, HomePresentable {
        weak var listener: HomePresentableListener?
        var dataSource: UITableViewDiffableDataSource<Int, Item>?
      }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }

  @Test func aStrongDelegateInAHelperTheRIBOwnsIsReported() throws {
    let files = [
      "List/ListAdapter.swift": """
      import UIKit
      protocol ListAdapterDelegate: AnyObject { func didSelect(_ row: Int) }
      final class ListAdapter: NSObject {
        var delegate: ListAdapterDelegate?
      }
      final class OtherAdapter: NSObject {
        var delegate: OtherAdapterDelegate?
      }
      """,
      "List/ListInteractor.swift": """
      import RIBs
      final class ListInteractor: PresentableInteractor<ListPresentable>, ListAdapterDelegate {
        private let adapter = ListAdapter()
        func didSelect(_ row: Int) {}
      }
      """,
    ]
    #expect(try findingPlaces(files, .strongListener) == ["List/ListAdapter.swift:4"])
  }
}

/// What counts as a listener, and what the finding tells its author to do.
@Suite(.timeLimit(.minutes(10))) struct ListenerDeclarationTests {
  @Test func aListenerWhoseProtocolIsNotClassBoundIsToldToMakeItSo() throws {
    let source = """
      import RIBs
      protocol HomeListener { func done() }
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        var listener: HomeListener?
      }
      final class RootInteractor: Interactor, HomeListener { func done() {} }
      """
    let found = try findings(source, rule: .strongListener).map(\.message)
    #expect(found.count == 1)
    #expect(found[0].contains("make HomeListener class-bound (`protocol HomeListener: AnyObject`)"))
  }

  @Test func anOwningReferenceIsNotAListener() throws {
    let source = """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        var delegate = TableDelegate()
        let output = HomeOutput(channel: .main)
      }
      """
    #expect(try lines(source, .strongListener).isEmpty)
  }
}
