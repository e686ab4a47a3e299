import Foundation
import RibcageLint
import Testing

private let docsFolder =
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
  + "/docs/rules"

/// The ```swift blocks of a rule's page: the bad example first, then the good one.
private func examples(of rule: Rule) throws -> [String] {
  let text = try String(contentsOfFile: "\(docsFolder)/\(rule.id).md", encoding: .utf8)
  return text.components(separatedBy: "```swift\n").dropFirst().map {
    String($0.prefix { _ in true }.components(separatedBy: "\n```")[0])
  }
}

/// Every rule has a page whose bad example fires the rule and whose good example does not.
@Test(.timeLimit(.minutes(10)), arguments: Rule.all.filter { $0.id != Rule.childKnowsParent.id })
func theRulePagesExamplesBehaveAsTheySay(rule: Rule) throws {
  let blocks = try examples(of: rule)
  try #require(blocks.count == 2, "docs/rules/\(rule.id).md needs a bad and a good swift example")
  #expect(
    try !findings("import Ribcage\n" + blocks[0], rule: rule).isEmpty, "bad example of \(rule.id)")
  #expect(
    try findings("import Ribcage\n" + blocks[1], rule: rule).isEmpty, "good example of \(rule.id)")
}

@Test(.timeLimit(.minutes(10))) func childKnowsParentsPageExamplesBehaveInATree() throws {
  let blocks = try examples(of: .childKnowsParent)
  let tree = """
    import Ribcage
    final class RootBuilder: Builder<RootDependency> { let home = HomeBuilder(dependency: x) }
    final class HomeBuilder: Builder<HomeDependency> {}
    final class RootInteractor: Interactor {}
    final class SettingsRouter: Router<SettingsInteractor> {}

    """
  #expect(try findings(tree + blocks[0], rule: .childKnowsParent).count == 2)
  #expect(try findings(tree + blocks[1], rule: .childKnowsParent).isEmpty)
}
