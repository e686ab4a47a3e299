import Foundation
import RibcageSwiftUI
import RidesiOSCore
import SwiftUI

/// Rides on the iPhone: the same RIBs as the terminal (RidesKit), drawn by `IOSViews`. The tree
/// launches into a `SwiftUILaunchHost`; `rides://…` links arrive through `onOpenURL`; the launch
/// argument `--inspect URL` (or `RIBCAGE_INSPECT`) streams the session to `ribcage inspect`.
@main
struct RidesApp: App {
  @State private var host = SwiftUILaunchHost()
  @State private var session: RidesSession

  init() {
    let composition = ScreenComposition()
    let session = RidesSession(views: IOSViews(composition: composition))
    composition.follow(session.root)
    do {
      let options = try LaunchOptions(
        arguments: ProcessInfo.processInfo.arguments,
        environment: ProcessInfo.processInfo.environment)
      if let url = options.inspectURL { _ = try session.inspect(url) }
    } catch {
      print("Rides: \(error)")  // the app runs without the inspector
    }
    _session = State(initialValue: session)
  }

  var body: some Scene {
    WindowGroup {
      VStack {
        if let message = session.lastLinkMessage { Text(message) }
        RibcageRootView(host: host)
      }
      .onAppear { session.launch(from: host) }
      .onOpenURL { url in session.open(url.absoluteString) }
    }
  }
}
