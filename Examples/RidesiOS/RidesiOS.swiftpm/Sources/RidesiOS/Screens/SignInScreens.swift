import RibcageSwiftUI
import RidesKit
import SwiftUI

// LoggedOut and Home: what the rider sees before and after signing in. Each screen draws its view
// model and tells its listener what the rider did — nothing else (the seeds' dumb views).

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

struct HomeScreen: View {
  let viewModel: HomeViewModel
  let store: ViewModelStore<HomeViewModel?, any HomeViewListener>

  var body: some View {
    Text("Hi \(viewModel.rider). Where to?")
    Text("Nearby: " + viewModel.nearby.joined(separator: " · "))
    Button("Request a ride") { store.send { $0.didTapRequest() } }
    Button("Sign out") { store.send { $0.didTapSignOut() } }
  }
}
