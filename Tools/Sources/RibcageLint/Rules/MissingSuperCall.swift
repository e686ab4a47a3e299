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
    let type = context.frame?.info.name ?? ""
    var callsSuper = false
    for token in body.statements.tokens(viewMode: .sourceAccurate)
    where token.tokenKind == .keyword(.super) {
      if let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
        member.declName.baseName.text == name
      {
        callsSuper = true
      }
    }
    // Work of its own: any statement but the call to super.
    let doesWork = body.statements.count > (callsSuper ? 1 : 0)
    context.facts.hookOverrides[type, default: [:]][name] = doesWork
    guard !callsSuper, !context.inTestDouble else { return }
    context.facts.skippedSupers.append(
      (
        type, name, context.place(function.name),
        "override of \(name) does not call super.\(name): the base class's work is skipped; "
          + "call super.\(name)(\(name == "didStart" ? "interactorScope" : "")) first",
        context.framework == .ribcage || context.framework == .unknown
      ))
  }

  /// An override skipping `super` is reported only where the skipped hook does something:
  /// a superclass of the app's own that overrides it with work, or Ribcage's bases (whose hooks
  /// are part of the contract). uber/RIBs' and ModernRIBs' `didBecomeActive`,
  /// `willResignActive` and `didLoad` are empty: skipping them changes nothing.
  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var overrides: [String: [String: Bool]] = [:]
    for analysis in run.analyses {
      overrides.merge(analysis.facts.hookOverrides) { first, _ in first }
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for skipped in analysis.facts.skippedSupers {
        var superclass = run.inheritance[skipped.type]?.first
        var seen: Set<String> = [skipped.type]
        var doesWork = skipped.frameworkDoesWork
        while let current = superclass, seen.insert(current).inserted {
          // A superclass of the app's own: does it (or one above it) do work in the hook?
          guard let above = run.inheritance[current] else { break }
          if overrides[current]?[skipped.hook] == true {
            doesWork = true
            break
          }
          superclass = above.first
        }
        guard doesWork else { continue }
        result.append(
          (
            index,
            RawFinding(rule: .missingSuperCall, place: skipped.place, message: skipped.message)
          ))
      }
    }
    return result
  }
}
