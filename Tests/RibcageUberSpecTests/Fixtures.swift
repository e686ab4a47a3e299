import Ribcage
import RibcageTesting

// Written for this target: uber/RIBs-style fixtures (a presenter protocol, a work item that can
// be cancelled, components and builders), with Ribcage's test doubles standing in for the
// generated protocol mocks.

@MainActor
protocol ScorePresentable: Presentable {
  func show(score: Int)
}

@MainActor
final class ScorePresentableMock: ViewControllableMock, ScorePresentable {
  var shownScores: [Int] = []
  func show(score: Int) { shownScores.append(score) }
}

@MainActor
final class ScoreInteractor: PresentableInteractor<ScorePresentable>, Interactable {
  var didBecomeActiveCount = 0
  var willResignActiveCount = 0

  override func didBecomeActive() {
    super.didBecomeActive()
    didBecomeActiveCount += 1
    presenter.show(score: 3)
  }

  override func willResignActive() {
    super.willResignActive()
    willResignActiveCount += 1
  }
}

/// Work that counts its cancellations (uber's tests use a `Disposable` they can observe).
@MainActor
final class CountingWork: CancellableWork {
  private(set) var cancelCount = 0
  func cancel() { cancelCount += 1 }
}

@MainActor
final class SpecRootRouter: LaunchRouter<InteractableMock, ViewControllableMock> {}

@MainActor
protocol SpecDependency: Dependency {
  var name: String { get }
}

@MainActor
final class SpecParentComponent: EmptyComponent, SpecDependency {
  let name = "parent"
}

@MainActor
final class SpecComponent: Component<SpecDependency> {
  var service: ServiceObject { shared { ServiceObject() } }
  var optionalService: ServiceObject? {
    shared {
      optionalFactoryCalls += 1
      return nil
    }
  }
  private(set) var optionalFactoryCalls = 0
}

@MainActor
final class ServiceObject {}
