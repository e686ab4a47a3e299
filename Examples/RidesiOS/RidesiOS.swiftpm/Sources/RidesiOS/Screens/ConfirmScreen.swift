import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Pushed over the editor: the route, product, fare and card. Product selection, Card (UIKit)
/// and the Coupon plugin are drawn under it, inside this screen, while they are attached.
struct ConfirmScreen: View {
  let viewModel: ConfirmViewModel
  let store: ViewModelStore<ConfirmViewModel?, any ConfirmViewListener>

  var body: some View {
    Text("\(viewModel.route) · \(viewModel.product) · \(viewModel.fare) · \(viewModel.card)")
    if let coupon = viewModel.coupon { Text("Coupon \(coupon) applied") }
    Button("Confirm") { store.send { $0.didTapConfirm() } }
  }
}
