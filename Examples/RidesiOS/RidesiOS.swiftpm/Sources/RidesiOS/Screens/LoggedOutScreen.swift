import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Before signing in: the cars nearby and a name to sign in with. Like every screen here, it
/// draws its view model and tells its listener what the rider did — nothing else.
struct LoggedOutScreen: View {
  let viewModel: LoggedOutViewModel
  let store: ViewModelStore<LoggedOutViewModel?, any LoggedOutViewListener>
  @State private var name = ""
  @State private var problem: String?

  var body: some View {
    Text("Cars near you: " + viewModel.nearby.joined(separator: " · "))
    TextField("Your name (alice owns trip 42)", text: $name)
    Button("Sign in") {
      store.send { listener in
        do { try listener.didEnterName(name) } catch { problem = "\(error)" }
      }
    }
    if let problem { Text(problem) }
  }
}
