import RibcageLint
import Testing

// `mutable-view-model` (Sources/RibcageLint/Rules/MutableViewModel.swift): code that must fire and code
// that must not, Ribcage and uber/RIBs / ModernRIBs code alike, and the faults of its class
// found in public RIBs apps (docs/lint-evaluation.md).

@Suite(.timeLimit(.minutes(10))) struct MutableViewModelTests {
  @Test func firesOnClassesAndVars() throws {
    let source = """
      final class TripViewModel: ObservableObject { var title = "" }
      struct HomeViewModel: Equatable {
        var title: String
        let rows: [String]
      }
      """
    #expect(try lines(source, .mutableViewModel) == [1, 3])
  }

  @Test func quietForImmutableStructs() throws {
    let source = """
      struct HomeViewModel: Equatable, Codable {
        let title: String
        var isEmpty: Bool { title.isEmpty }
        static var placeholder: HomeViewModel { HomeViewModel(title: "") }
      }
      struct HomeState { var title: String }
      """
    #expect(try lines(source, .mutableViewModel).isEmpty)
  }
}
