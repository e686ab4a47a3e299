import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Pushed over the window: pickup and destination among the city's places.
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
