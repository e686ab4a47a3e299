import Ribcage
import RibcageTesting

/// A shared, ordered record of lifecycle hooks across several RIBs.
@MainActor
final class HookLog {
  var entries: [String] = []
}

/// An interactor that records its hooks, and whether it was active inside each.
@MainActor
class RecordingInteractor: Interactor, Interactable {
  let label: String
  let log: HookLog?
  var didBecomeActiveCount = 0
  var willResignActiveCount = 0
  var onDidBecomeActive: ((RecordingInteractor) -> Void)?
  var onWillResignActive: ((RecordingInteractor) -> Void)?

  init(_ label: String = "node", log: HookLog? = nil) {
    self.label = label
    self.log = log
  }

  override func didBecomeActive() {
    super.didBecomeActive()
    didBecomeActiveCount += 1
    log?.entries.append("\(label).didBecomeActive(isActive: \(isActive))")
    onDidBecomeActive?(self)
  }

  override func willResignActive() {
    super.willResignActive()
    willResignActiveCount += 1
    log?.entries.append("\(label).willResignActive(isActive: \(isActive))")
    onWillResignActive?(self)
  }
}

/// A viewless router for tree tests.
@MainActor
class NodeRouter: Router<RecordingInteractor> {
  var didLoadCount = 0
  var onDidLoad: ((NodeRouter) -> Void)?

  convenience init(_ label: String = "node", log: HookLog? = nil) {
    self.init(interactor: RecordingInteractor(label, log: log))
  }

  override func didLoad() {
    super.didLoad()
    didLoadCount += 1
    onDidLoad?(self)
  }
}

// Named routers, so snapshots and leak paths read like an app.
@MainActor final class RootRouter: NodeRouter {}
@MainActor final class LoggedInRouter: NodeRouter {}
@MainActor final class HomeRouter: NodeRouter {}
@MainActor final class RequestRouter: NodeRouter {}
@MainActor final class RideRouter: NodeRouter {}

/// A view for viewable-router tests.
@MainActor
final class FakeView: ViewControllable {
  let name: String
  init(_ name: String = "view") { self.name = name }
}

/// A presenter separate from the view.
@MainActor
protocol FakePresentable: AnyObject {
  func show(_ text: String)
}

@MainActor
final class FakePresenter: FakePresentable {
  var shown: [String] = []
  func show(_ text: String) { shown.append(text) }
}

@MainActor
final class PresentingInteractor: PresentableInteractor<any FakePresentable>, Interactable {}

@MainActor
final class ScreenRouter: ViewableRouter<PresentingInteractor, FakeView> {
  convenience init(view: FakeView = FakeView(), presenter: FakePresenter = FakePresenter()) {
    self.init(interactor: PresentingInteractor(presenter: presenter), viewController: view)
  }
}

@MainActor
final class AppRootRouter: LaunchRouter<RecordingInteractor, FakeView> {
  convenience init(log: HookLog? = nil) {
    self.init(interactor: RecordingInteractor("root", log: log), viewController: FakeView("root"))
  }
}

/// A cancellable that records its cancellation.
@MainActor
final class FakeWork: CancellableWork {
  private(set) var cancelCount = 0
  func cancel() { cancelCount += 1 }
}
