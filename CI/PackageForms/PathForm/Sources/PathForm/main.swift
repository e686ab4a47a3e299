import Ribcage

// The smallest tree: a root launched into a host, printed. Proves the product resolves and links.
@MainActor final class Host: LaunchHost {
  func install(rootView: any ViewControllable) {}
}

@MainActor final class Screen: ViewControllable {}

let root = LaunchRouter(interactor: Interactor(), viewController: Screen())
root.launch(from: Host())
print("PathForm: " + root.snapshot().textRendering(), terminator: "")
