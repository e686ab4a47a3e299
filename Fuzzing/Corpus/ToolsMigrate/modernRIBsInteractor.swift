import Combine
import ModernRIBs

final class GameInteractor: PresentableInteractor<GamePresentable>, GameInteractable {
  override func didBecomeActive() {
    super.didBecomeActive()
    scores.sink { [weak self] in self?.show($0) }.disposeOnDeactivate(interactor: self)
    ticks.sink { _ in }.cancelOnStop(worker)
  }
}
