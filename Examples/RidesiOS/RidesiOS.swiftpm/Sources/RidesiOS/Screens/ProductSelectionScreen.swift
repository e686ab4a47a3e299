import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Inside Confirm: the products on offer, the selected one marked.
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
