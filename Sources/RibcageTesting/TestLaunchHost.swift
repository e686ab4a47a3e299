import Ribcage

/// A launch host that records what it was asked to show, for launching a tree in tests.
@MainActor
public final class TestLaunchHost: LaunchHost {
  /// The root view installed last.
  public private(set) var rootView: (any ViewControllable)?
  /// How many times a root view was installed.
  public private(set) var installCount = 0

  /// Creates an empty host.
  public init() {}

  public func install(rootView: any ViewControllable) {
    self.rootView = rootView
    installCount += 1
  }
}
