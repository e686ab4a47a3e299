import Ribcage
import RibcageTesting
import Testing

// A two-level DI graph in the uber/RIBs style: the child's dependency protocol is satisfied by the
// parent's component through conformance, so leaving `api` out of ParentComponent would not compile.

@MainActor
final class APIClient {}

@MainActor
final class TripService {
  let api: APIClient
  init(api: APIClient) { self.api = api }
}

@MainActor
protocol ParentDependency: Dependency {
  var api: APIClient { get }
}

@MainActor
final class AppComponent: EmptyComponent, ParentDependency {
  let api = APIClient()
}

@MainActor
final class ParentComponent: Component<any ParentDependency> {
  var tripService: TripService { shared { TripService(api: dependency.api) } }
  var otherTripService: TripService { shared { TripService(api: dependency.api) } }
  var unsharedTripService: TripService { TripService(api: dependency.api) }
}

@MainActor
protocol ChildDependency: Dependency {
  var tripService: TripService { get }
}

extension ParentComponent: ChildDependency {}

@MainActor
final class ChildComponent: Component<any ChildDependency> {}

@MainActor
final class ChildBuilder: Builder<any ChildDependency> {
  func build() -> NodeRouter {
    let component = ChildComponent(dependency: dependency)
    _ = component.dependency.tripService
    return NodeRouter()
  }
}

@MainActor
final class FreshComponentBuilder: SimpleComponentizedBuilder<ParentComponent, NodeRouter> {
  var components: [ParentComponent] = []
  override func build(with component: ParentComponent) -> NodeRouter {
    components.append(component)
    return NodeRouter()
  }
}

@MainActor
final class TripBuilder: ComponentizedBuilder<ParentComponent, NodeRouter, String, Int> {
  var received: [(String, ParentComponent)] = []
  override func build(with component: ParentComponent, _ dynamicBuildDependency: String)
    -> NodeRouter
  {
    received.append((dynamicBuildDependency, component))
    return NodeRouter()
  }
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComponentTests {
  @Test func sharedReturnsOneInstancePerComponentAndCallSite() {
    let component = ParentComponent(dependency: AppComponent())
    #expect(component.tripService === component.tripService)
    #expect(component.unsharedTripService !== component.unsharedTripService)
  }

  @Test func differentCallSitesAreDifferentInstances() {
    let component = ParentComponent(dependency: AppComponent())
    #expect(component.tripService !== component.otherTripService)
  }

  @Test func differentComponentsHaveTheirOwnInstances() {
    let app = AppComponent()
    let first = ParentComponent(dependency: app)
    let second = ParentComponent(dependency: app)
    #expect(first.tripService !== second.tripService)
    #expect(first.tripService.api === second.tripService.api)
  }

  @Test func childReachesTheParentsSharedInstanceThroughItsDependency() {
    let parent = ParentComponent(dependency: AppComponent())
    let child = ChildComponent(dependency: parent)
    #expect(child.dependency.tripService === parent.tripService)
    _ = ChildBuilder(dependency: parent).build()
  }

  @Test func componentizedBuilderMakesAFreshComponentPerBuild() {
    let app = AppComponent()
    let builder = FreshComponentBuilder { ParentComponent(dependency: app) }
    _ = builder.build()
    _ = builder.build()
    #expect(builder.components.count == 2)
    #expect(builder.components[0] !== builder.components[1])
  }

  @Test func componentizedBuilderPassesDynamicDependencies() {
    let app = AppComponent()
    var componentArguments: [Int] = []
    let builder = TripBuilder { number in
      componentArguments.append(number)
      return ParentComponent(dependency: app)
    }
    let (component, _) =
      builder.build(withDynamicBuildDependency: "trip-42", dynamicComponentDependency: 7)
      as (ParentComponent, NodeRouter)
    #expect(componentArguments == [7])
    #expect(builder.received.map(\.0) == ["trip-42"])
    #expect(builder.received[0].1 === component)
  }

  @Test func componentizedBuilderReportsAReusedComponent() {
    let recorder = DiagnosticsRecorder()
    let reused = ParentComponent(dependency: AppComponent())
    let builder = FreshComponentBuilder(diagnostics: recorder.handler) { reused }
    _ = builder.build()
    #expect(recorder.kinds.isEmpty)
    _ = builder.build()
    #expect(recorder.kinds == [.componentReused])
  }
}
