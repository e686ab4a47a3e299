import RibcageLint
import Testing

// `attach-without-detach` (Sources/RibcageLint/Rules/AttachWithoutDetach.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct AttachWithoutDetachTests {
  @Test func firesOnRoutersThatNeverDetach() throws {
    let source = """
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToSettings() { attachChild(settingsBuilder.build()) }
        func routeToProfile() { attachChild(profileBuilder.build()) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [2])
  }

  /// A parent pushing three children, each detached by a route its listener asks for.
  private static func pushingParent(extra: String = "") -> [String: String] {
    [
      "Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
        private let recordBuildable: RecordBuildable
        private let settingBuilder: SettingBuildable
        private let detailBuilder: DetailBuildable
        private var child: ViewableRouting?
        func attachRecord() {
          let router = recordBuildable.build(withListener: interactor)
          child = router
          attachChild(router)
          viewController.pushViewController(router.viewControllable, animated: true)
        }
        func attachSetting() {
          let router = settingBuilder.build(withListener: interactor)
          child = router
          attachChild(router)
          viewController.push(viewControllable: router.viewControllable)
        }
        func attachDetail() {
          let router = detailBuilder.build(withListener: interactor)
          child = router
          attachChild(router)
          viewController.pushViewController(router.viewControllable, animated: true)
        }
        func detachChild() {
          guard let child else { return }
          viewController.popViewController(animated: true)
          detachChild(child)
          self.child = nil
        }
      }
      """,
      "Record/RecordViewController.swift": """
      import RIBs
      final class RecordViewController: UIViewController, RecordPresentable, RecordViewControllable {
        weak var listener: RecordPresentableListener?
        @objc func close() { listener?.didTapClose() }
      }
      """,
      "Setting/SettingViewController.swift": """
      import RIBs
      final class SettingViewController: BaseViewController, SettingPresentable, SettingViewControllable {
        weak var listener: SettingPresentableListener?
      }
      open class BaseViewController: UIViewController {
        open override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          if isMovingFromParent { didLeave() }
        }
        open func didLeave() {}
      }
      """,
      "Detail/DetailViewController.swift": """
      import RIBs
      final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {
        weak var listener: DetailPresentableListener?
        override func viewDidLoad() {
          super.viewDidLoad()
          setUpBackItem(target: self, action: #selector(close))
        }
        @objc func close() { listener?.didTapClose() }
      }
      extension UIViewController {
        func setUpBackItem(target: Any?, action: Selector?) {
          navigationItem.leftBarButtonItem = UIBarButtonItem(image: nil, style: .plain, target: target, action: action)
        }
      }
      """ + extra,
    ]
  }

  @Test func aPushedChildDetachedOnlyByItsListenerIsReportedUnlessItsViewSeesThePop() throws {
    #expect(
      try findingPlaces(Self.pushingParent(), .attachWithoutDetach) == ["Home/HomeRouter.swift:11"])
    // The back-swipe turned back on: a back button of the view's own no longer stops a pop.
    let swipe = """

      final class Navigation: UINavigationController {
        override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.delegate = nil }
      }
      """
    #expect(
      try findingPlaces(Self.pushingParent(extra: swipe), .attachWithoutDetach) == [
        "Home/HomeRouter.swift:11", "Home/HomeRouter.swift:23",
      ])
    // Hidden navigation bars, the swipe left off: UIKit cannot pop by itself.
    let hidden = """

      final class Navigation: UINavigationController {
        override func viewDidLoad() { super.viewDidLoad(); isNavigationBarHidden = true }
      }
      """
    #expect(try findingPlaces(Self.pushingParent(extra: hidden), .attachWithoutDetach).isEmpty)
  }

  @Test func aChildPushedThroughItsParentViewsOwnMethodIsAPushToo() throws {
    let files = [
      "LoggedOut/LoggedOutRouter.swift": """
      import RIBs
      final class LoggedOutRouter: ViewableRouter<LoggedOutInteractable, LoggedOutViewControllable> {
        private let sessionBuilder: SessionBuildable
        private let movieBuilder: MovieBuildable
        private let sheetBuilder: SheetBuildable
        private var child: ViewableRouting?
        func routeToSession() {
          let rib = sessionBuilder.build(withListener: interactor)
          attachChild(rib)
          viewController.present(view: rib.viewControllable)
          child = rib
        }
        func routeToMovie() {
          let rib = movieBuilder.build(withListener: interactor)
          attachChild(rib)
          viewController.present(view: rib.viewControllable)
          child = rib
        }
        func routeToSheet() {
          let rib = sheetBuilder.build(withListener: interactor)
          attachChild(rib)
          viewController.show(view: rib.viewControllable)
          child = rib
        }
        func close() {
          guard let child else { return }
          detachChild(child)
        }
      }
      """,
      "LoggedOut/LoggedOutViewController.swift": """
      import RIBs
      final class LoggedOutViewController: UIViewController, LoggedOutPresentable, LoggedOutViewControllable {
        func present(view: ViewControllable) {
          navigationController?.pushViewController(view.uiviewController, animated: true)
        }
        func show(view: ViewControllable) { present(view.uiviewController, animated: true) }
      }
      """,
      "Session/SessionViewController.swift": """
      import RIBs
      final class SessionViewController: UIViewController, SessionPresentable, SessionViewControllable {
        func popViewController() { navigationController?.popViewController(animated: true) }
      }
      """,
      "Movie/MovieViewController.swift": """
      import RIBs
      final class MovieViewController: UIViewController, MoviePresentable, MovieViewControllable {
        @IBAction func back(_ sender: UIBarButtonItem) {
          navigationController?.popViewController(animated: true)
          listener?.close()
        }
      }
      """,
      "Sheet/SheetViewController.swift": """
      import RIBs
      final class SheetViewController: UIViewController, SheetPresentable, SheetViewControllable {}
      """,
    ]
    // Sheet is presented (`show(view:)` presents), not pushed: a swipe down dismisses it.
    #expect(
      try findingPlaces(files, .attachWithoutDetach) == [
        "LoggedOut/LoggedOutRouter.swift:10", "LoggedOut/LoggedOutRouter.swift:22",
      ])
  }

  /// A parent presenting children modally, each detached by a route its listener asks for.
  private static func presentingParent(
    route: String = "", parentView: String = "", extra: String = ""
  ) -> [String: String] {
    [
      "Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable>, HomeRouting {
        private let recordBuilder: RecordBuildable
        private let settingBuilder: SettingBuildable
        private let detailBuilder: DetailBuildable
        private var child: ViewableRouting?
        func attachRecord() {
          let router = recordBuilder.build(withListener: interactor)
          child = router
          attachChild(router)\(route)
          viewController.uiviewController.present(router.viewControllable.uiviewController, animated: true)
        }
        func attachSetting() {
          let router = settingBuilder.build(withListener: interactor)
          child = router
          attachChild(router)
          viewController.present(viewController: router.viewControllable)
        }
        func attachDetail() {
          let router = detailBuilder.build(withListener: interactor)
          child = router
          attachChild(router)
          viewController.presentPanModal(router.viewControllable.uiviewController)
        }
        func detachChild() {
          guard let child else { return }
          viewController.uiviewController.dismiss(animated: true)
          detachChild(child)
          self.child = nil
        }
      }
      """,
      "Home/HomeViewController.swift": """
      import RIBs
      final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
        func present(viewController: ViewControllable) {\(parentView)
          present(viewController.uiviewController, animated: true)
        }
      }
      """,
      "Record/RecordViewController.swift": """
      import RIBs
      final class RecordViewController: UIViewController, RecordPresentable, RecordViewControllable {
        weak var listener: RecordPresentableListener?
        @objc func close() { listener?.didTapClose() }
      }
      """,
      "Setting/SettingViewController.swift": """
      import RIBs
      final class SettingViewController: UIViewController, SettingPresentable, SettingViewControllable {
        weak var listener: SettingPresentableListener?
      }
      """,
      "Detail/DetailViewController.swift": """
      import RIBs
      final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {
        weak var listener: DetailPresentableListener?
      }
      """ + extra,
    ]
  }

  @Test func aChildPresentedAsASheetAndDetachedOnlyByItsListenerIsReported() throws {
    #expect(
      try findingPlaces(Self.presentingParent(), .attachWithoutDetach) == [
        "Home/HomeRouter.swift:11", "Home/HomeRouter.swift:17", "Home/HomeRouter.swift:23",
      ])
    // A covering style given by the route, or by the parent view's presenting method.
    #expect(
      try findingPlaces(
        Self.presentingParent(
          route: "\n    router.viewControllable.uiviewController"
            + ".modalPresentationStyle = .fullScreen",
          parentView: "\n    viewController.uiviewController"
            + ".modalPresentationStyle = .overFullScreen"),
        .attachWithoutDetach) == ["Home/HomeRouter.swift:24"])
    // PanModal's swipe turned off by the presented view.
    let noDrag = """

      extension DetailViewController {
        var allowsDragToDismiss: Bool { false }
      }
      """
    #expect(
      try findingPlaces(Self.presentingParent(extra: noDrag), .attachWithoutDetach) == [
        "Home/HomeRouter.swift:11", "Home/HomeRouter.swift:17",
      ])
  }

  /// A `ViewControllable` extension presenting what it is handed, beside a test double that
  /// overrides `present` to count calls: the double is not how the app presents.
  @Test func aSheetThroughAnExtensionIsReportedWhateverATestDoubleOverrides() throws {
    let files = [
      "Util/ViewControllable+Present.swift": """
      import RIBs
      public extension ViewControllable {
        func present(_ viewControllable: ViewControllable, animated: Bool, completion: (() -> Void)?) {
          uiviewController.present(viewControllable.uiviewController, animated: animated, completion: completion)
        }
      }
      """,
      "TestSupport/ViewControllableMock.swift": """
      import RIBs
      public final class ViewControllableMock: UIViewController, ViewControllable {
        public var presentCallCount = 0
        public override func present(_ controller: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
          presentCallCount += 1
        }
      }
      """,
      "Catch/CatchRouter.swift": """
      import RIBs
      final class CatchRouter: ViewableRouter<CatchInteractable, CatchViewControllable>, CatchRouting {
        private let loginBuilder: LoginBuildable
        private var loginRouter: ViewableRouting?
        func routeToLogin() {
          guard loginRouter == nil else { return }
          let router = loginBuilder.build(withListener: interactor)
          viewController.present(router.viewControllable, animated: true, completion: nil)
          loginRouter = router
          attachChild(router)
        }
        func detachLogin() {
          guard let router = loginRouter else { return }
          loginRouter = nil
          detachChild(router)
        }
      }
      """,
      "Login/LoginViewController.swift": """
      import RIBs
      final class LoginViewController: UIViewController, LoginPresentable, LoginViewControllable {
        weak var listener: LoginPresentableListener?
      }
      """,
    ]
    #expect(try findingPlaces(files, .attachWithoutDetach) == ["Catch/CatchRouter.swift:8"])
  }

  /// Where a covering style is set (the child's builder), what only looks like one (a custom
  /// button), PanModal's dismissal hook, and a cycle of inheritance in code that does not
  /// compile.
  @Test func aSheetStyledByItsBuilderOrWatchedByPanModalIsNotReported() throws {
    var files = Self.presentingParent()
    files["Record/RecordBuilder.swift"] = """
      import RIBs
      final class RecordBuilder: Builder<RecordDependency>, RecordBuildable {
        func build(withListener listener: RecordListener) -> RecordRouting {
          let viewController = RecordViewController()
          viewController.modalPresentationStyle = .fullScreen
          return RecordRouter(interactor: RecordInteractor(presenter: viewController), viewController: viewController)
        }
      }
      """
    files["Setting/SettingViewController.swift"] = """
      import RIBs
      final class SettingViewController: SettingBase, SettingPresentable, SettingViewControllable {
        private let close = UIButton(type: .custom)
      }
      class SettingBase: SettingLoop, Looping, Cycling {}
      class SettingLoop: SettingBase, Looping, Cycling {}
      """
    files["Detail/DetailViewController.swift"] = """
      import RIBs
      final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {
        weak var listener: DetailPresentableListener?
        func panModalDidDismiss() { listener?.didDismiss() }
      }
      """
    #expect(
      try findingPlaces(files, .attachWithoutDetach) == ["Home/HomeRouter.swift:17"])
  }

  /// A covering style given by a container the presenting method makes, or as a parameter's
  /// default value.
  @Test func aSheetStyledByItsContainerOrADefaultArgumentIsNotReported() throws {
    var files = Self.presentingParent()
    files["Home/HomeRouter.swift"] = try #require(files["Home/HomeRouter.swift"])
      .replacingOccurrences(
        of: "viewController.uiviewController.present(router.viewControllable.uiviewController",
        with: "viewController.present(router.viewControllable.uiviewController")
    files["Home/HomeViewController.swift"] = """
      import RIBs
      final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
        func present(viewController: ViewControllable) {
          present(AppNavigationController(rootViewController: viewController.uiviewController), animated: true)
        }
      }
      final class AppNavigationController: UINavigationController {
        override init(rootViewController: UIViewController) {
          super.init(rootViewController: rootViewController)
          modalPresentationStyle = .fullScreen
        }
      }
      extension ViewControllable {
        func present(_ child: UIViewController, style: UIModalPresentationStyle = .fullScreen, animated: Bool) {
          child.modalPresentationStyle = style
          uiviewController.present(child, animated: animated)
        }
      }
      """
    #expect(
      try findingPlaces(files, .attachWithoutDetach) == ["Home/HomeRouter.swift:23"])
    // A container whose style the method sets to the screen's own (the default: a sheet).
    files["Home/HomeViewController.swift"] = try #require(files["Home/HomeViewController.swift"])
      .replacingOccurrences(
        of: "present(AppNavigationController(rootViewController: "
          + "viewController.uiviewController), animated: true)",
        with: """
          let container = AppNavigationController(rootViewController: viewController.uiviewController)
              container.modalPresentationStyle = viewController.uiviewController.modalPresentationStyle
              present(container, animated: true)
          """)
    #expect(
      try findingPlaces(files, .attachWithoutDetach) == [
        "Home/HomeRouter.swift:17", "Home/HomeRouter.swift:23",
      ])
  }

  @Test func aSheetItsViewOrTheAppWatchesOrThatCannotBeSwipedIsNotReported() throws {
    // The views tell they were dismissed, refuse the swipe, or take a covering style from a
    // base class.
    var files = Self.presentingParent()
    files["Record/RecordViewController.swift"] = """
      import RIBs
      final class RecordViewController: UIViewController, RecordPresentable, RecordViewControllable {
        override func viewDidDisappear(_ animated: Bool) {
          super.viewDidDisappear(animated)
          if isBeingDismissed { listener?.didDismiss() }
        }
      }
      """
    files["Setting/SettingViewController.swift"] = """
      import RIBs
      final class SettingViewController: ModalViewController, SettingPresentable, SettingViewControllable {}
      class ModalViewController: UIViewController {
        init() {
          super.init(nibName: nil, bundle: nil)
          modalPresentationStyle = .fullScreen
        }
      }
      """
    files["Detail/DetailViewController.swift"] = """
      import RIBs
      final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {
        override func viewDidLoad() {
          super.viewDidLoad()
          isModalInPresentation = true
        }
      }
      """
    #expect(try findingPlaces(files, .attachWithoutDetach).isEmpty)
    // A presentation controller's delegate anywhere tells the app a sheet went.
    var watched = Self.presentingParent()
    watched["Shared/SheetProxy.swift"] = """
      final class SheetProxy: NSObject, UIAdaptivePresentationControllerDelegate {
        weak var listener: SheetProxyListener?
        func presentationControllerDidDismiss(_ controller: UIPresentationController) {
          listener?.didDismiss()
        }
      }
      """
    #expect(try findingPlaces(watched, .attachWithoutDetach).isEmpty)
    // A view made from a storyboard may take its style from there; a presenting method of the
    // app's that does not present (it embeds) is no sheet.
    var storyboard = Self.presentingParent()
    storyboard["Record/RecordViewController.swift"]! += """

      extension RecordViewController {
        static func make() -> RecordViewController {
          UIStoryboard(name: "Record", bundle: nil).instantiateInitialViewController() as! RecordViewController
        }
      }
      """
    storyboard["Home/HomeViewController.swift"] = """
      import RIBs
      final class HomeViewController: UIViewController, HomePresentable, HomeViewControllable {
        func present(viewController: ViewControllable) {
          addChild(viewController.uiviewController)
          view.addSubview(viewController.uiviewController.view)
        }
      }
      """
    #expect(
      try findingPlaces(storyboard, .attachWithoutDetach) == ["Home/HomeRouter.swift:23"])
  }

  @Test func aPushWatchedByItsRouteOrWithTheSwipeTurnedOffIsNotReported() throws {
    let router = """
      import RIBs
      final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable> {
        private let detailBuilder: DetailBuildable
        private let infoBuilder: InfoBuildable
        private var child: ViewableRouting?
        func routeToDetail() {
          let detail = detailBuilder.build(withListener: interactor)
          attachChild(detail)
          navigation.pushViewController(detail.viewControllable.uiviewController, animated: true)
          detail.viewControllable.uiviewController.rx.methodInvoked(#selector(UIViewController.didMove(toParent:)))
            .subscribe(onNext: { [weak self] _ in self?.detachChild(detail) }).disposed(by: bag)
        }
        func routeToInfo() {
          for child in children { detachChild(child) }
          let info = infoBuilder.build(withListener: interactor)
          child = info
          attachChild(info)
          navigation.pushViewController(info.viewControllable.uiviewController, animated: true)
        }
      }
      """
    let views = """
      import RIBs
      final class DetailViewController: UIViewController, DetailPresentable, DetailViewControllable {}
      final class InfoViewController: UIViewController, InfoPresentable, InfoViewControllable {
        override func viewDidLoad() {
          super.viewDidLoad()
          navigationItem.setHidesBackButton(true, animated: false)
        }
      }
      """
    let swipeOff = """
      final class Navigation: UINavigationController {
        override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.isEnabled = false }
      }
      """
    #expect(
      try findingPlaces(
        ["List/ListRouter.swift": router, "Views/Views.swift": views + swipeOff],
        .attachWithoutDetach
      ).isEmpty)
    // The back-swipe turned back on: Info can be swiped away.
    let swipeOn = """
      final class Navigation: UINavigationController {
        override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.delegate = nil }
      }
      """
    #expect(
      try findingPlaces(
        ["List/ListRouter.swift": router, "Views/Views.swift": views + swipeOn],
        .attachWithoutDetach) == ["List/ListRouter.swift:18"])
  }

  @Test func quietWhenTheRouterDetachesAnywhere() throws {
    let folder = SourceFolder([
      "HomeRouter.swift":
        "final class HomeRouter: Router<HomeInteractor> { func go() { attachChild(x) } }\n",
      "HomeRouter+Routes.swift": "extension HomeRouter { func back() { detachChild(x) } }\n",
    ])
    var linter = Linter(configuration: LintConfiguration())
    linter.onlyRules = [Rule.attachWithoutDetach.id]
    #expect(try linter.lint(paths: [], workingDirectory: folder.path).findings.isEmpty)
  }

  /// A team's own helper on the framework's router (`extension ViewableRouter { func
  /// detachWhenClosed(child:) { … detachChild(child) } }`), in another file: a route calling it
  /// detaches what it attaches — one on a routing protocol, or calling another helper, from a
  /// `[weak self]` closure too. A helper that only presents detaches nothing, nor does one
  /// handed a bag nobody keeps (`disposedBy: DisposeBag()`, a local bag): its subscription ends
  /// at once. A router's own method of a helper's name is the one it calls.
  @Test func aRouteDetachingThroughTheTeamsRouterHelperDetaches() throws {
    let places = try findingPlaces(
      [
        "Tooling/Router+Detach.swift": """
        import RIBs
        extension ViewableRouter {
          func detachWhenClosed(child: ViewableRouting, disposedBy bag: DisposeBag) {
            child.viewControllable.uiviewController.closed
              .subscribe(onNext: { [weak self] in self?.detachChild(child) })
              .disposed(by: bag)
          }
          func presentModally(_ child: ViewableRouting) {
            viewControllable.uiviewController.present(child.viewControllable.uiviewController, animated: true)
          }
        }
        """,
        "Main/MainRouter.swift": """
        import RIBs
        final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable> {
          func routeToProfile() {
            let router = profileBuilder.build()
            attachChild(router)
            detachWhenClosed(child: router, disposedBy: disposeBag)
          }
        }
        """,
        "Profile/ProfileRouter.swift": """
        import RIBs
        final class ProfileRouter: ViewableRouter<ProfileInteractable, ProfileViewControllable> {
          func routeToEditor() {
            let router = editorBuilder.build()
            attachChild(router)
            detachWhenClosed(child: router, disposedBy: DisposeBag())
          }
        }
        """,
        "Tooling/Routing+Close.swift": """
        import RIBs
        extension ViewableRouting {
          func close(_ child: ViewableRouting) { forget(child) }
          func forget(_ child: ViewableRouting) { detachChild(child) }
        }
        """,
        "Help/HelpRouter.swift": """
        import RIBs
        final class HelpRouter: ViewableRouter<HelpInteractable, HelpViewControllable> {
          func routeToFAQ() {
            let router = faqBuilder.build()
            attachChild(router)
            router.onClose = { [weak self] in self?.close(router) }
          }
        }
        """,
        "Share/ShareRouter.swift": """
        import RIBs
        final class ShareRouter: ViewableRouter<ShareInteractable, ShareViewControllable> {
          func routeToSheet() {
            let router = sheetBuilder.build()
            attachChild(router)
            let bag = DisposeBag()
            detachWhenClosed(child: router, disposedBy: bag)
          }
        }
        """,
        "About/AboutRouter.swift": """
        import RIBs
        final class AboutRouter: ViewableRouter<AboutInteractable, AboutViewControllable> {
          func routeToLicenses() {
            let router = licensesBuilder.build()
            attachChild(router)
          }
          func routeBack() { close() }
          private func close() { viewController.popToRoot() }
        }
        """,
        "Settings/SettingsRouter.swift": """
        import RIBs
        final class SettingsRouter: ViewableRouter<SettingsInteractable, SettingsViewControllable> {
          func routeToAbout() {
            let router = aboutBuilder.build()
            attachChild(router)
            presentModally(router)
          }
        }
        """,
      ], .attachWithoutDetach)
    #expect(
      places.sorted() == [
        "About/AboutRouter.swift:5", "Profile/ProfileRouter.swift:5",
        "Settings/SettingsRouter.swift:5", "Share/ShareRouter.swift:5",
      ], "\(places)")
  }

  /// A regression the review of the rules' port to one file each found.
  @Test func aRuleOffInOneFolderStillLearnsFromIt() throws {
    let folder = SourceFolder([
      "Sources/App/Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToDetail() {
          let router = detailBuilder.build()
          detail = router
          attachChild(router)
        }
      }
      """,
      "Sources/App/Legacy/HomeRouter+Detach.swift": """
      import RIBs
      extension HomeRouter { func routeBack() { detachChild(detail) } }
      """,
      "Sources/App/Legacy/.ribcage.yml": "rules:\n  attach-without-detach: off\n",
    ])
    let report = try Linter().lint(paths: [], workingDirectory: folder.path)
    #expect(!report.findings.contains { $0.rule == Rule.attachWithoutDetach.id })
  }
}

@Suite(.timeLimit(.minutes(10))) struct PermanentChildEvidenceTests {
  @Test func aRouteAskedForOnlyOnActivationOrGuardedByTheChildIsAttachedOnce() throws {
    let files = [
      "LoggedIn/LoggedInRouter.swift": """
      import RIBs
      final class LoggedInRouter: ViewableRouter<LoggedInInteractable, LoggedInViewControllable> {
        func attachMain() { attachChild(mainBuilder.build(withListener: interactor)) }
        func routeToList() {
          if listRouting != nil { return }
          let list = listBuilder.build(withListener: interactor)
          listRouting = list
          attachChild(list)
        }
      }
      """,
      "LoggedIn/LoggedInInteractor.swift": """
      import RIBs
      final class LoggedInInteractor: PresentableInteractor<LoggedInPresentable> {
        weak var router: LoggedInRouting?
        override func didBecomeActive() { super.didBecomeActive(); start() }
        private func start() { Task { [weak self] in await sync(); self?.router?.attachMain() } }
        func didTapList() { router?.routeToList() }
      }
      """,
      "Todo/TodoRouter.swift": """
      import RIBs
      final class TodoRouter: ViewableRouter<TodoInteractable, TodoViewControllable> {
        func attachDetail() { attachChild(detailBuilder.build(withListener: interactor)) }
      }
      """,
      "Todo/TodoInteractor.swift": """
      import RIBs
      final class TodoInteractor: PresentableInteractor<TodoPresentable> {
        weak var router: TodoRouting?
        override func didBecomeActive() { super.didBecomeActive(); router?.attachDetail() }
        func didTapCell() { router?.attachDetail() }
      }
      """,
    ]
    // The detail is asked for on activation and on every tap: it piles up.
    #expect(try findingPlaces(files, .attachWithoutDetach) == ["Todo/TodoRouter.swift:3"])
  }

  @Test func tabsAndChildrenAttachedAtLoadAreNotReported() throws {
    let source = """
      import RIBs
      final class TabBarRouter: ViewableRouter<TabBarInteractable, TabBarViewControllable> {
        override func didLoad() {
          super.didLoad()
          attachHome()
        }
        private func attachHome() { attachChild(home) }
        func attachTabs() {
          let tabs = [attachList(), attachSearch()]
          viewController.set(tabs)
        }
        private func attachList() -> ViewControllable { attachChild(list); return list.viewControllable }
        private func attachSearch() -> ViewControllable { attachChild(search); return search.viewControllable }
        func attachAll() { for child in children { attachChild(child) } }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }

  /// A router that takes its routes as one request (`request(.routeToFirst)`) calls each route
  /// from its own `case`: one route a request, not tabs set up together. Routes called from
  /// one case, or from a loop over the cases, are still tabs.
  @Test func routesDispatchedFromTheCasesOfOneRequestAreRoutesNotTabs() throws {
    let source = """
      import RIBs
      final class TutorialRouter: ViewableRouter<TutorialInteractable, ViewControllable> {
        func request(_ request: TutorialRequest) {
          switch request {
          case .first: routeToFirst()
          case .second: routeToSecond()
          }
        }
        private func routeToFirst() { let router = first.build(); firstRouter = router; attachChild(router) }
        private func routeToSecond() { let router = second.build(); secondRouter = router; attachChild(router) }
      }
      final class TabsRouter: ViewableRouter<TabsInteractable, ViewControllable> {
        func request(_ request: TabsRequest) {
          switch request {
          case .setUp:
            attachList()
            attachSearch()
          }
        }
        func setUpAll(_ tabs: [Tab]) {
          for tab in tabs {
            switch tab {
            case .news: attachNews()
            case .more: attachMore()
            }
          }
        }
        private func attachList() { attachChild(list) }
        private func attachSearch() { attachChild(search) }
        private func attachNews() { attachChild(news) }
        private func attachMore() { attachChild(more) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [9])
  }

  /// Tabs a request embeds on demand, each built and attached the first time only
  /// (`if profileRouter == nil { … }` on the property it keeps the child in): each is attached
  /// once, whatever the request. A check on another property stops nothing.
  @Test func aChildAttachedOnlyWhileItsPropertyIsNilIsAttachedOnce() throws {
    let source = """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToTab(_ tab: Tab) {
          switch tab {
          case .profile: routeToProfile()
          case .device: routeToDevice()
          }
        }
        func routeToProfile() {
          if self.profileRouter == nil {
            self.profileRouter = self.profileBuilder.build(withListener: self.interactor)
            self.attachChild(self.profileRouter!)
          }
          viewController.embed(profileRouter!.viewControllable)
        }
        func routeToDevice() {
          if account == nil {
            deviceRouter = deviceBuilder.build(withListener: interactor)
            attachChild(deviceRouter!)
          }
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [19])
  }

  /// The nil check stops a second attach only while the property stays set: a router that
  /// sets it back to nil without detaching attaches another child on the next route. `nil ==
  /// child`, and a nil check beside other conditions (`&&`, `,`), read the same.
  @Test func aNilCheckedChildTheRouterForgetsWithoutDetachingIsReported() throws {
    let source = """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToDetail() {
          if detailRouter == nil {
            let router = detailBuilder.build(withListener: interactor)
            detailRouter = router
            attachChild(router)
          }
        }
        func detachDetail() { viewController.pop(); detailRouter = nil }
        func routeToSettings() {
          if nil == settingsRouter, isLoggedIn { settingsRouter = settings.build(); attachChild(settingsRouter!) }
        }
        func routeToFeed() {
          if feedRouter == nil && isLoggedIn { feedRouter = feed.build(); attachChild(feedRouter!) }
        }
        func routeToMap() {
          if mapRouter == nil || isLoggedIn { mapRouter = map.build(); attachChild(mapRouter!) }
        }
        func detachSettings() {
          guard let settingsRouter else { return }
          detachChild(settingsRouter)
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [7, 18])
  }

  /// Tabs set up by one call and one chosen by a switch are attached together; so are those
  /// a `repeat` loop over the cases attaches.
  @Test func tabsAttachedBesideASwitchOrInARepeatLoopAreTabs() throws {
    let source = """
      import RIBs
      final class MainRouter: ViewableRouter<MainInteractable, MainViewControllable> {
        func attachTabs(for role: Role) {
          attachHome()
          switch role {
          case .seller: attachSellerTab()
          case .buyer: attachBuyerTab()
          }
        }
        func setUp(_ tabs: [Tab]) {
          var iterator = tabs.makeIterator()
          repeat {
            switch iterator.next() {
            case .news?: attachNews()
            default: attachMore()
            }
          } while iterator.hasMore
        }
        private func attachHome() { attachChild(homeBuilder.build(withListener: interactor)) }
        private func attachSellerTab() { attachChild(sellerBuilder.build(withListener: interactor)) }
        private func attachBuyerTab() { attachChild(buyerBuilder.build(withListener: interactor)) }
        private func attachNews() { attachChild(newsBuilder.build(withListener: interactor)) }
        private func attachMore() { attachChild(moreBuilder.build(withListener: interactor)) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }

  @Test func aChildAttachedOnARouteAndNeverDetachedIsReported() throws {
    let source = """
      import RIBs
      final class OffGameRouter: ViewableRouter<OffGameInteractable, OffGameViewControllable> {
        override func didLoad() { super.didLoad(); attachScoreBoard() }
        private func attachScoreBoard() { attachChild(scoreBoard) }
        func routeToDetail() { attachChild(detail) }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [5])
  }

  @Test func aRootAttachingItsChildOnceTheViewHasLoadedIsNoFinding() throws {
    let files = [
      "Start/StartViewController.swift": """
      import RIBs
      import UIKit
      protocol StartPresentableListener: AnyObject { func loadSettings() }
      final class StartViewController: UIViewController, StartPresentable, StartViewControllable {
        weak var listener: StartPresentableListener?
        override func viewDidLoad() {
          super.viewDidLoad()
          begin()
        }
        private func begin() { listener?.loadSettings() }
      }
      """,
      "Start/StartInteractor.swift": """
      import RIBs
      import RxSwift
      final class StartInteractor: PresentableInteractor<StartPresentable>, StartInteractable {
        weak var router: StartRouting?
        private let settings: SettingsLoading
        private let bag = DisposeBag()
      }
      extension StartInteractor: StartPresentableListener {
        func loadSettings() {
          settings.load().subscribe(onNext: { [weak self] _ in
            self?.router?.routeToHome()
          }).disposed(by: bag)
        }
      }
      """,
      "Start/StartRouter.swift": """
      import RIBs
      final class StartRouter: LaunchRouter<StartInteractable, StartViewControllable>, StartRouting {
        private let homeBuilder: HomeBuildable
        func routeToHome() { showHome() }
        private func showHome() {
          let home = homeBuilder.build(withListener: interactor)
          attachChild(home)
        }
      }
      """,
      "Menu/MenuViewController.swift": """
      import RIBs
      import UIKit
      protocol MenuPresentableListener: AnyObject { func openDetail() }
      final class MenuViewController: UIViewController, MenuPresentable, MenuViewControllable {
        weak var listener: MenuPresentableListener?
        override func viewDidLoad() { super.viewDidLoad() }
        @objc private func didTapDetail() { listener?.openDetail() }
      }
      """,
      "Menu/MenuInteractor.swift": """
      import RIBs
      final class MenuInteractor: PresentableInteractor<MenuPresentable>, MenuInteractable,
        MenuPresentableListener
      {
        weak var router: MenuRouting?
        func openDetail() { router?.routeToDetail() }
      }
      """,
      "Menu/MenuRouter.swift": """
      import RIBs
      final class MenuRouter: ViewableRouter<MenuInteractable, MenuViewControllable>, MenuRouting {
        private let detailBuilder: DetailBuildable
        func routeToDetail() {
          attachChild(detailBuilder.build(withListener: interactor))
        }
      }
      """,
    ]
    #expect(try findingPlaces(files, .attachWithoutDetach) == ["Menu/MenuRouter.swift:5"])
  }
}

/// Two types with one name in two modules are two types.
@Suite(.timeLimit(.minutes(10))) struct ModuleIdentityTests {
  @Test func twoRoutersWithOneNameInTwoTargetsStayTwo() throws {
    let files = [
      "Modules/Feed/Sources/Feed/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: Router<HomeInteractable> {
        func routeToPost() { attachChild(post) }
      }
      """,
      "Modules/Shop/Sources/Shop/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: Router<HomeInteractable> {
        func routeToCart() { attachChild(cart) }
        func routeBack() { detachChild(cart) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .attachWithoutDetach) == [
        "Modules/Feed/Sources/Feed/HomeRouter.swift:3"
      ])
  }
}

/// A router that detaches some children but attaches one it keeps nowhere: no `detachChild`
/// can reach that child (a pattern seen in a public app, rewritten here).
@Suite(.timeLimit(.minutes(10))) struct UnkeptChildTests {
  @Test func aChildBuiltIntoALocalAndDroppedIsReported() throws {
    let source = """
      final class NicknameRouter: ViewableRouter<NicknameInteractable, NicknameViewControllable> {
        private var homeRouter: ViewableRouting?
        func attachHome() {
          guard homeRouter == nil else { return }
          let router = homeBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.present(router.viewControllable)
        }
        func attachShare() { attachChild(try shareBuilder.build(withListener: interactor)) }
        func detachHome() {
          guard let router = homeRouter else { return }
          detachChild(router)
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [6, 9])
  }

  @Test func aChildKeptInAPropertyAListOrHandedOnIsNotReported() throws {
    let source = """
      final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable> {
        private var detail: ViewableRouting?
        private var stack: [ViewableRouting] = []
        func routeToDetail() {
          let router = detailBuilder.build(withListener: interactor)
          detail = router
          attachChild(router)
        }
        func routeToPhoto() {
          let (router, _) = photoBuilder.build(withListener: interactor)
          attachChild(router)
          stack.append(router)
        }
        func routeToMap() {
          let router = mapBuilder.build(withListener: interactor)
          attachChild(router)
          push(router)
        }
        func routeToCached() {
          guard let router = detail else { return }
          attachChild(router)
        }
        func attach(_ router: ViewableRouting) { attachChild(router) }
        func routeBack() {
          guard let detail else { return }
          detachChild(detail)
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }

  @Test func aRouterThatDetachesFromItsChildrenOrAttachesOnceIsNotReported() throws {
    let source = """
      final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable> {
        override func didLoad() {
          super.didLoad()
          attachChild(headerBuilder.build(withListener: interactor))
        }
        func routeToItem() {
          let router = itemBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.push(router.viewControllable)
        }
        func routeBack() {
          guard let last = children.last else { return }
          detachChild(last)
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }

  @Test func detachChildHandedOnAsAFunctionDetaches() throws {
    let source = """
      final class ListRouter: ViewableRouter<ListInteractable, ListViewControllable> {
        func routeToItem() {
          let router = itemBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.push(router.viewControllable)
        }
        func routeBack() { children.forEach(detachChild(_:)) }
      }
      final class GridRouter: ViewableRouter<GridInteractable, GridViewControllable> {
        func routeToItem() {
          let router = itemBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.push(router.viewControllable)
        }
        func routeBack() { children.forEach(self.detachChild) }
      }
      final class FeedRouter: ViewableRouter<FeedInteractable, FeedViewControllable> {
        func routeToStory() {
          let story = storyBuilder.build(withListener: interactor)
          attachChild(story)
          viewController.present(story.viewControllable)
          viewController.onSwipeDown(detachChild)
        }
      }
      """
    // A handler registered with the view may never run: only iterating children detaches.
    #expect(try lines(source, .attachWithoutDetach) == [20])
  }

  /// Apps that give each RIB a module and name its parts plainly (`Router`, `Interactor`): the
  /// root's route asked for on activation is still asked once.
  @Test func plainlyNamedPartsInTheirOwnModuleAreOneRIB() throws {
    let files = [
      "Sources/App/Router.swift": """
      import RIBs
      final class Router: LaunchRouter<Interactable, ViewControllable>, Routing {
        func routeToMain() {
          let router = mainBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.push(router.viewControllable)
        }
      }
      """,
      "Sources/App/Interactor.swift": """
      import RIBs
      final class Interactor: PresentableInteractor<Presentable>, Interactable {
        weak var router: Routing?
        override func didBecomeActive() { router?.routeToMain() }
      }
      """,
      "Sources/Main/Router.swift": """
      import RIBs
      final class Router: ViewableRouter<Interactable, ViewControllable>, Routing {
        func routeToDetail() {
          let router = detailBuilder.build(withListener: interactor)
          attachChild(router)
          viewController.push(router.viewControllable)
        }
      }
      """,
      "Sources/Main/Interactor.swift": """
      import RIBs
      final class Interactor: PresentableInteractor<Presentable>, Interactable {
        weak var router: Routing?
        func didSelect() { router?.routeToDetail() }
      }
      """,
    ]
    #expect(try findingPlaces(files, .attachWithoutDetach) == ["Sources/Main/Router.swift:5"])
  }

  @Test func aRouteThatReplacesOneChildWithTheNextForGoodIsNotReported() throws {
    let source = """
      final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable> {
        private var loggedOut: ViewableRouting?
        func routeToLoggedIn(userName: String) {
          if let loggedOut {
            detachChild(loggedOut)
            self.loggedOut = nil
          }
          attachChild(loggedInBuilder.build(withListener: interactor, userName: userName))
        }
        func routeToSignUp() {
          dismissCurrentChild()
          attachChild(signUpBuilder.build(withListener: interactor))
        }
        private func dismissCurrentChild() {
          if let loggedOut { detachChild(loggedOut) }
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }
}

/// A router that detaches some children, keeping another in a property that nothing ever
/// detaches: signing out routes back to the sign-in screen with the old home still attached, and
/// signing in again attaches a second one over it.
@Suite(.timeLimit(.minutes(10))) struct StoredChildNeverDetachedTests {
  @Test func aChildKeptInAPropertyNothingDetachesIsReported() throws {
    let source = """
      import RIBs
      final class AppRouter: LaunchRouter<AppInteractable, AppViewControllable>, AppRouting {
        private var signInRouter: ViewableRouting?
        private var homeRouter: ViewableRouting?
        func showSignIn() {
          let router = signInBuilder.build(withListener: interactor)
          viewController.show(router.viewControllable)
          attachChild(router)
          signInRouter = router
        }
        func hideSignIn() {
          guard let router = signInRouter else { return }
          detachChild(router)
          signInRouter = nil
        }
        func showHome() {
          let router = homeBuilder.build(withListener: interactor)
          viewController.show(router.viewControllable)
          attachChild(router)
          self.homeRouter = router
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach) == [19])
  }

  @Test func aChildDetachedThroughAHelperOrReplacedInPlaceIsNot() throws {
    let source = """
      import RIBs
      final class AppRouter: LaunchRouter<AppInteractable, AppViewControllable>, AppRouting {
        private var signInRouter: ViewableRouting?
        private var homeRouter: ViewableRouting?
        private var current: ViewableRouting?
        func showSignIn() {
          let router = signInBuilder.build(withListener: interactor)
          attachChild(router)
          signInRouter = router
        }
        func hideSignIn() {
          if let signInRouter { detachChild(signInRouter) }
          signInRouter = nil
        }
        func showHome() {
          if let homeRouter { detachChild(homeRouter) }
          let router = homeBuilder.build(withListener: interactor)
          attachChild(router)
          homeRouter = router
        }
        func showSettings() {
          leaveCurrent()
          let router = settingsBuilder.build(withListener: interactor)
          attachChild(router)
          current = router
        }
        private func leaveCurrent() {
          guard let current else { return }
          detachChild(current)
        }
      }
      """
    #expect(try lines(source, .attachWithoutDetach).isEmpty)
  }
}
