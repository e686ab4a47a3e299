// The Confirm screen's presenter and state, for docs/guide.md's SwiftUI excerpt.
// @include rides
import RibcageSwiftUI
import SwiftUI

struct ConfirmViewModel: Sendable, Equatable, Codable {
  var title: String
  var price: String
}

@MainActor protocol ConfirmViewListener: AnyObject { func didTapConfirm() }

struct ConfirmPresenter: Presenter {
  func present(_ state: RequestState) -> ConfirmViewModel {
    ConfirmViewModel(title: "Confirm \(state.product)", price: state.price.map { "$\($0)" } ?? "…")
  }
}
