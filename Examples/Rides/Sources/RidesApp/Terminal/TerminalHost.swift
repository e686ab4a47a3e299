import Ribcage

/// The terminal as the root's launch host: the window is the terminal itself.
@MainActor
final class TerminalHost: LaunchHost {
  func install(rootView: any ViewControllable) {}
}
