import SwiftSyntax

/// A view sending its listener the user's actions (`listener?.viewActions.onNext(.reload)`)
/// through a subject the listener requires for that: one that keeps no value (a publish subject
/// or relay, a passthrough subject) of an enum the app declares as its vocabulary of actions
/// (`BoardAction`, `WriteViewActions`, `FeedEvent`, `SearchIntent`). That is the listener's
/// designed input, as a reactor's `action` is: the view keeps nothing in it. A stream keeping a
/// value (`BehaviorRelay`), or carrying a value that is not an action (`PublishRelay<String>`,
/// an enum of states or of rows), is state the listener owns, and writing it stays a finding;
/// so is a write whose stream the listener's protocol does not declare.
extension StreamWrittenOutsideService {
  /// Streams that hand each value on and keep none.
  static let eventStreamTypes: Set<String> = [
    "PublishSubject", "PublishRelay", "PassthroughSubject",
  ]

  /// Notes a protocol's event stream and its element type (`PublishSubject<BoardAction>`); any
  /// other stream it requires as none ("": a `BehaviorRelay` of the same name in another
  /// module's protocol of the same name is no event stream).
  func noteEventStream(_ property: PropertyDeclaration, of info: TypeInfo) {
    let key = "\(info.name).\(property.name)"
    guard Self.eventStreamTypes.contains(property.typeName),
      let type = property.binding.typeAnnotation?.type,
      let generic = Self.genericArguments(of: type), generic.count >= 1,
      case .type(let element) = generic.first?.argument
    else {
      if Self.writeSideTypes.contains(property.typeName) {
        context.facts.protocolEventStreams[key] = ""
      }
      return
    }
    context.facts.protocolEventStreams[key] = element.baseName
  }

  /// A view side writing `path` (`listener.viewActions`) at `node`: judged once every file is
  /// read when the writer is a view or presenter; reported now otherwise. `sendsAValue`: the
  /// write hands on one value (`onNext`, `accept`, `send(_:)`); one that ends the stream or
  /// binds another to it (which ends it when that one ends) is no action sent.
  func drivenListenerWrite(
    _ path: String, at node: some SyntaxProtocol, in info: TypeInfo, sendsAValue: Bool
  ) {
    guard info.roles.contains(.view) || info.roles.contains(.presenter),
      let property = path.split(separator: ".").last.map(String.init)
    else {
      reportDrivenWrite(path, at: node, in: info)
      return
    }
    context.facts.listenerStreamWrites.append(
      (
        info.name, property, context.place(node), Self.drivenWriteMessage(info.name, path),
        sendsAValue
      ))
  }

  /// Whether `call` (a write by `method`) hands on values only: `onNext(x)`, `accept(x)`,
  /// `send(x)`, `on(.next(x))`, or binding a stream of the user's actions (a button's taps) —
  /// not `onError`, `onCompleted`, `send(completion:)`, `finish`, nor binding a stream that ends
  /// at once (`Observable.just(…)`: binding forwards its end, and the subject takes no action
  /// after it).
  static func sendsAValue(_ call: FunctionCallExprSyntax, method: String) -> Bool {
    switch method {
    case "onNext", "accept": return true
    case "send": return call.arguments.first?.label == nil
    case "on":
      return call.arguments.first?.expression.trimmedDescription.hasPrefix(".next") == true
    case "bind", "drive", "bindAndCatch":
      guard let source = call.calledExpression.as(MemberAccessExprSyntax.self)?.base else {
        return false
      }
      let text = source.trimmedDescription
      return !endingSources.contains { text.hasPrefix($0) }
    default: return false
    }
  }

  /// How streams that end once they have sent what they hold begin.
  static let endingSources = [
    "Observable.just(", "Observable.of(", "Observable.from(", "Observable.empty(", "Single.",
    "Maybe.", "Completable.", "Just(", "Empty(",
  ]

  /// The writes ``drivenListenerWrite(_:at:in:)`` deferred that are not the listener's action input.
  static func listenerWrites(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    // Per module (modules that name their parts plainly each have a `PresentableListener`);
    // from another module only when one module alone has the name.
    var listenerTypes: [String: [String: String]] = [:]  // name → module → listener
    var eventStreams: [String: [String: String]] = [:]  // "Listener.property" → module → element
    for (index, analysis) in run.analyses.enumerated() {
      let module = run.modules[index]
      for (writer, listener) in analysis.facts.listenerTypes {
        listenerTypes[writer, default: [:]][module] = listenerTypes[writer]?[module] ?? listener
      }
      for (key, element) in analysis.facts.protocolEventStreams {
        eventStreams[key, default: [:]][module] = eventStreams[key]?[module] ?? element
      }
    }
    func lookUp(_ name: String, in table: [String: [String: String]], from module: String)
      -> String?
    {
      guard let byModule = table[name] else { return nil }
      return byModule[module] ?? (byModule.count == 1 ? byModule.values.first : nil)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      let module = run.modules[index]
      for write in analysis.facts.listenerStreamWrites {
        if write.sendsAValue, let listener = lookUp(write.writer, in: listenerTypes, from: module),
          let element = lookUp("\(listener).\(write.property)", in: eventStreams, from: module),
          isActionVocabulary(element), run.declaration(element, from: index)?.shape == .enumType
        {
          continue
        }
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

  /// Names an action vocabulary ends with.
  static let actionSuffixes = [
    "Action", "Actions", "Event", "Events", "Intent", "Input", "Command",
  ]

  /// Whether an enum's name says it lists actions (`BoardAction`, not `NicknameState`).
  static func isActionVocabulary(_ name: String) -> Bool {
    actionSuffixes.contains { name.hasSuffix($0) }
  }

  /// `<BoardAction>` of `PublishSubject<BoardAction>` (optionals looked through).
  private static func genericArguments(of type: TypeSyntax) -> GenericArgumentListSyntax? {
    if let optional = type.as(OptionalTypeSyntax.self) {
      return genericArguments(of: optional.wrappedType)
    }
    if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return genericArguments(of: implicit.wrappedType)
    }
    return type.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
  }
}
