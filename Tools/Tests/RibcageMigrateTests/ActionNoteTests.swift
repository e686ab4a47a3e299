import RibcageMigrate
import Testing

/// Where a person must act, `ribcage migrate` says so at the line, and only there.
@Suite(.timeLimit(.minutes(10))) struct ActionNoteTests {
  @Test func moduleQualifiedNamesAreRewrittenAndGoneOnesNoted() {
    let text = """
      import ModernRIBs

      protocol TripViewControllable: ModernRIBs.ViewControllable {}
      final class TripRouter: ModernRIBs.ViewableRouter<TripInteractable, TripViewControllable> {
        let scope: ModernRIBs.RouterScope? = nil
        let made = ModernRIBs.Interactor()
      }
      """
    let result = Migrator().migrate(text, path: "TripRouter.swift")
    #expect(result.text.contains("protocol TripViewControllable: Ribcage.ViewControllable {}"))
    #expect(result.text.contains(": Ribcage.ViewableRouter<TripInteractable"))
    #expect(result.text.contains("let made = Ribcage.Interactor()"))
    #expect(!result.text.contains("ModernRIBs."))
    #expect(result.notes.map(\.line) == [5])
    #expect(result.notes.first?.message.contains("RouterScope") == true)
    #expect(result.notes.first?.guideSection == "api-map")
    #expect(!Migrator().migrate(result.text, path: "TripRouter.swift").changed, "idempotent")

    let uber = "import RIBs\nlet lifecycle: RIBs.RouterLifecycle? = nil\n"
    let fromUber = Migrator().migrate(uber, path: "A.swift")
    #expect(fromUber.text.contains("let lifecycle: Ribcage.RouterLifecycle? = nil"))
    #expect(fromUber.notes.map(\.line) == [2])
  }

  @Test func protocolStyleDoublesPointToPortingTests() {
    let text = """
      import Combine
      import ModernRIBs
      @testable import Trip

      final class TripRoutingMock: TripRouting {
        var lifecycle: AnyPublisher<RouterLifecycle, Never> { Empty().eraseToAnyPublisher() }
        func routeToFare() {}
      }

      final class TripInteractableMock: TripInteractable {}

      final class ChildRouting: ViewableRouting {}

      final class FareRouterMock: Router<FareInteractable>, FareRouting {}

      final class TripInteractor: PresentableInteractor<TripPresentable>, TripInteractable {}
      """
    let result = Migrator().migrate(text, path: "TripMocks.swift")
    let lines = result.notes.map(\.line)
    #expect(lines == [5, 6, 10, 12])
    #expect(result.notes.allSatisfy { $0.guideSection == "porting-tests" })
    let messages = result.notes.map(\.message)
    #expect(messages.first?.contains("RouterMock") == true)
    #expect(messages.dropFirst(2).first?.contains("InteractableMock") == true)
  }

  @Test func aBareInteractorUsedAsInteractableIsNoted() {
    let text = """
      import ModernRIBs

      let child = Router<Interactable>(interactor: Interactor())
      let plain: Interactable = Interactor()
      let fine = Router(interactor: Interactor())
      """
    let result = Migrator().migrate(text, path: "RouterTests.swift")
    #expect(result.notes.map(\.line) == [3, 4])
    #expect(result.notes.allSatisfy { $0.guideSection == "porting-tests" })
    #expect(result.notes.first?.message.contains("InteractableMock()") == true)
  }

  @Test func xcTestClassesOnRIBsPointToSwiftTesting() {
    let text = """
      import ModernRIBs
      import XCTest

      final class TripInteractorTests: XCTestCase {
        func testActivates() {}
      }
      """
    let result = Migrator().migrate(text, path: "TripInteractorTests.swift")
    #expect(result.notes.map(\.line) == [4])
    #expect(result.notes.first?.guideSection == "porting-tests")
    #expect(result.notes.first?.message.contains("Swift Testing") == true)
    // A test of RIB code reached through `@testable import` alone.
    let testable = """
      @testable import Trip
      import XCTest

      final class TripRouterTests: XCTestCase {
        func testRoutes() { _ = TripRouter(interactor: TripInteractableMock()) }
      }
      """
    #expect(Migrator().migrate(testable, path: "TripRouterTests.swift").notes.map(\.line) == [4])
    // An XCTest class with no RIB code in sight is not the migration's business.
    let plain = "import XCTest\n\nfinal class FormatTests: XCTestCase {}\n"
    #expect(Migrator().migrate(plain, path: "FormatTests.swift").notes.isEmpty)
  }

  @Test func combineExtSubjectsAreNotRxSwift() {
    let text = """
      import Combine
      import CombineExt
      import ModernRIBs

      final class FareInteractor: Interactor {
        let fares: ReplaySubject<Int, Never> = ReplaySubject(bufferSize: 1)
        let relay = CurrentValueRelay<Observable>(.init())
      }
      """
    let result = Migrator().migrate(text, path: "FareInteractor.swift")
    #expect(result.notes.isEmpty, "\(result.notes.map(\.rendered))")
  }

  @Test func everyNewNoteLinksToASectionOfTheGuide() throws {
    let guide = try MigrationGuide.load()
    let samples = [
      "import ModernRIBs\nlet s: ModernRIBs.RouterScope\nfinal class M: XRouting {}\n",
      "import ModernRIBs\nimport XCTest\nfinal class T: XCTestCase {}\nlet i: Interactable = Interactor()\n",
    ]
    for sample in samples {
      for note in Migrator().migrate(sample, path: "A.swift").notes {
        #expect(guide.anchors.contains(note.guideSection), "no section #\(note.guideSection)")
      }
    }
  }
}
