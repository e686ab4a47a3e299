import RibcageLint
import Testing

/// `global-state` and property wrappers that resolve from a shared container: a service locator
/// behind an attribute.
@Suite(.timeLimit(.minutes(10))) struct GlobalStateWrapperTests {
  @Test func aWrapperResolvingFromASharedContainerIsALocator() throws {
    let files = [
      "App/DIContainer.swift": """
      import Foundation
      struct DIContainer {
        static var shared = Self()
        private var dependencies = [String: AnyObject]()
        func resolve<T>() -> T { dependencies["\\(T.self)"] as! T }
      }
      @propertyWrapper
      struct Injected<T> {
        var wrappedValue: T
        init() { wrappedValue = DIContainer.shared.resolve() }
      }
      @propertyWrapper
      struct Clamped {
        var wrappedValue: Int
        init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 10) }
      }
      """,
      "Route/RouteInteractor.swift": """
      import RIBs
      final class RouteInteractor: PresentableInteractor<RoutePresentable> {
        @Injected var routes: RouteUseCase
        @Clamped var zoom = 3
      }
      """,
      "Search/SearchInteractor.swift": """
      import RIBs
      import Resolver
      final class SearchInteractor: PresentableInteractor<SearchPresentable> {
        @LazyInjected var search: SearchService
      }
      """,
      "Plain/PlainInteractor.swift": """
      import RIBs
      final class PlainInteractor: PresentableInteractor<PlainPresentable> {
        @LazyInjected var search: SearchService
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Route/RouteInteractor.swift:3", "Search/SearchInteractor.swift:4",
      ])
  }
}
