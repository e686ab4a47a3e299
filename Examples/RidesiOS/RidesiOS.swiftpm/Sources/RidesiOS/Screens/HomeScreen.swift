import RibcageSwiftUI
import RidesKit
import SwiftUI

/// Signed in: request a ride or sign out.
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
