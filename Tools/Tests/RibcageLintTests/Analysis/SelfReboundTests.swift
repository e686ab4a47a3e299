import SwiftParser
import SwiftSyntax
import Testing

@testable import RibcageLint

/// A name rebound to `self` (`guard let owner = self`) is `self` until it is bound again, in a
/// function of ten statements or of thousands: long lists are indexed once, not scanned back
/// from every use.
@Suite(.timeLimit(.minutes(2))) struct SelfReboundTests {
  /// Whether the receiver of each `….start()` is `self` there, in a body with `filler` pairs of
  /// statements between the bindings.
  private func answers(filler: Int) -> [Bool] {
    let padding = (0..<filler).map { "    let v\($0) = UIView()\n    container.addSubview(v\($0))" }
      .joined(separator: "\n")
    let source = """
      final class Screen {
        func build() {
          owner.start()
      \(padding)
          guard let owner = self else { return }
      \(padding)
          owner.start()
          container.start()
          let owner = other
      \(padding)
          owner.start()
          if let owner = self { owner.start() }
          owner.start()
        }
      }
      """
    let tree = Parser.parse(source: source)
    final class Uses: SyntaxVisitor {
      var found: [Bool] = []
      override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base, node.declName.baseName.text == "start" {
          found.append(SyntaxQueries.isSelf(base))
        }
        return .visitChildren
      }
    }
    let uses = Uses(viewMode: .sourceAccurate)
    uses.walk(tree)
    return uses.found
  }

  @Test func aLongBodyAnswersAsAShortOne() {
    // `owner` before any binding, after `guard let owner = self`, `container`, after `let owner
    // = other`, inside `if let owner = self`, and after it.
    let expected = [false, true, false, false, true, false]
    #expect(answers(filler: 2) == expected)
    #expect(answers(filler: 2_000) == expected)
  }
}
