import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Inside Confirm while the `coupons` flag is on: a code to apply.
struct CouponScreen: View {
  let viewModel: CouponViewModel
  let store: ViewModelStore<CouponViewModel?, any CouponViewListener>
  @State private var code = ""
  @State private var problem: String?

  var body: some View {
    Text(viewModel.coupon.map { "Using \($0)" } ?? "No coupon")
    TextField("Coupon code (SAVE5, HALFOFF)", text: $code)
    Button("Apply") {
      store.send { listener in
        do { try listener.didEnterCoupon(code) } catch { problem = "\(error)" }
      }
    }
    if let problem { Text(problem) }
  }
}
