import RibcageSwiftUI
import RidesKit
import SwiftUI

// The request flow: the location editor (pushed over the window), Confirm (pushed over the
// editor) with Product selection, Card (UIKit) and the Coupon plugin drawn inside it, and the last
// details (a sheet over Confirm).

struct LocationEditorScreen: View {
  let viewModel: LocationEditorViewModel
  let store: ViewModelStore<LocationEditorViewModel?, any LocationEditorViewListener>
  @State private var problem: String?

  var body: some View {
    Text("Pickup: \(viewModel.pickup ?? "—")")
    Text("Destination: \(viewModel.destination ?? "—")")
    ForEach(viewModel.places, id: \.self) { place in
      Button("From \(place)") { enter { try $0.didEnterPickup(place) } }
      Button("To \(place)") { enter { try $0.didEnterDestination(place) } }
    }
    Button("Cancel") { store.send { $0.didTapCancel() } }
    if let problem { Text(problem) }
  }

  private func enter(_ action: @escaping (any LocationEditorViewListener) throws -> Void) {
    store.send { listener in
      do { try action(listener) } catch { problem = "\(error)" }
    }
  }
}

struct ConfirmScreen: View {
  let viewModel: ConfirmViewModel
  let store: ViewModelStore<ConfirmViewModel?, any ConfirmViewListener>

  var body: some View {
    Text("\(viewModel.route) · \(viewModel.product) · \(viewModel.fare) · \(viewModel.card)")
    if let coupon = viewModel.coupon { Text("Coupon \(coupon) applied") }
    Button("Confirm") { store.send { $0.didTapConfirm() } }
  }
}

struct ProductSelectionScreen: View {
  let viewModel: ProductSelectionViewModel
  let store: ViewModelStore<ProductSelectionViewModel?, any ProductSelectionViewListener>

  var body: some View {
    ForEach(viewModel.rows, id: \.id) { row in
      Button((row.isSelected ? "● " : "○ ") + row.text) {
        store.send { try? $0.didSelectProduct(row.id) }  // the rows are the products on offer
      }
    }
  }
}

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

struct RefinementScreen: View {
  let viewModel: RefinementViewModel
  let store: ViewModelStore<RefinementViewModel?, any RefinementViewListener>
  @State private var note = ""
  @State private var problem: String?

  var body: some View {
    Text("Seats: \(viewModel.seats) of \(viewModel.maxSeats)")
    Button("One seat more") { act { try $0.didEnterSeats("\(viewModel.seats + 1)") } }
    Button("One seat fewer") { act { try $0.didEnterSeats("\(viewModel.seats - 1)") } }
    TextField("A note for the driver", text: $note)
    Button("Save the note") { store.send { $0.didEnterNote(note) } }
    Button("Request") { act { try $0.didTapRequest() } }
    if let problem { Text(problem) }
  }

  private func act(_ action: @escaping (any RefinementViewListener) throws -> Void) {
    store.send { listener in
      do { try action(listener) } catch { problem = "\(error)" }
    }
  }
}
