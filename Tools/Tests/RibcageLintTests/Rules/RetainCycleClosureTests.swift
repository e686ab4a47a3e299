import RibcageLint
import Testing

// `retain-cycle-closure` (Sources/RibcageLint/Rules/RetainCycleClosure.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct RetainCycleClosureTests {
  @Test func firesOnStoredClosuresAndSubscriptionsCapturingSelf() throws {
    let source = """
      import Combine
      final class PaymentCoordinator {
        var onDone: (() -> Void)?
        func start(child: PaymentCoordinator) {
          child.finishFlow = { self.remove(child) }
          self.onDone = { self.finish() }
          onDone = { [self] in finish() }
          cancellable = publisher.sink { value in self.show(value) }
        }
        lazy var handler = { self.finish() }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [5, 6, 7, 8, 10])
    let messages = try findings(source, rule: .retainCycleClosure).map(\.message)
    #expect(messages[0].contains("captures child strongly and it is stored on 'child' itself"))
  }

  @Test func rxSwiftSubscribeInAnInteractor() throws {
    // Kept in the interactor's own dispose bag: a cycle until the bag goes. Ended on
    // deactivation: the closure lives no longer than the active interactor.
    let source = """
      import RIBs
      import RxSwift
      final class RootInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          stream.subscribe(onNext: { state in self.route(state) }).disposed(by: disposeBag)
          stream.subscribe(onNext: { state in self.route(state) }).disposeOnDeactivate(interactor: self)
          publisher.sink { self.route($0) }.cancelOnDeactivate(interactor: self)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [6])
  }

  @Test func quietForWeakCapturesLifecycleBoundObservationAndOtherTypes() throws {
    let source = """
      final class PaymentCoordinator {
        var onDone: (() -> Void)?
        func start(child: PaymentCoordinator) {
          child.finishFlow = { [weak self, weak child] in self?.remove(child) }
          onDone = { [weak self] in self?.finish() }
          cancellable = publisher.sink { [unowned self] value in self.show(value) }
          items.map { self.format($0) }
        }
      }
      final class RootInteractor: Interactor {
        override func didBecomeActive() {
          super.didBecomeActive()
          observe(sessions.session) { self.route($0) }
        }
      }
      final class Screen {
        var onTap: (() -> Void)?
        func bind() { onTap = { self.tapped() } }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  /// A regression the review of the rules' port to one file each found.
  @Test func aClosureStoredOnAPropertyFromAnExtensionIsACycleOnALocalIsNot() throws {
    let source = """
      import RIBs
      final class HomeViewController: UIViewController {
        let header = HeaderView()
      }
      extension HomeViewController {
        func setUp() { header.onTap = { self.reload() } }
        func cell(at row: Int) -> UITableViewCell {
          let cell = tableView.dequeue(row)
          cell.onTap = { self.open(row) }
          if let other = cell as? OtherCell { other.onTap = { self.open(row) } }
          return cell
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [6])
  }
}

@Suite(.timeLimit(.minutes(10))) struct ComponentCycleTests {
  @Test func aComponentSubscribingToItsOwnSharedStreamAndKeepingItIsACycle() throws {
    let source = """
      import RIBs
      final class GameComponent: Component<GameDependency> {
        private let bag = DisposeBag()
        var scores: ScoreStream { shared { ScoreStreamImpl() } }
        override init(dependency: GameDependency) {
          super.init(dependency: dependency)
          scores.score.subscribe(onNext: { self.record($0) }).disposed(by: bag)
          scores.score.subscribe(onNext: { [weak self] in self?.record($0) }).disposed(by: bag)
        }
        var adapter: GameAdapter { shared { GameAdapter(dependency: self) } }
        func record(_ score: Int) {}
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [7])
  }
}
