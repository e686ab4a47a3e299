import SwiftSyntax

extension UnboundSubscription {
  /// `NotificationCenter.default.addObserver(forName:object:queue:) { … }` whose token is
  /// dropped: the center keeps a block observer until it is removed with that token
  /// (`removeObserver(self)` does not remove it), so the observation outlives deactivation and
  /// the RIB itself, and every activation that adds one adds another.
  func reportDroppedObserverToken(_ call: FunctionCallExprSyntax, in info: TypeInfo) {
    guard call.arguments.first?.label?.text == "forName",
      call.trailingClosure != nil || call.arguments.contains(where: { $0.label?.text == "using" }),
      Self.discardsResult(call)
    else { return }
    let stop = info.roles.contains(.interactor) ? "willResignActive" : "didStop"
    context.report(
      .unboundSubscription, call,
      "notification observer in \(info.name) drops the token addObserver(forName:) returns: "
        + "the block observer stays registered after deactivation and after the RIB goes "
        + "(removeObserver(self) does not remove it); keep the token and pass it to "
        + "removeObserver(_:) in \(stop)")
  }

  /// Whether a call is a statement of its own, or assigned to `_`.
  static func discardsResult(_ call: FunctionCallExprSyntax) -> Bool {
    if let item = call.parent?.as(CodeBlockItemSyntax.self) {
      // The only statement of a closure or a function returning something returns it.
      guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else {
        return true
      }
      if list.parent?.is(ClosureExprSyntax.self) == true { return false }
      if let function = list.parent?.parent?.as(FunctionDeclSyntax.self) {
        return function.signature.returnClause == nil
      }
      return list.parent?.parent?.is(AccessorBlockSyntax.self) != true
        && list.parent?.is(AccessorBlockSyntax.self) != true
    }
    // `let _ = center.addObserver(…)`.
    if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
      PatternBindingSyntax.self), binding.pattern.is(WildcardPatternSyntax.self)
    {
      return true
    }
    if let sequence = call.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self),
      let first = sequence.elements.first, first.is(DiscardAssignmentExprSyntax.self),
      sequence.elements.count == 3, sequence.elements.last?.id == call.id
    {
      return true
    }
    return false
  }
}
