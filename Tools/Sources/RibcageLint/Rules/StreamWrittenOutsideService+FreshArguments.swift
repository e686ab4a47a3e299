import SwiftSyntax

/// A stream a type is handed at its construction, made on the spot by every call that builds the
/// type (`CategoryListInteractor(initialState: .init(value: component.initialState), …)` in the
/// RIB's own builder), is the type's own state: nobody else holds it, so writing it shares
/// nothing. One handed down from elsewhere (a parent's relay, a dependency's) stays a finding.
extension StreamWrittenOutsideService {
  /// The label of the initializer parameter `value` is (`initialState` for `self.state =
  /// initialState` in `init(initialState: …)`), if it is a labelled one.
  static func parameterLabel(_ value: ExprSyntax, at node: SequenceExprSyntax) -> String? {
    guard let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text,
      let parameter = enclosingInitializer(of: node)?.signature.parameterClause.parameters
        .first(where: { ($0.secondName ?? $0.firstName).text == name }),
      parameter.firstName.tokenKind != .wildcard
    else { return nil }
    return parameter.firstName.text
  }

  /// Notes, for a call building a type (`Name(label: …)`, `Name.init(label: …)`), which
  /// labelled arguments are streams made on the spot — only in the RIB's own builder building
  /// its own part (`ListBuilder` making `ListInteractor`): a preview, a demo or another RIB
  /// making one fresh says nothing of the app's; anywhere else, any argument counts as handed
  /// in.
  func noteStreamArguments(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?)
  {
    let type = SyntaxQueries.constructedTypeName(call.calledExpression)
    guard !type.isEmpty, type.first?.isUppercase == true, !call.arguments.isEmpty,
      !context.inTestDouble
    else { return }
    let builder = context.frames.last {
      $0.info.roles.contains(.builder) || $0.info.roles.contains(.component)
    }
    let isOwnBuilder = builder?.info.ribPrefix.map { type.hasPrefix($0) } ?? false
    for argument in call.arguments {
      guard let label = argument.label?.text else { continue }
      let key = "\(type).\(label)"
      if isOwnBuilder, Self.makesStream(argument.expression) {
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
    return writeSideTypes.contains(SyntaxQueries.constructedTypeName(call.calledExpression))
  }

  /// The writes to handed-in streams, but those every construction made fresh.
  static func parameterWrites(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var fresh: Set<String> = []
    var other: Set<String> = []
    var several: Set<String> = []
    for analysis in run.analyses {
      fresh.formUnion(analysis.facts.freshStreamArguments)
      other.formUnion(analysis.facts.otherStreamArguments)
      several.formUnion(analysis.facts.severalInitializers)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for write in analysis.facts.parameterStreamWrites {
        let type = String(write.parameter.prefix { $0 != "." })
        guard
          !fresh.contains(write.parameter) || other.contains(write.parameter)
            || several.contains(type) || run.moduleCount(declaring: type) > 1
        else { continue }
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

extension StreamWrittenOutsideService {
  /// The initializers a type's declaration (or extension) declares.
  static func initializerCount(_ declaration: Syntax) -> Int {
    let members =
      declaration.as(ClassDeclSyntax.self)?.memberBlock.members
      ?? declaration.as(ExtensionDeclSyntax.self)?.memberBlock.members
      ?? declaration.as(StructDeclSyntax.self)?.memberBlock.members
    return members?.filter { $0.decl.is(InitializerDeclSyntax.self) }.count ?? 0
  }
}
