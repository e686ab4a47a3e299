import Ribcage
import RibcageTesting
import Testing

/// A launch host given a root view of a kind it cannot install stops with a message naming both
/// kinds instead of failing later somewhere else.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct LaunchHostTests {
  @Test func aLaunchHostGivenARootViewOfTheWrongKindStopsWithAMessage() async {
    let host = TypedLaunchHost()
    host.install(rootView: TypedRootView())
    #expect(host.installed != nil)
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        TypedLaunchHost().install(rootView: FakeView())
      }
    }
  }
}

@MainActor
private final class TypedRootView: ViewControllable {}

@MainActor
private final class TypedLaunchHost: LaunchHost {
  var installed: TypedRootView?
  func install(rootView: any ViewControllable) {
    installed = requireRootView(rootView, as: TypedRootView.self)
  }
}
