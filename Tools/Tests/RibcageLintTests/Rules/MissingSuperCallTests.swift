import RibcageLint
import Testing

// `missing-super-call` (Sources/RibcageLint/Rules/MissingSuperCall.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct MissingSuperCallTests {
  @Test func firesOnOverridesWithoutSuper() throws {
    let source = """
      final class HomeInteractor: Interactor {
        override func didBecomeActive() { start() }
        override func willResignActive() { super.didBecomeActive() }
      }
      final class HomeRouter: Router<HomeInteractor> { override func didLoad() {} }
      final class TrackingWorker: Worker {
        override func didStart(_ scope: InteractorScope) {}
        override func didStop() { stopAll() }
      }
      """
    #expect(try lines(source, .missingSuperCall) == [2, 3, 5, 7, 8])
  }

  @Test func quietWhenSuperIsCalledOrNotAnOverride() throws {
    let source = """
      final class HomeInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          start()
        }
        override func willResignActive() { defer { super.willResignActive() }; stop() }
        func didLoad() {}
      }
      final class TrackingWorker: Worker {
        override func didStart(_ scope: InteractorScope) { super.didStart(scope) }
      }
      """
    #expect(try lines(source, .missingSuperCall).isEmpty)
  }
}

/// Skipping `super` matters only when the base class does work: uber/RIBs' hooks are empty,
/// an app's own base class and Ribcage's are not.
@Suite(.timeLimit(.minutes(10))) struct EffectfulSuperTests {
  @Test func skippingUberRIBsEmptyHooksIsNoFinding() throws {
    let source = """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        override func didBecomeActive() { start() }
        override func willResignActive() { stop() }
      }
      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        override func didLoad() { attach() }
      }
      """
    #expect(try lines(source, .missingSuperCall).isEmpty)
  }

  @Test func skippingAnAppBaseThatDoesWorkIsReported() throws {
    let files = [
      "Base/BaseInteractor.swift": """
      import RIBs
      class BaseInteractor<P>: PresentableInteractor<P> {
        let bag = DisposeBag()
        override func didBecomeActive() {
          super.didBecomeActive()
          startTracking()
        }
        override func willResignActive() { super.willResignActive() }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: BaseInteractor<HomePresentable> {
        override func didBecomeActive() { load() }
        override func willResignActive() { stop() }
      }
      """,
      "Ribcage/TripInteractor.swift": """
      import Ribcage
      final class TripInteractor: Interactor {
        override func didBecomeActive() { load() }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .missingSuperCall).sorted() == [
        "Home/HomeInteractor.swift:3", "Ribcage/TripInteractor.swift:3",
      ])
  }
}
