// The Confirm RIB's contracts and state, for the SwiftUI excerpt of docs/Apple.md.
// @include rides
import RibcageUIKit

@MainActor protocol ConfirmViewControllable: ViewControllable {}
@MainActor protocol ConfirmInteractable: Interactable {
  var listener: (any ConfirmListener)? { get set }
}
@MainActor protocol ConfirmListener: AnyObject {}
@MainActor protocol ConfirmRouting: ViewableRouting {}
@MainActor protocol ConfirmDependency: Dependency {
  var requests: RequestService { get }
}
@MainActor protocol ConfirmBuildable: Buildable {
  func build(withListener listener: any ConfirmListener) -> any ConfirmRouting
}

extension ConfirmInteractor {
  var listener: (any ConfirmListener)? {
    get { nil }
    set {}
  }
}

@MainActor final class ConfirmRouter: ViewableRouter<ConfirmInteractor, ConfirmViewController>,
  ConfirmRouting
{}
