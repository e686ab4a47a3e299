import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Pending, Matched, OnTrip and DroppedOff differ only in their view model: one screen draws each
/// from its summary (`ScreenModel.screen`) and offers the stage's actions, `cancel` or `done`.
struct TripStageScreen<ViewModel: ScreenModel>: View {
  let viewModel: ViewModel
  let store: ViewModelStore<ViewModel?, any TripScreenViewListener>

  var body: some View {
    ForEach(viewModel.screen.lines, id: \.self) { line in Text(line) }
    if viewModel.screen.verbs.contains("cancel") {
      Button("Cancel the trip") { store.send { $0.didTapCancel() } }
    }
    if viewModel.screen.verbs.contains("done") {
      Button("Done") { store.send { $0.didTapDone() } }
    }
  }
}
