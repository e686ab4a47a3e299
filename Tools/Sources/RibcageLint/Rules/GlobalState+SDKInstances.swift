import SwiftSyntax

extension GlobalState {
  /// `Auth.auth()`, `Firestore.firestore()`, `Messaging.messaging()` in an interactor, router or
  /// worker: an SDK's shared instance, reached by the accessor named after its type. It is
  /// app-wide state as much as a `static let shared` of the app's own (sign-in state, a
  /// database every RIB writes), and a RIB reaching it directly cannot be tested without the SDK
  /// or given another instance. Components and builders making services from it are wiring;
  /// views are left to `view-has-logic`.
  func noteSDKInstance(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {
    guard call.arguments.isEmpty, call.trailingClosure == nil,
      let type = base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      Self.isAccessorNamedAfter(type, name),
      let user = context.outermostRIBType, !context.inTestDouble,
      !Self.isCompositionRoot(user),
      !user.roles.isDisjoint(with: [.interactor, .router, .worker]),
      user.roles.isDisjoint(with: [.component, .builder, .view]),
      // `init(auth: AuthProviding = Auth.auth())` injects it: a test hands another.
      !Self.isDefaultArgument(call)
    else { return }
    guard sdkInstanceLines.insert(context.place(call).line).inserted else { return }
    let message =
      "\(user.name) reaches \(type).\(name)(), the SDK's shared instance: app-wide state every "
      + "RIB can reach, invisible to DI and not replaceable in tests; wrap it in a service a "
      + "component creates and injects"
    context.facts.sdkInstanceUses.append(
      (user.name, RawFinding(rule: .globalState, place: context.place(call), message: message)))
  }

  /// The SDK instances reached from RIB code, but not from a composition root (an app's
  /// launcher or root component, known once every file is read).
  static func sdkInstanceFindings(in run: RunFacts, roots: Set<String>)
    -> [(file: Int, finding: RawFinding)]
  {
    run.analyses.enumerated().flatMap { index, analysis in
      analysis.facts.sdkInstanceUses.filter { !roots.contains($0.user) }.map { (index, $0.finding) }
    }
  }

  /// Whether `call` is a parameter's default value.
  static func isDefaultArgument(_ call: FunctionCallExprSyntax) -> Bool {
    call.parent?.as(InitializerClauseSyntax.self)?.parent?.is(FunctionParameterSyntax.self) == true
  }

  /// Whether `member` is `type` with its first letter lowered (`Auth.auth`).
  static func isAccessorNamedAfter(_ type: String, _ member: String) -> Bool {
    guard let first = type.first, first.isUppercase, type.count == member.count,
      type.count > 2
    else { return false }
    return member.first == Character(first.lowercased()) && member.dropFirst() == type.dropFirst()
  }
}
