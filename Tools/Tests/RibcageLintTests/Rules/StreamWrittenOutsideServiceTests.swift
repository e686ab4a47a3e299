import RibcageLint
import Testing

// `stream-written-outside-service` (Sources/RibcageLint/Rules/StreamWrittenOutsideService.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct StreamWrittenOutsideServiceTests {
  @Test func firesOnWritesToStreamsOtherObjectsOwn() throws {
    let source = """
      import RIBs
      final class PaymentInteractor: PresentableInteractor<PaymentPresentable> {
        let dependency: PaymentDependency
        let relay: BehaviorRelay<Int>
        init(dependency: PaymentDependency, relay: BehaviorRelay<Int>) { self.relay = relay }
        func tap() {
          dependency.paymentStream.send(1)
          dependency.selectedItem.send(item)
          sharedMutableStream.option.onNext(2)
          self.relay.accept(3)
          dependency.paymentStream.on(.next(4))
          dependency.paymentStream.onError(error)
          source.bind(to: dependency.paymentStream)
          source.drive(sharedState.relay)
          relay.value = 5
        }
      }
      """
    #expect(
      try lines(source, .streamWrittenOutsideService) == [7, 8, 9, 10, 11, 12, 13, 14, 15])
  }

  @Test func quietForAStreamItsOwnerWrites() throws {
    let source = """
      import RIBs
      final class MovieInteractor: PresentableInteractor<MoviePresentable> {
        private let isLoading = BehaviorRelay(value: false)
        let movies: BehaviorRelay<[Movie]>
        init() { self.movies = BehaviorRelay(value: []) }
        func load() {
          isLoading.accept(true)
          movies.accept([])
          self.isLoading.on(.next(false))
          relay.on(someEvent)
        }
      }
      final class HomeViewController: UIViewController, HomePresentable {
        let viewWillAppear = PublishRelay<Void>()
        let closeTap = PublishRelay<Void>()
        override func viewWillAppear(_ animated: Bool) { viewWillAppear.accept(()) }
        func bind() { button.rx.tap.bind(to: listener.action) }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
  }

  @Test func quietInServicesAndForOtherSends() throws {
    let source = """
      final class TripService {
        private let state = MutableStateStream(0)
        func tap() { state.send(1) }
      }
      final class TripInteractor: Interactor {
        func tap() { trips.tap(); mailer.send(1); state.value }
        let mailer: Mailer
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
  }

  /// A regression the review of the rules' port to one file each found.
  @Test func aWriteIntoAnInteractorTypedByItsProtocolIsReported() throws {
    let source = """
      import RIBs
      final class HomePresenter: Presenter<HomeViewControllable> {
        private let interactor: HomeInteractable
        func tap() { interactor.selectionRelay.accept(1) }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [4])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ViewWritesListenerStreamTests {
  @Test func aViewWritingARelayItsListenerOwnsIsReported() throws {
    let source = """
      import RIBs
      protocol CardPresentableListener: AnyObject { var selection: PublishRelay<Int> { get } }
      final class CardViewController: UIViewController, CardPresentable {
        weak var listener: CardPresentableListener?
        let tapped = PublishRelay<Void>()
        func select(_ row: Int) { listener?.selection.accept(row) }
        func bind() {
          tableView.rx.itemSelected.map(\\.row).bind(to: listener!.selection).disposed(by: bag)
          button.rx.tap.bind(to: tapped).disposed(by: bag)
          button.rx.tap.map { .refresh }.bind(to: listener!.action).disposed(by: bag)
        }
      }
      final class CardDetailsInteractor: Interactor {
        weak var listener: CardDetailsListener?
        func back() { listener?.previousRelay.accept(()) }
      }
      """
    // Its own relay, and a ReactorKit reactor's `action` (its designed input), are not.
    #expect(try lines(source, .streamWrittenOutsideService) == [6, 8, 15])
  }

  /// A view sending its listener the user's actions, through a subject of the app's action
  /// enum that keeps no value (`PublishSubject<BoardAction>`), uses the listener's designed
  /// input; writing a value the listener keeps (a `BehaviorRelay`), a plain value or an enum
  /// that is no action through an event relay, or a subject whose type the protocol does not
  /// say, is still reported; and an
  /// interactor writing its parent's action subject is a child writing its parent's stream.
  @Test func aViewSendingItsListenerActionsThroughAnEventSubjectIsItsInput() throws {
    let files = [
      "Board/BoardViewController.swift": """
      import RIBs
      protocol BoardPresentableListener: AnyObject {
        var viewActions: PublishSubject<BoardAction> { get }
        var query: BehaviorRelay<BoardAction?> { get }
        var typed: PublishRelay<String> { get }
        var picked: PublishRelay<Row> { get }
      }
      final class BoardViewController: UIViewController, BoardPresentable {
        weak var listener: BoardPresentableListener?
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          listener?.viewActions.on(.next(.reload))
          listener?.query.accept(.reload)
          listener?.typed.accept("a")
          listener?.others.onNext(.reload)
        }
        func tap(_ id: Int) { self.listener?.viewActions.onNext(.open(id: id)) }
        func pick(_ row: Row) { listener?.picked.accept(row) }
      }
      """,
      "Board/BoardAction.swift": """
      enum BoardAction { case reload, open(id: Int) }
      enum Row { case board(id: Int), ad }
      """,
      "Pin/PinInteractor.swift": """
      import RIBs
      protocol PinListener: AnyObject { var viewActions: PublishSubject<BoardAction> { get } }
      final class PinInteractor: Interactor {
        weak var listener: PinListener?
        func done() { listener?.viewActions.onNext(.reload) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService).sorted() == [
        "Board/BoardViewController.swift:13", "Board/BoardViewController.swift:14",
        "Board/BoardViewController.swift:15", "Board/BoardViewController.swift:18",
        "Pin/PinInteractor.swift:5",
      ])
  }

  /// A view ending its listener's action subject (an error, a completion, or binding a stream
  /// that ends at once to it) ends the listener's input for every later view: no action sent,
  /// still reported. Sending a value, or binding a button's taps, is the input.
  @Test func aViewEndingItsListenersActionSubjectIsReported() throws {
    let files = [
      "Cart/CartViewController.swift": """
      import RIBs
      protocol CartPresentableListener: AnyObject {
        var actions: PublishSubject<CartAction> { get }
        var eventStream: PassthroughSubject<CartEvent, Never> { get }
      }
      final class CartViewController: UIViewController, CartPresentable {
        weak var listener: CartPresentableListener?
        override func viewDidLoad() {
          guard let listener else { return }
          Observable.just(CartAction.load).bind(to: listener.actions).disposed(by: bag)
          listener.actions.onNext(.load)
          listener.eventStream.send(.shown)
          button.rx.tap.map { CartAction.load }.bind(to: listener.actions).disposed(by: bag)
        }
        func failed(_ error: Error) { listener?.actions.onError(error) }
        func closed() { listener?.eventStream.send(completion: .finished) }
        deinit { listener?.actions.onCompleted() }
      }
      enum CartAction { case load }
      enum CartEvent { case shown }
      """
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService).sorted() == [
        "Cart/CartViewController.swift:10", "Cart/CartViewController.swift:15",
        "Cart/CartViewController.swift:16", "Cart/CartViewController.swift:17",
      ])
  }

  /// Modules that name their parts plainly each have their own `PresentableListener`: a
  /// view's write is judged by its own module's protocol, not by another's of the same name.
  @Test func eachModulesListenerProtocolJudgesItsOwnViews() throws {
    let files = [
      "Sources/Feed/FeedViewController.swift": """
      import RIBs
      enum FeedViewEvent { case refresh }
      protocol PresentableListener: AnyObject { var viewEvents: PublishSubject<FeedViewEvent> { get } }
      final class FeedViewController: UIViewController, FeedPresentable {
        weak var listener: PresentableListener?
        func refresh() { listener?.viewEvents.onNext(.refresh) }
      }
      """,
      "Sources/Wallet/WalletViewController.swift": """
      import RIBs
      enum WalletViewEvent { case loading, loaded(balance: Int) }
      protocol PresentableListener: AnyObject { var viewEvents: BehaviorRelay<WalletViewEvent> { get } }
      final class WalletViewController: UIViewController, WalletPresentable {
        weak var listener: PresentableListener?
        func show(_ balance: Int) { listener?.viewEvents.accept(.loaded(balance: balance)) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService).sorted() == [
        "Sources/Wallet/WalletViewController.swift:6"
      ])
  }

  @Test func aViewWritingItsListenersRelayThroughSelfReboundIsReported() throws {
    let source = """
      import RIBs
      protocol BoardPresentableListener: AnyObject { var boards: BehaviorRelay<[Int]> { get } }
      final class BoardViewController: UIViewController, BoardPresentable {
        weak var listener: BoardPresentableListener?
        func configure(_ cell: BoardCell, at row: Int) {
          cell.onTap = { [weak self] in
            guard let this = self else { return }
            var boards = this.listener?.boards.value ?? []
            boards.remove(at: row)
            this.listener?.boards.accept(boards)
          }
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [10])
  }

  @Test func aPresenterFeedingItsRIBInteractorsRelayIsReportedAComponentsIsNot() throws {
    let files = [
      "Billing/BillingInteractor.swift": """
      import RIBs
      final class BillingInteractor: Interactor { let addressRelay = BehaviorRelay<String?>(value: nil) }
      """,
      "Billing/BillingPresenter.swift": """
      import RIBs
      final class BillingPresenter: RibBridgePresenter {
        private let interactor: BillingInteractor
        func bind() { form.address.bind(to: interactor.addressRelay).disposed(by: bag) }
      }
      """,
      "Amount/AmountPresenter.swift": """
      import RIBs
      final class AmountInteractor { let tappedRelay = PublishRelay<Void>() }
      final class AmountPresenter {
        private let interactor: AmountInteractor
        func tap() { interactor.tappedRelay.accept(()) }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == ["Billing/BillingPresenter.swift:4"]
    )
  }
}

/// A view's own UI-event relays (`viewWillAppear`, taps) are its own: writing them is no state
/// write, and `view-has-logic` reads them as no logic either.
@Suite(.timeLimit(.minutes(10))) struct ViewEventRelayTests {
  @Test func aViewsOwnRelaysAreNeitherStateWritesNorLogic() throws {
    let source = """
      import RIBs
      import RxRelay
      final class AuthViewController: UIViewController, AuthPresentable {
        let viewWillAppear = PublishRelay<Void>()
        private let closeTap = PublishRelay<Void>()
        let reload: PublishSubject<Void> = PublishSubject()
        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          viewWillAppear.accept(())
          closeTap.accept(())
          reload.onNext(())
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService).isEmpty)
    #expect(try lines(source, .viewHasLogic).isEmpty)
  }
}

/// A stream is its parent's when the parent's component makes it and hands it down, however
/// the child stores it; one the RIB's own component or builder makes is the RIB's state.
@Suite(.timeLimit(.minutes(10))) struct SharedStreamWriteTests {
  @Test func aChildWritingAStreamItsParentsComponentMakesIsReported() throws {
    let files = [
      "Parent/ParentComponent.swift": """
      import RIBs
      final class ParentComponent: Component<ParentDependency>, ChildDependency, SiblingDependency {
        let selectionStream = PublishSubject<Int>()
      }
      """,
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency { var selectionStream: PublishSubject<Int> { get } }
      final class ChildComponent: Component<ChildDependency> {
        let selectionStream: PublishSubject<Int>
        init(dependency: ChildDependency) {
          selectionStream = dependency.selectionStream
          super.init(dependency: dependency)
        }
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      final class ChildInteractor: Interactor {
        private let dependency: ChildDependency
        func select(_ index: Int) { dependency.selectionStream.onNext(index) }
      }
      """,
      "Sibling/SiblingBuilder.swift": """
      import RIBs
      protocol SiblingDependency: Dependency { var selectionStream: PublishSubject<Int> { get } }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == ["Child/ChildInteractor.swift:4"])
  }

  /// RxSwift hands the object `withUnretained(self)` or `subscribe(with: self, …)` names to the
  /// closure as its first parameter: `owner.dependency.x` is `self.dependency.x`.
  @Test func aChildWritingItsParentsStreamThroughItsUnretainedSelfIsReported() throws {
    let files = [
      "Parent/ParentComponent.swift": """
      import RIBs
      final class ParentComponent: Component<ParentDependency>, ChildDependency {
        let pickedDay = PublishRelay<Date>()
        let reload = PublishRelay<Void>()
      }
      """,
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency {
        var pickedDay: PublishRelay<Date> { get }
        var reload: PublishRelay<Void> { get }
      }
      final class ChildComponent: Component<ChildDependency>, ChildInteractorDependency {
        var pickedDay: PublishRelay<Date> { dependency.pickedDay }
        var reload: PublishRelay<Void> { dependency.reload }
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      protocol ChildInteractorDependency {
        var pickedDay: PublishRelay<Date> { get }
        var reload: PublishRelay<Void> { get }
      }
      final class ChildInteractor: PresentableInteractor<ChildPresentable> {
        private let dependency: ChildInteractorDependency
        private let shown = PublishRelay<Date>()
        func bind(_ taps: Observable<Date>) {
          taps.withUnretained(self).subscribe(onNext: { owner, day in
            owner.dependency.pickedDay.accept(day)
            owner.shown.accept(day)
          }).disposeOnDeactivate(interactor: self)
          taps.subscribe(with: self, onNext: { me, _ in me.dependency.reload.accept(()) })
            .disposeOnDeactivate(interactor: self)
          taps.subscribe(onNext: { other, _ in other.dependency.reload.accept(()) })
            .disposeOnDeactivate(interactor: self)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Child/ChildInteractor.swift:11", "Child/ChildInteractor.swift:14",
      ])
  }

  /// What stands for `self` in RxSwift's unretained closures, and what does not: an element
  /// mapped to something else, a name declared again in the closure.
  @Test func theUnretainedOwnerIsSelfOnlyWhereRxSwiftMakesItSo() throws {
    let files = [
      "Parent/ParentComponent.swift": """
      import RIBs
      final class ParentComponent: Component<ParentDependency>, ChildDependency {
        let reload = PublishRelay<Void>()
        let pickedDay = PublishRelay<Date>()
      }
      """,
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency {
        var reload: PublishRelay<Void> { get }
        var pickedDay: PublishRelay<Date> { get }
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      final class ChildInteractor: PresentableInteractor<ChildPresentable> {
        private let dependency: ChildDependency
        private let loading = PublishRelay<Bool>()
        func bind(_ taps: Observable<Date>) {
          taps.subscribe(with: self, onNext: { $0.dependency.reload.accept(()) })
            .disposeOnDeactivate(interactor: self)
          taps.withUnretained(self).subscribe(onNext: { $0.dependency.pickedDay.accept($1) })
            .disposeOnDeactivate(interactor: self)
          taps.withUnretained(self).observe(on: MainScheduler.instance)
            .subscribe(onNext: { owner, _ in owner.loading.accept(true) })
            .disposeOnDeactivate(interactor: self)
          taps.withUnretained(self).map { owner, day in owner.rows[day] }
            .subscribe(onNext: { row in row.dependency.reload.accept(()) })
            .disposeOnDeactivate(interactor: self)
          taps.withUnretained(self).subscribe(onNext: { owner, _ in
            guard let owner = owner.child else { return }
            owner.dependency.reload.accept(())
          }).disposeOnDeactivate(interactor: self)
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Child/ChildInteractor.swift:6", "Child/ChildInteractor.swift:8",
      ])
  }

  @Test func aSubjectTheRIBsOwnComponentMakesForItsViewAloneIsItsState() throws {
    let files = [
      "Child/ChildBuilder.swift": """
      import RIBs
      protocol ChildDependency: Dependency {}
      final class ChildComponent: Component<ChildDependency> {
        let titleSubject = PublishSubject<String>()
      }
      """,
      "Child/ChildInteractor.swift": """
      import RIBs
      final class ChildInteractor: Interactor {
        private let dependency: ChildComponent
        func rename(_ title: String) { dependency.titleSubject.onNext(title) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aStreamItsOwnBuilderMakesForItsOwnComponentIsItsState() throws {
    let files = [
      "Topup/TopupBuilder.swift": """
      import ModernRIBs
      protocol TopupDependency: Dependency {}
      final class TopupComponent: Component<TopupDependency>, TopupInteractorDependency, AmountDependency {
        let methodStream: CurrentValuePublisher<Method>
        var selectedMethod: ReadOnlyCurrentValuePublisher<Method> { methodStream }
        init(dependency: TopupDependency, methodStream: CurrentValuePublisher<Method>) {
          self.methodStream = methodStream
          super.init(dependency: dependency)
        }
      }
      """,
      "Topup/TopupInteractor.swift": """
      import ModernRIBs
      protocol TopupInteractorDependency { var methodStream: CurrentValuePublisher<Method> { get } }
      final class TopupInteractor: Interactor {
        private let dependency: TopupInteractorDependency
        func pick(_ method: Method) { dependency.methodStream.send(method) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aRelayItsOwnComponentMakesStoredPrivateFromTheDependencyIsItsOwn() throws {
    let files = [
      "Feed/FeedBuilder.swift": """
      import RIBs
      final class FeedComponent: Component<FeedDependency>, FeedInteractorDependency {
        let loadMore = PublishRelay<Void>()
      }
      """,
      "Feed/FeedInteractor.swift": """
      import RIBs
      import RxSwift
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        private let loadMore: PublishRelay<Void>
        init(presenter: FeedPresentable, dependency: FeedInteractorDependency) {
          self.loadMore = dependency.loadMore
          super.init(presenter: presenter)
        }
        func scrolledToEnd() { loadMore.accept(()) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aRelayHandedDownAndStoredPrivateIsStillTheParents() throws {
    let source = """
      import RIBs
      import RxSwift
      final class TabInteractor: PresentableInteractor<TabPresentable> {
        private let _selected: PublishRelay<Int>
        private let _own = PublishRelay<Int>()
        init(presenter: TabPresentable, selected: PublishRelay<Int>) {
          self._selected = selected
          super.init(presenter: presenter)
        }
        func tap(_ index: Int) {
          _selected.accept(index)
          _own.accept(index)
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [11])
  }

  @Test func aRelayHandedDownStoredPrivateAndWrittenInAnExtensionIsTheParents() throws {
    let source = """
      import RIBs
      import RxRelay
      final class PickerInteractor: PresentableInteractor<PickerPresentable>, PickerInteractable {
        private let picked: BehaviorRelay<[Int]>
        private let own = BehaviorRelay<[Int]>(value: [])
        init(presenter: PickerPresentable, picked: BehaviorRelay<[Int]>) {
          self.picked = picked
          super.init(presenter: presenter)
        }
      }
      extension PickerInteractor: PickerPresentableListener {
        func remove(_ id: Int) {
          picked.accept(picked.value.filter { $0 != id })
          own.accept([])
        }
      }
      """
    #expect(try lines(source, .streamWrittenOutsideService) == [13])
  }
}

// A view writing a stream its delegate, a RIB's interactor, owns.
/// A view writing a stream of its delegate: the interactor's state when a RIB's interactor is
/// that delegate (implements the protocol that requires the stream).
@Suite(.timeLimit(.minutes(10))) struct DelegateStreamWriteTests {
  static let cell = """
    import UIKit
    import RxSwift
    protocol NoteFieldDelegate: AnyObject {
      var withinLimit: PublishSubject<Bool> { get }
    }
    final class NoteFieldModel {
      weak var delegate: NoteFieldDelegate?
    }
    final class NoteFieldCell: UITableViewCell {
      private let disposeBag = DisposeBag()
      private let edited = PublishSubject<String>()
      func bind(_ model: NoteFieldModel) {
        field.rx.text.orEmpty.subscribe(onNext: { [weak self] text in
          model.delegate?.withinLimit.onNext(text.count <= 40)
          self?.edited.onNext(text)
        }).disposed(by: disposeBag)
      }
    }
    """

  @Test func aCellWritingItsInteractorsStreamThroughADelegateIsReported() throws {
    let files = [
      "Note/Views/NoteFieldCell.swift": Self.cell,
      "Note/NoteInteractor.swift": """
      import RIBs
      import RxSwift
      final class NoteInteractor: PresentableInteractor<NotePresentable> {
        let withinLimit = PublishSubject<Bool>()
      }
      extension NoteInteractor: NoteFieldDelegate {}
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Note/Views/NoteFieldCell.swift:14"
      ])
  }

  @Test func aCellWritingAStreamOfADelegateNoInteractorImplementsIsNot() throws {
    let files = [
      "Note/Views/NoteFieldCell.swift": Self.cell,
      "Note/NoteFormModel.swift": """
      import RxSwift
      final class NoteFormModel: NoteFieldDelegate {
        let withinLimit = PublishSubject<Bool>()
      }
      """,
    ]
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func theAppsOwnStreamTypeIsWrittenByItsMethodsThatSendIntoWhatItWraps() throws {
    let files = [
      "Shared/SharedValue.swift": """
      import RxRelay
      final class SharedValue<Value> {
        private let relay: BehaviorRelay<Value>
        init(_ value: Value) { relay = BehaviorRelay(value: value) }
        var current: Value { relay.value }
        func change(to value: Value) { relay.accept(value) }
        func describe() -> String { "\\(relay.value)" }
      }
      """,
      "Filter/FilterInteractor.swift": """
      import RIBs
      protocol FilterInteractorDependency {
        var filterValue: SharedValue<Filter> { get }
      }
      final class FilterInteractor: PresentableInteractor<FilterPresentable> {
        private let dependency: FilterInteractorDependency
        private var filterValue: SharedValue<Filter> { dependency.filterValue }
        func didSelect(_ filter: Filter) {
          filterValue.change(to: filter)
          presenter.show(filterValue.describe(), filterValue.current)
        }
      }
      """,
    ]
    // Through a property reading the dependency, `change(to:)` writes the parent's stream;
    // reading it does not.
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == ["Filter/FilterInteractor.swift:9"])
  }

  @Test func aStreamItsOwnComponentMakesForItsChildrensInteractorsIsTheRIBsOwn() throws {
    let files = [
      "Shared/SharedValue.swift": """
      import RxRelay
      final class SharedValue<Value> {
        private let relay: BehaviorRelay<Value>
        init(_ value: Value) { relay = BehaviorRelay(value: value) }
        func change(to value: Value) { relay.accept(value) }
      }
      """,
      "Search/SearchBuilder.swift": """
      import RIBs
      final class SearchComponent: Component<SearchDependency>, SearchInteractorDependency,
        SearchBarDependency
      {
        let termValue = SharedValue("")
      }
      """,
      "Search/SearchInteractor.swift": """
      import RIBs
      protocol SearchInteractorDependency {
        var termValue: SharedValue<String> { get }
      }
      final class SearchInteractor: PresentableInteractor<SearchPresentable> {
        private let dependency: SearchInteractorDependency
        private var termValue: SharedValue<String> { dependency.termValue }
        func clear() { termValue.change(to: "") }
      }
      """,
      "SearchBar/SearchBarInteractor.swift": """
      import RIBs
      protocol SearchBarInteractorDependency {
        var termValue: SharedValue<String> { get }
      }
      """,
    ]
    // The child's interactor reads what Search's component made for it: Search writes its own.
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }

  @Test func aStreamItsOwnComponentSharesUnderSeveralNamesIsTheRIBsOwn() throws {
    let files = [
      "Shared/CheckoutState.swift": """
      import RxRelay
      protocol MutableNote { func update(note: String) }
      protocol MutableTip { func update(tip: Int) }
      final class CheckoutState: MutableNote, MutableTip {
        private let note = BehaviorRelay<String>(value: "")
        private let tip = BehaviorRelay<Int>(value: 0)
        func update(note: String) { self.note.accept(note) }
        func update(tip: Int) { self.tip.accept(tip) }
      }
      protocol CheckoutStateProviding {
        var checkoutState: CheckoutState { get }
      }
      extension CheckoutStateProviding {
        var noteStream: MutableNote { return self.checkoutState }
        var tipStream: MutableTip { checkoutState }
      }
      protocol PaymentProviding { var paymentStream: MutablePayment { get } }
      typealias CheckoutComponentType = CheckoutStateProviding & PaymentProviding
      """,
      "Checkout/CheckoutBuilder.swift": """
      import RIBs
      protocol CheckoutDependency: Dependency {
        var paymentStream: MutablePayment { get }
      }
      final class CheckoutComponent: Component<CheckoutDependency>, CheckoutComponentType {
        var checkoutState: CheckoutState {
          return shared { CheckoutState() }
        }
        var paymentStream: MutablePayment { dependency.paymentStream }
      }
      """,
      "Checkout/CheckoutInteractor.swift": """
      import RIBs
      final class CheckoutInteractor: PresentableInteractor<CheckoutPresentable> {
        private let component: CheckoutComponent
        func typed(_ note: String) { component.noteStream.update(note: note) }
        func tipped(_ tip: Int) { self.component.tipStream.update(tip: tip) }
        func paid(_ card: Card) { component.paymentStream.send(card) }
      }
      """,
    ]
    // Both names return the state the RIB's own component makes (`shared { }`): its own. The
    // payment stream is the parent's, read through the dependency.
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Checkout/CheckoutInteractor.swift:6"
      ])
  }

  /// Only what the RIB's own component makes by calling an initializer is its own, under its
  /// name or one a type the component is returns it under; anything handed in, read from
  /// elsewhere or named alike by an unrelated type is the writer's parent's or shared.
  @Test func aComponentsStreamIsItsOwnOnlyWhenTheComponentMakesIt() throws {
    let files = [
      "Order/OrderBuilder.swift": """
      import RIBs
      protocol OrderDependency: Dependency {
        var total: PublishRelay<Int> { get }
        var noteStream: PublishRelay<String> { get }
      }
      final class OrderComponent: Component<OrderDependency> {
        let selection: PublishRelay<Int>
        let cartRelay = CartStore.shared.cartRelay
        let confirm = PublishRelay<String>()
        let mine = PublishRelay<Int>()
        var a: PublishRelay<Int> { shared { dependencies.total } }
        var l1: PublishRelay<Int> { l2 }
        var l2: PublishRelay<Int> { l3 }
        var l3: PublishRelay<Int> { l4 }
        var l4: PublishRelay<Int> { l5 }
        var l5: PublishRelay<Int> { self.mine }
        init(dependency: OrderDependency, selection: PublishRelay<Int>) {
          self.selection = selection
          super.init(dependency: dependency)
        }
      }
      """,
      "Order/OrderInteractor.swift": """
      import RIBs
      final class OrderInteractor: Interactor {
        private let component: OrderComponent
        private let dependency: OrderDependency
        func pick(_ index: Int) {
          component.selection.accept(index)
          component.cartRelay.accept(index)
          component.a.accept(index)
          component.noteStream.accept("")
          dependency.noteStream.accept("")
          component.l1.accept(index)
        }
      }
      """,
      "Notes/NoteCell.swift": """
      import UIKit
      final class NoteCell: UITableViewCell {
        var noteStream: PublishRelay<String> { confirm }
      }
      """,
    ]
    // Only the five-step chain to what the component makes itself is its own.
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Order/OrderInteractor.swift:6", "Order/OrderInteractor.swift:7",
        "Order/OrderInteractor.swift:8", "Order/OrderInteractor.swift:9",
        "Order/OrderInteractor.swift:10",
      ])
  }

  /// A stream the RIB's component makes is shared when another RIB's dependency asks for it,
  /// under whichever of its names.
  @Test func aStreamTheComponentMakesAndAnotherRIBReadsIsSharedUnderEveryName() throws {
    let files = [
      "Checkout/CheckoutBuilder.swift": """
      import RIBs
      protocol CheckoutDependency: Dependency {}
      final class CheckoutComponent: Component<CheckoutDependency> {
        let confirmStream = PublishRelay<String>()
        var noteStream: PublishRelay<String> { confirmStream }
      }
      """,
      "Checkout/CheckoutInteractor.swift": """
      import RIBs
      final class CheckoutInteractor: Interactor {
        private let component: CheckoutComponent
        func note(_ text: String) { component.noteStream.accept(text) }
      }
      """,
      "Editor/EditorBuilder.swift": """
      import RIBs
      protocol EditorDependency: Dependency { var confirmStream: PublishRelay<String> { get } }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Checkout/CheckoutInteractor.swift:4"
      ])
  }
}
