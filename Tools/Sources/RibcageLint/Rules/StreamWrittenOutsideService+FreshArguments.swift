import SwiftSyntax

/// A stream a type is handed at its construction, made on the spot by every call that builds the
/// type (`CategoryListInteractor(initialState: .init(value: component.initialState), …)` in the
/// RIB's own builder), is the type's own state: nobody else holds it, so writing it shares
/// nothing. One handed down from elsewhere (a parent's relay, a dependency's) stays a finding.
extension StreamWrittenOutsideService {
  /// The label of the initializer parameter `value` is (`initialState` for `self.state =
  /// initialState` in `init(initialState: …)`), if it is a labelled one.
  static func parameterLabel(_ value: ExprSyntax, at node: SequenceExprSyntax) -> String? {
    guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
    var current = node.parent
    while let parent = current {
      if let initializer = parent.as(InitializerDeclSyntax.self) {
        let parameter = initializer.signature.parameterClause.parameters.first {
          ($0.secondName ?? $0.firstName).text == name
        }
        guard let label = parameter?.firstName, label.tokenKind != .wildcard else { return nil }
        return label.text
      }
      if parent.is(MemberBlockSyntax.self) || parent.is(FunctionDeclSyntax.self)
        || parent.is(ClosureExprSyntax.self)
      {
        return nil
      }
      current = parent.parent
    }
    return nil
  }

  /// Notes, for a call building a type (`Name(label: …)`), which labelled arguments are streams
  /// made on the spot.
  func noteStreamArguments(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?)
  {
    guard base == nil, name.first?.isUppercase == true, !call.arguments.isEmpty else { return }
    for argument in call.arguments {
      guard let label = argument.label?.text else { continue }
      let key = "\(name).\(label)"
      if Self.makesStream(argument.expression) {
        context.facts.freshStreamArguments.insert(key)
      } else {
        context.facts.otherStreamArguments.insert(key)
      }
    }
  }

  /// `.init(value: x)`, `BehaviorRelay(value: [])`, `PublishSubject<Int>()`: a stream made here.
  static func makesStream(_ expression: ExprSyntax) -> Bool {
    guard let call = expression.as(FunctionCallExprSyntax.self) else { return false }
    if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
      return member.declName.baseName.tokenKind == .keyword(.`init`)
    }
    return writeSideTypes.contains(SyntaxQueries.calleeTypeName(call.calledExpression))
  }

  /// The writes to handed-in streams, but those every construction made fresh.
  static func parameterWrites(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var fresh: Set<String> = []
    var other: Set<String> = []
    for analysis in run.analyses {
      fresh.formUnion(analysis.facts.freshStreamArguments)
      other.formUnion(analysis.facts.otherStreamArguments)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for write in analysis.facts.parameterStreamWrites
      where !fresh.contains(write.parameter) || other.contains(write.parameter) {
        result.append(
          (
            index,
            RawFinding(
              rule: .streamWrittenOutsideService, place: write.place, message: write.message)
          ))
      }
    }
    return result
  }
}
