import RIBs
import RxSwift

public class LaunchGameWorkflow: Workflow<RootActionableItem> {
  public init(url: URL) {
    super.init()
    onStep { root in root.waitForLogin() }
      .commit()
  }
}

final class ScorePresenter: Presenter<ScoreViewController> {}

final class ScoreInteractor: Interactor {
  override func didBecomeActive() {
    super.didBecomeActive()
    stream.subscribe(onNext: { _ in }).disposeOnDeactivate(interactor: self)
    LeakDetector.instance.expectDeallocate(object: self)
  }
}
