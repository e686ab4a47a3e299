import RibcageSwiftUI
import RidesKit
import SwiftUI

/// A sheet over Confirm: seats and a note, then the request. Pulled down, the RIB is detached.
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
