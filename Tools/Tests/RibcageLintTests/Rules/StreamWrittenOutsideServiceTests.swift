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
