import RibcageLint
import Testing

/// `retain-cycle-closure` and property animators: an animator drops its blocks when the
/// animation ends, so one the type keeps holds `self` only while it animates. A data source
/// built the same way keeps its closure for good.
@Suite(.timeLimit(.minutes(10))) struct RetainCycleAnimatorTests {
  @Test func anAnimatorsBlocksAreNoCycleADataSourcesAre() throws {
    let source = """
      import RIBs
      import UIKit
      final class HomeViewController: UIViewController, HomePresentable {
        private var animator: UIViewPropertyAnimator?
        private var running: [UIViewPropertyAnimator] = []
        private var dataSource: DataSource?
        func appear() {
          animator = UIViewPropertyAnimator(duration: 0.3, curve: .easeIn) { self.view.alpha = 1 }
          let frame = UIViewPropertyAnimator(duration: 0.3, curve: .linear, animations: {
            self.view.frame = .zero
          })
          running.append(frame)
          dataSource = DataSource(configure: { self.view.tag = 1 })
          animator?.startAnimation()
          frame.startAnimation()
        }
        // The blur-intensity trick: paused half-way, it never ends and keeps its block.
        func blur() {
          animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: {
            self.view.alpha = 0.5
          })
          animator?.fractionComplete = 0.5
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure) == [13, 19])
  }
}
