// The Confirm screen's contracts and state, for excerpts of its presenter and interactor.
// @include rides

struct ConfirmViewModel: Sendable, Equatable, Codable {
  var title: String
  var price: String
}

@MainActor protocol ConfirmViewListener: AnyObject { func didTapConfirm() }
@MainActor protocol ConfirmInteractable: Interactable {}

@MainActor final class ConfirmView: Rendering {
  weak var listener: (any ConfirmViewListener)?
  func render(_ viewModel: ConfirmViewModel) {}
}
