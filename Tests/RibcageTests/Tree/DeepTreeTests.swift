import Ribcage
import RibcageTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct DeepTreeTests {
  static let depth = 10_000

  /// Builds a chain `depth` routers long below `top` and returns the bottom router.
  private func chain(below top: RouterNode, depth: Int) -> RouterNode {
    var bottom = top
    for _ in 0..<depth {
      let next = NodeRouter()
      bottom.attachChild(next)
      bottom = next
    }
    return bottom
  }

  @Test func tenThousandLevelsAttachActivateDetachAndDeallocate() {
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    do {
      let top = NodeRouter()
      _ = chain(below: top, depth: Self.depth - 1)
      root.attachChild(top)  // activates 10,000 levels
    }
    var levels = 0
    var activeLevels = 0
    var bottom: RouterNode? = root
    while let next = bottom?.children.first {
      bottom = next
      levels += 1
      if next.interactable.isActive { activeLevels += 1 }
    }
    #expect(levels == Self.depth)
    #expect(activeLevels == Self.depth)
    weak let weakBottom = bottom
    weak let weakTop = root.children.first
    bottom = nil
    root.detachChild(root.children[0])  // deactivates 10,000 levels
    #expect(weakTop == nil)
    #expect(weakBottom == nil)
    harness.expectNoLeaks()
  }

  @Test func deepSnapshotAndLinearRenderings() {
    let root = RootRouter()
    _ = chain(below: root, depth: Self.depth)
    let snapshot = root.snapshot()
    #expect(snapshot.count == Self.depth + 1)
    let json = snapshot.jsonRendering(prettyPrinted: false)
    #expect(json.hasPrefix("{\"name\":\"Root\""))
    #expect(json.hasSuffix(String(repeating: "]}", count: Self.depth + 1)))
    #expect(snapshot.mermaidRendering().contains("n9999 --> n10000"))
    #expect(snapshot.dotRendering().contains("n9999 -> n10000;"))
  }

  /// Indented renderings grow with the square of the depth (each line is indented by its depth),
  /// so they are checked on a tree of a thousand levels.
  @Test func deepIndentedRenderings() {
    let root = RootRouter()
    _ = chain(below: root, depth: 1_000)
    let snapshot = root.snapshot()
    let lines = snapshot.textRendering().split(separator: "\n")
    #expect(lines.count == 1_001)
    #expect(lines.last == Substring(String(repeating: " ", count: 3 * 999) + "└─ Node [inactive]"))
    // Eight lines per node, seven for the leaf (its empty children close on one line).
    #expect(snapshot.jsonRendering().split(separator: "\n").count == 1_000 * 8 + 7)
  }

  @Test func deepTreeReleasedWhileAttachedDoesNotOverflow() {
    var root: RootRouter? = RootRouter()
    weak let weakBottom = chain(below: root!, depth: Self.depth)
    #expect(weakBottom != nil)
    root = nil
    #expect(weakBottom == nil)
  }
}
