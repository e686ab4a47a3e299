import RibcageLint
import Testing

/// `stream-written-outside-service` and a stream handed to an interactor's initializer: its own
/// when every call building the interactor makes it on the spot, the parent's otherwise.
@Suite(.timeLimit(.minutes(10))) struct StreamFreshArgumentTests {
  static func interactor(_ name: String) -> String {
    """
    import RIBs
    import RxRelay
    final class \(name)Interactor: PresentableInteractor<\(name)Presentable> {
      private let state: BehaviorRelay<\(name)State>
      init(initialState: BehaviorRelay<\(name)State>, presenter: \(name)Presentable) {
        self.state = initialState
        super.init(presenter: presenter)
      }
      func select(_ index: Int) {
        var next = state.value
        next.selected = index
        state.accept(next)
      }
    }
    """
  }

  @Test func aStreamTheBuilderMakesForItsOwnInteractorIsItsOwn() throws {
    let files = [
      "List/ListInteractor.swift": Self.interactor("List"),
      "List/ListBuilder.swift": """
      import RIBs
      final class ListBuilder: Builder<ListDependency>, ListBuildable {
        func build(withListener listener: ListListener) -> ListRouting {
          let viewController = ListViewController()
          let interactor = ListInteractor(
            initialState: .init(value: ListState()), presenter: viewController)
          return ListRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
      "Cart/CartInteractor.swift": Self.interactor("Cart"),
      "Cart/CartBuilder.swift": """
      import RIBs
      final class CartBuilder: Builder<CartDependency>, CartBuildable {
        func build(withListener listener: CartListener) -> CartRouting {
          let viewController = CartViewController()
          let interactor = CartInteractor(
            initialState: dependency.cartState, presenter: viewController)
          return CartRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
      // Made fresh here, handed the parent's there: not the interactor's own.
      "Pick/PickInteractor.swift": Self.interactor("Pick"),
      "Pick/PickBuilder.swift": """
      import RIBs
      final class PickBuilder: Builder<PickDependency>, PickBuildable {
        func build(fresh: Bool) -> PickRouting {
          let viewController = PickViewController()
          let interactor =
            fresh
            ? PickInteractor(initialState: BehaviorRelay(value: PickState()), presenter: viewController)
            : PickInteractor(initialState: dependency.pickState, presenter: viewController)
          return PickRouter(interactor: interactor, viewController: viewController)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService).sorted() == [
        "Cart/CartInteractor.swift:12", "Pick/PickInteractor.swift:12",
      ])
  }

  /// A relay the interactor makes itself, spelled `BehaviorRelay<Date>.init(value:)`, is its own.
  @Test func aStreamMadeWithASpecializedInitIsTheTypesOwn() throws {
    let source = """
      import RIBs
      import RxRelay
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        var param: BehaviorRelay<Date>
        var other: BehaviorRelay<Date>
        init(presenter: HomePresentable, other: BehaviorRelay<Date>) {
          self.param = BehaviorRelay<Date>.init(value: Date())
          self.other = other
          super.init(presenter: presenter)
        }
        func picked(_ date: Date) {
          param.accept(date)
          other.accept(date)
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [13])
  }
}
