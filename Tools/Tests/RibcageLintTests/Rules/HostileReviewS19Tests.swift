import RibcageLint
import Testing

/// Inputs a hostile review of the session's rule changes found answered wrongly, each failing
/// before its fix.
@Suite(.timeLimit(.minutes(10))) struct HostileReviewS19Tests {
  /// `$0.delegate = self` in a Then closure, the owner conforming only through a protocol that
  /// inherits the delegate protocol: the assignment alone shows the cycle.
  @Test func aThenClosureAssignmentIsFollowedWithoutADirectConformance() throws {
    let files = [
      "Login/SignInManager.swift": """
      import AuthenticationServices
      protocol SignInManagerDelegate {
        func signedIn(email: String)
      }
      final class SignInManager: NSObject {
        var delegate: SignInManagerDelegate?
      }
      """,
      "Login/LoginViewController.swift": """
      import RIBs
      import Then
      protocol LoginPresentable: SignInManagerDelegate {}
      final class LoginViewController: UIViewController, LoginPresentable {
        private lazy var manager = SignInManager().then {
          $0.delegate = self
        }
        func signedIn(email: String) {}
      }
      """,
    ]
    #expect(try findingPlaces(files, .strongListener) == ["Login/SignInManager.swift:6"])
  }

  /// A stream made fresh outside the RIB's own builder (a preview), or for a type with a second
  /// initializer, is not the type's own.
  @Test func aFreshStreamOnlyCountsFromTheRIBsOwnBuilderAndASingleInitializer() throws {
    let interactor = """
      import RIBs
      import RxRelay
      final class ListInteractor: PresentableInteractor<ListPresentable> {
        private let state: BehaviorRelay<ListState>
        init(initialState: BehaviorRelay<ListState>, presenter: ListPresentable) {
          self.state = initialState
          super.init(presenter: presenter)
        }
        func select() { state.accept(ListState()) }
      }
      """
    let files = [
      "List/ListInteractor.swift": interactor,
      "List/ListBuilder.swift": """
      import RIBs
      final class ListBuilder: Builder<ListDependency>, ListBuildable {
        func build() -> ListRouting {
          let interactor = ListInteractor.init(initialState: dependency.listState, presenter: ListViewController())
          return ListRouter(interactor: interactor)
        }
      }
      """,
      "List/ListPreview.swift": """
      import SwiftUI
      struct ListPreview: PreviewProvider {
        static var previews: some View {
          Host(ListInteractor(initialState: .init(value: ListState()), presenter: Stub()))
        }
      }
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == ["List/ListInteractor.swift:9"])
    // Another initializer, called where the run cannot see (another target), taking it from
    // outside.
    var twoInitializers = files
    twoInitializers["List/ListInteractor.swift"] = interactor.replacingOccurrences(
      of: "  init(initialState:",
      with: """
        init(shared: BehaviorRelay<ListState>, presenter: ListPresentable) {
            self.state = shared
            super.init(presenter: presenter)
          }
          init(initialState:
        """)
    twoInitializers["List/ListBuilder.swift"] = files["List/ListBuilder.swift"]!
      .replacingOccurrences(of: "dependency.listState", with: ".init(value: ListState())")
    twoInitializers["List/ListPreview.swift"] = nil
    #expect(
      try findingPlaces(twoInitializers, .streamWrittenOutsideService) == [
        "List/ListInteractor.swift:13"
      ])
  }

  /// A view calling a Core Data entity's static members does the persistence itself (holding one
  /// does not); a store's own constant is no helper of the app's.
  @Test func anEntitysStaticCallsAndAStoresConstants() throws {
    let files = [
      "Model/Diary.swift": """
      import CoreData
      public class Diary: NSManagedObject {
        static func deleteAll(in context: NSManagedObjectContext) {
          try? context.execute(NSBatchDeleteRequest(fetchRequest: NSFetchRequest(entityName: "Diary")))
        }
      }
      """,
      "Extensions/UserDefaults+Keys.swift": """
      import Foundation
      extension UserDefaults {
        static let fontKey = "font"
      }
      """,
      "List/ListViewController.swift": """
      import RIBs
      import UIKit
      final class ListViewController: UIViewController, ListPresentable {
        var diary: Diary?
        func clear() { Diary.deleteAll(in: context) }
        func watch() { observe(UserDefaults.didChangeNotification) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic) == ["List/ListViewController.swift:5"])
  }

  /// `Dictionary<K, V>.init(grouping:by:)` runs its closure at once; an animator that pauses when
  /// done (`pausesOnCompletion`) keeps its blocks.
  @Test func aSpecializedValueInitRunsItsClosureAPausingAnimatorKeepsIt() throws {
    let source = """
      import RIBs
      import UIKit
      final class ListViewController: UIViewController, ListPresentable {
        private var groups: [String: [Int]] = [:]
        private var animator: UIViewPropertyAnimator?
        func group(_ items: [Int]) {
          groups = Dictionary<String, [Int]>.init(grouping: items, by: { self.key(for: $0) })
        }
        func animate() {
          animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.view.alpha = 0 }
          animator?.pausesOnCompletion = true
          animator?.startAnimation()
        }
        func key(for item: Int) -> String { "" }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [10])
  }

  /// A singleton declared in an extension in another folder than its type: its own line's
  /// suppression still accepts it.
  @Test func aSingletonDeclaredInAnExtensionElsewhereIsAcceptedOnItsLine() throws {
    let files = [
      "Sources/Core/Session.swift": """
      final class Session {
        var token: String?
      }
      """,
      "Sources/Shared/Session+Shared.swift": """
      extension Session {
        static let shared = Session()  // ribcage:disable:this global-state
      }
      """,
      "Sources/Core/HomeInteractor.swift": """
      import RIBs
      final class HomeInteractor: Interactor {
        func signOut() { Session.shared.token = nil }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  /// A class held as a delegate is made weak as it is (`any` is for protocols); a promise's
  /// `then` makes no object of its callee's type.
  @Test func aClassDelegatesAdviceAndAPromisesThen() throws {
    let source = """
      import RIBs
      import UIKit
      final class ChildViewController: UIViewController, ChildPresentable {
        var delegate: UIViewController?
        var listener: ChildPresentableListener?
      }
      """
    let found = try findings(source, rule: .strongListener)
    #expect(found.map(\.line) == [4, 5])
    #expect(found.first?.message.contains("`weak var delegate: UIViewController?`") == true)
    #expect(found.last?.message.contains("(any ChildPresentableListener)?") == true)

    let files = [
      "Sync/SyncInteractor.swift": """
      import RIBs
      import PromiseKit
      final class SyncInteractor: Interactor, SyncDelegate {
        lazy var pending = firstly { fetch() }.then { self.store($0) }
      }
      """,
      "Sync/firstly.swift": """
      final class firstly {
        var delegate: SyncDelegate?
      }
      """,
    ]
    #expect(try findingPlaces(files, .strongListener).isEmpty)
  }
}
