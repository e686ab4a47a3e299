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
