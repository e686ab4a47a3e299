// A routing protocol of uber's TicTacToe example and a harness, for docs/testing.md's mocks
// excerpt.
import Ribcage
import RibcageTesting
import Testing

@MainActor protocol GameRouting: Routing { func routeToScores() }

@MainActor @Test func gameRouterAttachesItsChild() {
  let harness = RIBHarness()
  // @block
  harness.expectNoLeaks()
}
