// The Request RIB's parts a UIKit router excerpt uses without declaring them.
import Ribcage
import RibcageUIKit
import UIKit

@MainActor protocol RequestInteractable: Interactable, ConfirmListener {}
@MainActor protocol ConfirmListener: AnyObject {}

@MainActor final class RequestInteractor: Interactor, RequestInteractable, ConfirmListener {}
@MainActor final class RequestViewController: UIViewController {
  let mapContainer = UIView()
}

@MainActor final class ConfirmInteractor: Interactor, Interactable {}
@MainActor final class ConfirmViewController: UIViewController {}

@MainActor final class ConfirmBuilder {
  func build(withListener listener: any ConfirmListener) -> any ViewableRouting {
    ViewableRouter(interactor: ConfirmInteractor(), viewController: ConfirmViewController())
  }
}

extension RequestRouter {
  var confirmBuilder: ConfirmBuilder { ConfirmBuilder() }
}
