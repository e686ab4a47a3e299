import RibcageLint
import Testing

/// Patterns the second round of issue 43 found on apps measured once and then tuned on, each in
/// fixtures of our own: what the rules got wrong, and the nearest shape that is a fault.
private func places(_ files: [String: String], _ rule: Rule) throws -> [String] {
  let folder = SourceFolder(files)
  var linter = Linter(configuration: LintConfiguration())
  linter.onlyRules = [rule.id]
  return try linter.lint(paths: [], workingDirectory: folder.path).findings.map {
    "\($0.path):\($0.line)"
  }
}

@Suite(.timeLimit(.minutes(10))) struct SourceThatMayCompleteTests {
  @Test func aStrongClosureOnARequestThatEndsIsAtMostAWarningAndOnAnEndlessStreamAnError() throws {
    let source = """
      import RIBs
      import RxSwift
      final class QuoteInteractor: PresentableInteractor<QuotePresentable> {
        private let quotes: QuoteFetching
        private let refresh = PublishRelay<Void>()
        private let disposeBag = DisposeBag()
        func load() {
          quotes.fetchLatest(limit: 10).subscribe(
            onNext: { [weak self] list in self?.presenter.show(list) },
            onDisposed: { self.presenter.hideSpinner() }
          ).disposed(by: disposeBag)
          quotes.fetchLatest(limit: 5).map { $0.count }.observe(on: MainScheduler.instance)
            .subscribe(onNext: { self.presenter.count($0) }).disposed(by: disposeBag)
          refresh.asObservable().subscribe(
            onNext: { [weak self] in self?.load() },
            onDisposed: { self.presenter.hideSpinner() }
          ).disposed(by: disposeBag)
        }
      }
      final class QuoteViewController: UIViewController, QuotePresentable {
        private let disposeBag = DisposeBag()
        private let picker = UISegmentedControl()
        func bind() {
          picker.rx.selectedSegmentIndex.subscribe(onNext: { _ in self.reload() })
            .disposed(by: disposeBag)
          NotificationCenter.default.rx.notification(.refresh).subscribe(onNext: { _ in
            self.reload()
          }).disposed(by: disposeBag)
        }
        func reload() {}
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // The request's `onDisposed:` runs (and is released) when the request ends: no finding; its
    // `onNext:` keeps the interactor until then: a warning. Relays and control events never end.
    #expect(found.map(\.line) == [13, 16, 24, 26])
    #expect(found.map(\.severity) == [.warning, .error, .error, .error])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ClosureSetBackToNilTests {
  @Test func aClosureOnSelfTheTypeSetsBackToNilIsAWarning() throws {
    let source = """
      import RIBs
      final class UploadInteractor: PresentableInteractor<UploadPresentable> {
        private var onDone: (() -> Void)?
        private var onFail: (() -> Void)?
        func start() {
          onDone = { self.finish() }
          onFail = { self.finish() }
        }
        private func finish() {
          onDone = nil
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    #expect(found.map(\.line) == [6, 7])
    #expect(found.map(\.severity) == [.warning, .error])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ChildForTheAppsLifeTests {
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
    #expect(try places(files, .attachWithoutDetach) == ["Menu/MenuRouter.swift:5"])
  }
}

@Suite(.timeLimit(.minutes(10))) struct SingletonByMeaningTests {
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
      try places(files, .globalState).sorted() == [
        "Settings/SettingsInteractor.swift:4", "Support/Preferences.swift:3",
      ])
  }
}

@Suite(.timeLimit(.minutes(10))) struct HandedDownRelayTests {
  @Test func aRelayHandedDownStoredPrivateAndWrittenInAnExtensionIsTheParents() throws {
    let source = """
      import RIBs
      import RxRelay
      final class PickerInteractor: PresentableInteractor<PickerPresentable>, PickerInteractable {
        private let picked: BehaviorRelay<[Int]>
        private let own = BehaviorRelay<[Int]>(value: [])
        init(presenter: PickerPresentable, picked: BehaviorRelay<[Int]>) {
          self.picked = picked
          super.init(presenter: presenter)
        }
      }
      extension PickerInteractor: PickerPresentableListener {
        func remove(_ id: Int) {
          picked.accept(picked.value.filter { $0 != id })
          own.accept([])
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [13])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewLoadsDataTests {
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
