import SwiftSyntax

extension Rule {
  public static let missingSuperCall = Rule(
    id: "missing-super-call", name: "MissingSuperCall",
    summary: "A lifecycle override does not call super.",
    rationale: """
      `didBecomeActive`, `willResignActive`, `didLoad`, `didStart` and `didStop` are hooks the \
      base classes may also use (and a superclass of yours may do work in). An override that \
      does not call `super` silently skips that work. Call `super.<hook>()` first.
      """,
    badExample: "override func didBecomeActive() { startTracking() }",
    goodExample: "override func didBecomeActive() { super.didBecomeActive(); startTracking() }",
    defaultSeverity: .warning)
}

/// `missing-super-call`: lifecycle overrides whose body never calls the same hook on `super`.
final class MissingSuperCall: FileRule, LintRule {
  static let description = Rule.missingSuperCall
  override class var hooks: Set<Hook> { [.functions] }

  static let lifecycleHooks: Set<String> = [
    "didBecomeActive", "willResignActive", "didLoad", "didStart", "didStop",
  ]

  override func visit(_ function: FunctionDeclSyntax) {
    let name = function.name.text
    guard Self.lifecycleHooks.contains(name), let body = function.body,
      function.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) })
    else { return }
    for token in body.statements.tokens(viewMode: .sourceAccurate)
    where token.tokenKind == .keyword(.super) {
      if let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == name
      {
        return
      }
    }
    context.report(
      .missingSuperCall, function.name,
      "override of \(name) does not call super.\(name): the base class's work is skipped; "
        + "call super.\(name)(\(name == "didStart" ? "interactorScope" : "")) first")
  }
}
