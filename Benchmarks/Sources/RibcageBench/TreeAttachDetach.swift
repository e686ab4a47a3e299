import Ribcage

// MARK: Ribcage side: a RIB as an app would write it (router, interactor, component).

@MainActor
protocol BenchDependency: Dependency {}

@MainActor
final class BenchRootComponent: EmptyComponent, BenchDependency {}

@MainActor
final class BenchComponent: Component<any BenchDependency>, BenchDependency {}

@MainActor
final class BenchInteractor: Interactor, Interactable {
  var activations = 0
  override func didBecomeActive() { activations &+= 1 }
  override func willResignActive() { activations &-= 1 }
}

@MainActor
final class BenchRouter: Router<BenchInteractor> {
  let component: BenchComponent

  init(component: BenchComponent) {
    self.component = component
    super.init(interactor: BenchInteractor())
  }

  override func didLoad() {}
}

// MARK: Floor: plain classes doing the same pointer work by hand.

final class FloorComponent {
  let parent: AnyObject
  init(parent: AnyObject) { self.parent = parent }
}

class FloorInteractorBase {
  final var isActive = false
  func didBecomeActive() {}
  func willResignActive() {}
}

final class FloorInteractor: FloorInteractorBase {
  var activations = 0
  override func didBecomeActive() { activations &+= 1 }
  override func willResignActive() { activations &-= 1 }
}

class FloorRouterBase {
  final let interactor: FloorInteractorBase
  final var children: [FloorRouterBase] = []
  final unowned(unsafe) var parent: FloorRouterBase?
  final var isLoaded = false

  init(interactor: FloorInteractorBase) { self.interactor = interactor }

  func didLoad() {}

  final func attach(_ child: FloorRouterBase) {
    children.append(child)
    child.parent = self
    if interactor.isActive { child.activateSubtree() }
    if !child.isLoaded {
      child.isLoaded = true
      child.didLoad()
    }
  }

  final func detach(_ child: FloorRouterBase) {
    child.deactivateSubtree()
    if let index = children.firstIndex(where: { $0 === child }) { children.remove(at: index) }
    child.parent = nil
  }

  final func activateSubtree() {
    if !interactor.isActive {
      interactor.isActive = true
      interactor.didBecomeActive()
    }
    for child in children { child.activateSubtree() }
  }

  final func deactivateSubtree() {
    for child in children.reversed() { child.deactivateSubtree() }
    if interactor.isActive {
      interactor.willResignActive()
      interactor.isActive = false
    }
  }
}

final class FloorRouter: FloorRouterBase {
  let component: FloorComponent
  init(component: FloorComponent) {
    self.component = component
    super.init(interactor: FloorInteractor())
  }
  override func didLoad() {}
}

// MARK: The case

/// A root repeatedly attaches 10 children, each attaching 10 grandchildren, then detaches the
/// children; leak tracking on, swept after every round. Reported per node (110 per round).
@MainActor
enum TreeAttachDetach {
  static let children = 10
  static let grandchildren = 10
  static let nodesPerRound = children * (1 + grandchildren)

  /// An active Ribcage root with a manual-sweep leak detector, and an active floor root.
  static func makeRoots() -> (root: BenchRouter, detector: LeakDetector, floorRoot: FloorRouter) {
    let rootComponent = BenchRootComponent()
    let detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false)
    let root = BenchRouter(component: BenchComponent(dependency: rootComponent))
    root.context = TreeContext(diagnostics: .standard, leakDetector: detector)
    root.interactor.activate()
    root.load()
    let floorRoot = FloorRouter(component: FloorComponent(parent: rootComponent))
    floorRoot.interactor.isActive = true
    return (root, detector, floorRoot)
  }

  static func run() -> String {
    let (root, detector, floorRoot) = makeRoots()

    let roundsPerBatch = 200
    let measurement = Measurement(operationsPerRound: roundsPerBatch * nodesPerRound)
    var leaks = 0
    let comparison = measurement.compare(
      ribcage: {
        for _ in 0..<roundsPerBatch {
          for _ in 0..<children {
            let child = BenchRouter(component: BenchComponent(dependency: root.component))
            root.attachChild(child)
            for _ in 0..<grandchildren {
              child.attachChild(BenchRouter(component: BenchComponent(dependency: child.component)))
            }
          }
          while let child = root.children.last { root.detachChild(child) }
          leaks += detector.sweep().count
        }
      },
      floor: {
        for _ in 0..<roundsPerBatch {
          for _ in 0..<children {
            let child = FloorRouter(component: FloorComponent(parent: floorRoot.component))
            floorRoot.attach(child)
            for _ in 0..<grandchildren {
              child.attach(FloorRouter(component: FloorComponent(parent: child.component)))
            }
          }
          while let child = floorRoot.children.last { floorRoot.detach(child) }
        }
      })
    precondition(leaks == 0, "the benchmark tree leaked")
    precondition(root.interactor.activations == 1 && floorRoot.children.isEmpty)
    blackHole(floorRoot)
    return benchLine("tree-attach-detach", comparison)
  }
}
