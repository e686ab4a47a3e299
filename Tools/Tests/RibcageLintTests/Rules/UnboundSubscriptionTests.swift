import RibcageLint
import Testing

// `unbound-subscription` (Sources/RibcageLint/Rules/UnboundSubscription.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct UnboundSubscriptionTests {
  @Test func firesOnSubscriptionsAndTasksNotBound() throws {
    let source = """
      import Ribcage
      final class TripInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          trips.state.observe { [weak self] in self?.show($0) }
          _ = publisher.sink { [weak self] in self?.show($0) }
          Task { await self.load() }
          let subscription = stream.subscribe(onNext: { _ in })
          print("started")
        }
      }
      final class LocationWorker: Worker {
        override func didStart(_ scope: InteractorScope) {
          super.didStart(scope)
          locations.sink { _ in }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [5, 6, 7, 8, 15])
  }

  @Test func aNotificationObserverWhoseTokenIsDroppedIsReported() throws {
    let source = """
      import RIBs
      final class MainInteractor: Interactor {
        private var token: NSObjectProtocol?
        override func didBecomeActive() {
          super.didBecomeActive()
          NotificationCenter.default.addObserver(forName: .copied, object: nil, queue: .main) {
            [weak self] note in self?.open(note)
          }
          _ = center.addObserver(forName: .pasted, object: nil, queue: nil, using: { _ in })
          token = NotificationCenter.default.addObserver(forName: .kept, object: nil, queue: nil) {
            _ in
          }
          NotificationCenter.default.addObserver(self, selector: #selector(opened), name: .x, object: nil)
          service.addObserver { [weak self] in self?.reload() }
        }
        override func willResignActive() {
          super.willResignActive()
          NotificationCenter.default.removeObserver(self)
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [6, 9])
  }

  /// A Firebase observer lives until it is removed with the handle `observe` returns: added
  /// by a service method that drops it, every call from a RIB adds one nothing ends.
  @Test func aServiceMethodAddingAnObserverItNeverRemovesIsReportedWhereRIBsCallIt() throws {
    let files = [
      "Core/AccountDatabase.swift": """
      import FirebaseDatabase
      protocol AccountStoring { func watchAccount(completion: @escaping (Account) -> Void) }
      final class AccountDatabase: AccountStoring {
        static let shared = AccountDatabase()
        private let ref = Database.database().reference()
        func watchAccount(completion: @escaping (Account) -> Void) {
          ref.child("accounts").observe(.value, with: { snapshot in completion(Account(snapshot)) })
        }
        func watchMessages(completion: @escaping ([Message]) -> Void) {
          ref.child("messages").observe(DataEventType.childAdded) { completion([Message($0)]) }
        }
        func readOnce(completion: @escaping (Account) -> Void) {
          ref.child("accounts").observeSingleEvent(of: .value) { completion(Account($0)) }
        }
        func watchHandled(completion: @escaping (Account) -> Void) -> DatabaseHandle {
          ref.child("accounts").observe(.value) { completion(Account($0)) }
        }
      }
      """,
      "Core/FeedStore.swift": """
      final class FeedStore {
        static let shared = FeedStore()
        func watch(completion: @escaping ([Post]) -> Void) {
          Firestore.firestore().collection("feed").addSnapshotListener { snapshot, _ in completion([]) }
        }
        func stop() { ref.removeAllObservers() }
        func watchOther(completion: @escaping ([Post]) -> Void) {
          ref.child("feed").observe(.value) { _ in completion([]) }
        }
      }
      """,
      "Home/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        private let accounts: AccountStoring
        override func didBecomeActive() {
          super.didBecomeActive()
          AccountDatabase.shared.watchAccount { [weak self] in self?.show($0) }
          accounts.watchAccount(completion: { [weak self] in self?.show($0) })
          AccountDatabase.shared.watchMessages { [weak self] in self?.list($0) }
          AccountDatabase.shared.readOnce { [weak self] in self?.show($0) }
          _ = AccountDatabase.shared.watchHandled { [weak self] in self?.show($0) }
          FeedStore.shared.watchOther { [weak self] in self?.feed($0) }
          Database.database().reference().child("me").observe(.value) { [weak self] in self?.me($0) }
          presenter.observe(.value) { _ in }
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .unboundSubscription) == [
        "Home/HomeInteractor.swift:6", "Home/HomeInteractor.swift:7",
        "Home/HomeInteractor.swift:8", "Home/HomeInteractor.swift:12",
      ])
  }

  /// An interactor removing its observers when it deactivates ends them, handles or not.
  @Test func anInteractorRemovingItsObserversOnDeactivationIsNotReported() throws {
    let source = """
      import RIBs
      final class FeedInteractor: PresentableInteractor<FeedPresentable> {
        private let ref = Database.database().reference().child("feed")
        override func didBecomeActive() {
          super.didBecomeActive()
          ref.observe(.childAdded) { [weak self] in self?.add($0) }
        }
        override func willResignActive() {
          super.willResignActive()
          ref.removeAllObservers()
        }
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func aNotificationObserverTokenReturnedIsKeptOneBoundToUnderscoreIsNot() throws {
    let source = """
      import RIBs
      final class MainInteractor: Interactor {
        private func observe(_ name: Notification.Name) -> NSObjectProtocol {
          NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in }
        }
        private lazy var token: NSObjectProtocol = {
          NotificationCenter.default.addObserver(forName: .kept, object: nil, queue: nil) { _ in }
        }()
        override func didBecomeActive() {
          super.didBecomeActive()
          let _ = NotificationCenter.default.addObserver(forName: .lost, object: nil, queue: nil) { _ in }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [11])
  }

  @Test func aTaskWhoseOnlyAwaitIsAnAssignmentDoesNothingAfterIt() throws {
    let source = """
      import RIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        override init(presenter: HomePresentable) {
          super.init(presenter: presenter)
          Task { await presenter.listener = self }
        }
        func reload() {
          Task { await presenter.title = "x"; router?.routeToHome() }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [8])
  }

  @Test func quietForBoundStoredAndLifecycleAPIs() throws {
    let source = """
      final class TripInteractor: PresentableInteractor<TripPresentable> {
        private var cancellables = Set<AnyCancellable>()
        private var subscription: StreamSubscription?
        override func didBecomeActive() {
          super.didBecomeActive()
          observe(trips.state) { [weak self] in self?.show($0) }
          task { await self.load() }
          trips.state.observe { _ in }.cancelOnDeactivate(interactor: self)
          stream.subscribe(onNext: { _ in }).disposeOnDeactivate(interactor: self)
          publisher.sink { _ in }.store(in: &cancellables)
          subscription = trips.state.observe { _ in }
          Task { await self.load() }.cancelOnDeactivate(interactor: self)
          let kept = publisher.sink { _ in }
          cancellables.insert(kept)
        }
        func makeSubscription() -> StreamSubscription { trips.state.observe { _ in } }
      }
      final class TripPresenter { func bind() { publisher.sink { _ in } } }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }
}

@Suite(.timeLimit(.minutes(10))) struct OneShotTaskTests {
  /// RxSwift 6's `disposeBag.insert { … }`, `insert(builder:)` and `DisposeBag { … }` (each
  /// statement of the builder closure a disposable put in the bag) and `disposeBag.insert(a, b)`
  /// bind what they are given; a closure that only runs the subscriptions, or `insert` on
  /// something that is no bag, binds nothing.
  @Test func subscriptionsInsertedIntoABagAreBound() throws {
    let source = """
      import RIBs
      import RxSwift
      final class MainInteractor: PresentableInteractor<MainPresentable> {
        private let disposeBag = DisposeBag()
        func transform(input: MainViewOutput) {
          disposeBag.insert {
            input.profileTap.bind { [weak self] in self?.router?.routeToProfile() }
            input.loginTap.bind { [weak self] in self?.router?.routeToLogin() }
          }
          disposeBag.insert(
            input.helpTap.bind { [weak self] in self?.router?.routeToHelp() },
            input.aboutTap.bind { [weak self] in self?.router?.routeToAbout() })
          perform {
            input.closeTap.bind { [weak self] in self?.router?.close() }
            input.backTap.bind { [weak self] in self?.router?.back() }
          }
          work.insert {
            input.shareTap.bind { [weak self] in self?.router?.share() }
            input.printTap.bind { [weak self] in self?.router?.print() }
          }
          disposeBag.insert(builder: {
            input.editTap.bind { [weak self] in self?.router?.edit() }
          })
          viewBag = DisposeBag {
            input.moreTap.bind { [weak self] in self?.router?.more() }
          }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [14, 15, 18, 19])
  }

  @Test func aTaskTouchingTheRIBAfterAnAwaitIsReported() throws {
    let source = """
      import RIBs
      final class TodoInteractor: PresentableInteractor<TodoPresentable> {
        weak var router: TodoRouting?
        private let images = PublishSubject<Data>()
        private let repository: ImageRepository
        func load() {
          Task {
            let data = try await repository.image()
            images.onNext(data)
          }
        }
        func permission() {
          Task { [weak self] in
            guard await Permissions.camera() else { return }
            self?.router?.routeToCamera()
          }
        }
        func prefill() {
          Task(priority: .userInitiated) {
            let amount = try await repository.lastAmount()
            show(amount)
          }
        }
        func show(_ amount: Int) {}
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [7, 13, 19])
    #expect(found[0].message.contains("touches 'images' after its await on line 8"))
    // `[weak self]` does not help: the task still runs, and updates, after deactivation.
    #expect(found[1].message.contains("touches 'router' after its await on line 14"))
    #expect(found[2].message.contains("touches 'show'"))
    #expect(found[0].message.contains("cancel it in willResignActive"))
  }

  @Test func aTaskKeptAndCancelledOrLeavingTheRIBAloneIsNot() throws {
    let source = """
      import ModernRIBs
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        weak var router: HomeRouting?
        private var loading: Task<Void, Never>?
        private var tasks: [Task<Void, Never>] = []
        private let app: AppProtocol
        func load() {
          loading = Task { await app.refresh(); router?.routeToList() }
          tasks.append(Task { await app.sync(); presenter.show() })
          Task { let value = await app.get(); app.post(value) }
          Task { router?.routeToList() }
        }
        override func willResignActive() {
          super.willResignActive()
          loading?.cancel()
          tasks.forEach { $0.cancel() }
        }
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func aTaskKeptButNeverCancelledIsReported() throws {
    let source = """
      import RIBs
      final class HomeInteractor: Interactor {
        weak var listener: HomeListener?
        private var loading: Task<Void, Never>?
        func load() { loading = Task { await api.load(); listener?.didLoad() } }
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [5])
    #expect(found.first?.message.contains("kept in 'loading' but never cancelled") == true)
  }

  @Test func aOneShotTaskOutsideRibcageThatLeavesTheRIBAloneIsNoSubscription() throws {
    let source = """
      import RIBs
      final class A: Interactor {
        func go() {
          Task { let data = try await api.load(); print(data) }
          Task { for await value in values { self.show(value) } }
          Task { self.router?.routeToLoading() }
        }
      }
      """
    // Nothing of the RIB after the await; a loop over a sequence is a subscription; no await
    // at all runs to its end at once.
    #expect(try lines(source, .unboundSubscription) == [5])
  }

  @Test func aTaskWritingAPropertyWithoutSelfAfterAnAwaitIsReported() throws {
    let source = """
      import RIBs
      final class ListInteractor: PresentableInteractor<ListPresentable> {
        private var items: [String] = []
        private var count = 0
        private let repository: ListRepository
        func load() {
          Task {
            let loaded = try await repository.items()
            items = loaded
          }
          Task {
            let loaded = try await repository.items()
            print(loaded.count, count)
          }
          Task {
            let loaded = try await repository.items()
            viewModel.items = loaded
          }
        }
        private var viewModel = ListViewModel()
      }
      """
    #expect(try lines(source, .unboundSubscription) == [7, 15])
  }
}

/// A subscription is told by its shape: scheduler operators and a presenter's own methods
/// named like operators are none; `bind` or `subscribe` on a reactive receiver is one.
@Suite(.timeLimit(.minutes(10))) struct SubscriptionShapeTests {
  @Test func observeOnAndSubscribeOnAreOperators() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ListInteractor: PresentableInteractor<ListPresentable> {
        override func didBecomeActive() {
          super.didBecomeActive()
          movies.observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.show($0) })
            .disposeOnDeactivate(interactor: self)
          movies.subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] in self?.show($0) })
            .disposeOnDeactivate(interactor: self)
          movies.observe(on: MainScheduler.instance).subscribe(onNext: { _ in })
        }
      }
      """
    // Only the last chain's subscription is unbound, reported once.
    #expect(try lines(source, .unboundSubscription) == [13])
  }

  @Test func aPresentersOwnMethodNamedLikeAnOperatorIsNoSubscription() throws {
    let source = """
      import RIBs
      protocol HomePresentable: Presentable {
        func bind(viewModel: HomeViewModel)
        func bind(_ sections: [Section])
      }
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        private let model: HomeModel
        override func didBecomeActive() {
          super.didBecomeActive()
          presenter.bind(viewModel: HomeViewModel(title: "Home"))
          self.presenter.bind(model.sections)
          model.bind(viewModel: HomeViewModel(title: "Home"))
          router?.observe(route: .home)
        }
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func aCallWhoseLabelsAreNoObserversIsNoSubscriptionEvenOnAChain() throws {
    // A push SDK's topic registration on a factory call's result: its labels name a topic and a
    // completion, no observer, so it subscribes to no stream.
    let source = """
      import RIBs
      import RxSwift
      final class JoinInteractor: PresentableInteractor<JoinPresentable> {
        private let code = PublishRelay<String>()
        func join(_ topic: String) {
          Messaging.messaging().subscribe(toTopic: topic)
          Messaging.messaging().subscribe(toTopic: topic) { error in print(error as Any) }
          Messaging.messaging().unsubscribe(fromTopic: topic, completion: { _ in })
          code.asObservable().subscribe(onNext: { print($0) })
          code.map { $0.count }.subscribe(with: self, onNext: { _, _ in })
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [9, 10])
  }

  /// Only a plain factory's result is judged by its labels: a KVO or database observation
  /// with an option label and a trailing closure is still one, and so is a plain factory's
  /// `subscribe()` or `subscribe(observer)`.
  @Test func labelsExemptOnlyAPlainFactorysTopicCall() throws {
    let source = """
      import RIBs
      import RxSwift
      final class PlayerInteractor: PresentableInteractor<PlayerPresentable> {
        private let player: AVPlayer
        private let songs: Results<Song>
        override func didBecomeActive() {
          super.didBecomeActive()
          songs.observe(keyPaths: ["title"]) { change in print(change) }
          PlayerAPI.fetchQueue().subscribe()
          PlayerAPI.fetchQueue().subscribe(queueObserver)
        }
      }
      """
    #expect(try lines(source, .unboundSubscription) == [8, 9, 10])
  }

  @Test func aReactiveReceiverOrCallShapeIsASubscription() throws {
    let source = """
      import RIBs
      import RxSwift
      final class HomeInteractor: PresentableInteractor<HomePresentable> {
        private let items = BehaviorRelay<[Item]>(value: [])
        private let dependency: HomeDependency
        override func didBecomeActive() {
          super.didBecomeActive()
          items.bind { [weak self] in self?.show($0) }
          dependency.userStream.subscribe(onNext: { [weak self] in self?.show($0) })
          items.map(\\.count).bind(to: presenter.countRelay)
          presenter.bind(viewModel: HomeViewModel(title: "Home"))
        }
        func show(_ value: Any) {}
      }
      """
    #expect(try lines(source, .unboundSubscription) == [8, 9, 10])
  }
}

/// The remedy a finding names is the one for the file's frameworks.
@Suite(.timeLimit(.minutes(10))) struct SubscriptionRemedyTests {
  @Test func theRemedyIsTheFileFrameworks() throws {
    let uber = """
      import RIBs
      import RxSwift
      final class A: Interactor { func go() { stream.subscribe(onNext: { _ in }) } }
      """
    let modern = """
      import ModernRIBs
      import Combine
      final class A: Interactor { func go() { _ = relay.sink { _ in } } }
      """
    let uberMessage = try #require(try findings(uber, rule: .unboundSubscription).first?.message)
    #expect(uberMessage.contains(".disposeOnDeactivate(interactor: self)"))
    #expect(!uberMessage.contains("task {") && !uberMessage.contains("observe("))
    let modernMessage = try #require(
      try findings(modern, rule: .unboundSubscription).first?.message)
    #expect(modernMessage.contains(".cancelOnDeactivate(interactor: self)"))
    // A dropped AnyCancellable cancels at once: it does not outlive anything.
    #expect(modernMessage.contains("cancelled at once"))
    #expect(!modernMessage.contains("outlives"))
  }
}

/// What a one-shot Task does after it resumes is what can outlive the RIB: the awaited call
/// itself, its receiver and its arguments run before the task suspends.
@Suite(.timeLimit(.minutes(10))) struct TaskResumeTests {
  @Test func aTaskWhoseWholeBodyIsOneAwaitedCallTouchesNothingAfterIt() throws {
    let source = """
      import RIBs
      final class ShelfInteractor: PresentableInteractor<ShelfPresentable> {
        override func didBecomeActive() {
          super.didBecomeActive()
          Task { await loadShelves() }
          Task { await presenter.showEmptyNotice() }
          Task { await self.loadShelves() }
        }
        private func loadShelves() async {}
      }
      """
    #expect(try lines(source, .unboundSubscription).isEmpty)
  }

  @Test func anAwaitedOwnAsyncMethodCountsForWhatItDoesAfterItSuspends() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ReasonInteractor: PresentableInteractor<ReasonPresentable> {
        private let reasons = BehaviorRelay<[String]>(value: [])
        private let repository: ReasonRepository
        override func didBecomeActive() {
          super.didBecomeActive()
          Task.detached { [weak self] in
            guard let self else { return }
            await self.loadReasons()
          }
          Task { await startRefresh() }
        }
        private func loadReasons() async {
          if let loaded = await repository.reasons() {
            reasons.accept(loaded)
          }
        }
        private func startRefresh() async {
          Task.detached { [weak self] in
            _ = await self?.repository.refresh()
          }
        }
      }
      """
    // `startRefresh` never suspends itself: it starts a task that touches nothing after its
    // await, and returns.
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [8])
    #expect(found.first?.message.contains("after its await on line 15 (in loadReasons)") == true)
  }

  @Test func selfInTheAwaitedCallsArgumentsOrReadingAServiceAfterIsHarmless() throws {
    let source = """
      import RIBs
      final class ShelfInteractor: PresentableInteractor<ShelfPresentable> {
        weak var router: ShelfRouting?
        weak var listener: ShelfListener?
        private let favorites: FavoriteRepository
        private let account: AccountService
        private var count = 0
        func favorite(_ id: Int) {
          Task.detached { [weak self] in
            guard let self else { return }
            _ = await self.favorites.add(id, owner: self.account.ownerID)
          }
        }
        func unfavorite(_ id: Int) {
          Task { [weak self] in
            guard let self else { return }
            let removed = await self.favorites.remove(id, owner: self.account.ownerID)
            self.account.noteChange(removed, owner: self.account.ownerID)
          }
        }
        func refresh() {
          Task { [weak self] in
            guard let self else { return }
            _ = await self.favorites.sync(owner: self.account.ownerID)
            self.listener?.shelfDidSync()
          }
        }
        func close() {
          Task { [weak self] in
            guard let self else { return }
            await self.favorites.flush()
            self.count += 1
          }
        }
        func open() {
          Task { [weak self] in
            await self?.favorites.flush()
            self?.router?.routeToDetail()
          }
        }
        func reload() {
          Task { [weak self] in
            self?.count = await self?.favorites.count() ?? 0
          }
        }
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    // After the await: the listener, the RIB's own counter, the router, the counter assigned
    // the awaited value.
    #expect(found.map(\.line) == [22, 29, 36, 42])
    #expect(found[0].message.contains("touches 'listener' after its await on line 24"))
  }

  @Test func selfReboundUnderAnotherNameIsFollowed() throws {
    let source = """
      import RIBs
      import RxSwift
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        private let catalog: CatalogRepository
        private let itemsRelay = BehaviorRelay<[Item]>(value: [])
        func filter(_ filter: Filter) {
          Task.detached { [weak self] in
            guard let strongSelf = self else { return }
            if let items = await strongSelf.catalog.items(matching: filter) {
              strongSelf.itemsRelay.accept(items)
            }
          }
          Task.detached { [weak self] in
            guard let owner = self else { return }
            _ = await owner.catalog.save(filter, for: owner.itemsRelay.value)
          }
        }
      }
      """
    let found = try findings(source, rule: .unboundSubscription)
    #expect(found.map(\.line) == [7])
    #expect(found.first?.message.contains("'itemsRelay'") == true)
  }

  @Test func theAppsOwnWrapperThatBindsToTheLifecycleBindsByItsDeclaration() throws {
    let files = [
      "Shared/Observed.swift": """
      import RIBs
      import RxSwift
      final class Observed<Value> {
        private let values = BehaviorSubject<Value?>(value: nil)
        private let ownBag = DisposeBag()
        func observe(until interactor: Interactor, _ handler: @escaping (Value?) -> Void) {
          values.subscribe(onNext: handler).disposeOnDeactivate(interactor: interactor)
        }
        func observe(into bag: DisposeBag, _ handler: @escaping (Value?) -> Void) {
          values.subscribe(onNext: handler).disposed(by: bag)
        }
        func observe(keeping owner: AnyObject, _ handler: @escaping (Value?) -> Void) {
          values.subscribe(onNext: handler).disposed(by: ownBag)
        }
      }
      """,
      "Garden/GardenInteractor.swift": """
      import RIBs
      import RxSwift
      final class GardenInteractor: PresentableInteractor<GardenPresentable> {
        private let plantStream: Observed<Plant>
        private let disposeBag = DisposeBag()
        override func didBecomeActive() {
          super.didBecomeActive()
          plantStream.observe(until: self) { [weak self] in self?.show($0) }
          plantStream.observe(into: disposeBag) { [weak self] in self?.show($0) }
          plantStream.observe(keeping: self) { [weak self] in self?.show($0) }
        }
      }
      """,
    ]
    // The third wrapper keeps the subscription in a bag of the stream's own: it outlives the RIB.
    #expect(
      try findingPlaces(files, .unboundSubscription) == ["Garden/GardenInteractor.swift:10"])
  }
}
