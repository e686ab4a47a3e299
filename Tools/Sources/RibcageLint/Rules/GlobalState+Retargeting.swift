import SwiftSyntax

/// A view handing a shared object a way back to itself (`Sheet.shared.delegate = self`,
/// `Sheet.shared.configure(listener: self)`, `Sheet.shared.onConfirm = { … }`): the next screen
/// to do the same takes the shared object over, and the first one's callbacks go nowhere.
/// Setting what a shared overlay shows (`Toast.shared.label.text = …`, `.isHidden = false`)
/// is presentation.
extension GlobalState {
  /// Whether the shared instance reached at `access` (`Sheet.shared`) is given the writer
  /// itself, a closure, or a value for a property named as a callback.
  static func retargets(_ access: MemberAccessExprSyntax) -> Bool {
    var node = Syntax(access)
    var lastMember: String?
    while let parent = node.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id {
        if let call = member.parent?.as(FunctionCallExprSyntax.self),
          call.calledExpression.id == member.id
        {
          return call.arguments.contains { SyntaxQueries.isSelf($0.expression) }
        }
        lastMember = member.declName.baseName.text
        node = parent
      } else if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
      {
        node = parent
      } else {
        break
      }
    }
    guard let lastMember, let list = node.parent?.as(ExprListSyntax.self),
      let index = list.firstIndex(where: { $0.id == node.id })
    else { return false }
    let operatorIndex = list.index(after: index)
    guard operatorIndex != list.endIndex, list[operatorIndex].is(AssignmentExprSyntax.self)
    else { return false }
    let valueIndex = list.index(after: operatorIndex)
    guard valueIndex != list.endIndex else { return false }
    let value = list[valueIndex]
    return SyntaxQueries.isSelf(value) || value.is(ClosureExprSyntax.self)
      || isCallbackName(lastMember)
  }

  /// `delegate`, `listener`, `dataSource`, `completionHandler`, `onConfirm`.
  static func isCallbackName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if ["delegate", "listener", "datasource", "handler", "callback", "completion", "action"]
      .contains(where: { lowered.hasSuffix($0) })
    {
      return true
    }
    return name.hasPrefix("on") && name.dropFirst(2).first?.isUppercase == true
  }
}
