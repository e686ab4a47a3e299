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

  /// A regression the review of the rules' port to one file each found.
  @Test func aRuleOffInOneFolderStillLearnsFromIt() throws {
    let folder = SourceFolder([
      "Sources/App/Home/HomeRouter.swift": """
      import RIBs
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToDetail() { attachChild(detailBuilder.build()) }
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
}
