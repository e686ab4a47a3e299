import SwiftParser
import SwiftSyntax

/// Observers that live until they are removed, added with the handle that removes them
/// dropped: a Firebase Realtime Database `ref.observe(.value) { … }` (it returns a
/// `DatabaseHandle`), a Firestore `addSnapshotListener { … }` (a `ListenerRegistration`).
///
/// Nothing ends such an observer: it keeps calling back after the RIB that asked deactivates
/// and after it goes, and every activation (or every call) adds another. Added from an
/// interactor or a worker, it is reported where it is added; added by a service's method that
/// drops the handle (`AccountDatabase.getAccount(completion:)`), where RIB code calls that
/// method with its callback — the service gives its callers no way to stop it.
extension UnboundSubscription {
  /// Realtime Database event types (`observe(.value)`, `observe(DataEventType.childAdded)`).
  static let databaseEvents: Set<String> = [
    "value", "childAdded", "childChanged", "childRemoved", "childMoved",
  ]

  /// Notes (or, in an interactor or a worker, reports) an observer added with its handle
  /// dropped; whether the call was one (it is then judged here only).
  @discardableResult
  func notePermanentObserver(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?, in info: TypeInfo
  ) -> Bool {
    if name == "removeAllObservers"
      || (name == "removeObserver" && call.arguments.first?.label?.text == "withHandle")
    {
      context.facts.observerRemovingTypes.insert(info.name)
      return false
    }
    guard let what = Self.permanentObserver(call, named: name, on: base) else { return false }
    if info.roles.contains(.interactor) || info.roles.contains(.worker) {
      let stop = info.roles.contains(.interactor) ? "willResignActive" : "didStop"
      // Decided when every file is read: the type may remove its observers elsewhere.
      guard context.enabled.contains(Rule.unboundSubscription.id), !context.inTestDouble else {
        return true
      }
      context.facts.droppedObservers.append(
        (
          info.name,
          RawFinding(
            rule: .unboundSubscription, place: context.place(call),
            message: "\(what) in \(info.name) drops the handle that removes it: it keeps "
              + "calling back after the RIB deactivates and after it goes, and each call adds "
              + "another; keep the handle and remove the observer in \(stop)")
        ))
    } else if let function = SyntaxQueries.enclosingFunction(of: call) {
      context.facts.permanentObservers["\(info.name).\(function)"] = what
    }
    return true
  }

  /// A service's method body outside RIB code (not walked): read, when its text adds or
  /// removes an observer, from a parse of the method alone.
  func notePermanentObservers(inSkipped body: CodeBlockSyntax) {
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    guard let info = context.frame?.info,
      [
        "observe(.", "observe(DataEventType", "SnapshotListener", "removeAllObservers",
        "removeObserver(withHandle",
      ].contains(where: { context.mentions($0, in: range) }),
      let function = body.parent?.as(FunctionDeclSyntax.self)
    else { return }
    let returns = function.signature.returnClause?.trimmedDescription ?? ""
    let text =
      "func \(function.name.text)() \(returns) "
      + String(decoding: context.bytes[range], as: UTF8.self)
    let calls = CallCollector(viewMode: .sourceAccurate)
    calls.walk(Parser.parse(source: text))
    for call in calls.calls {
      guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { continue }
      notePermanentObserver(call, named: member.declName.baseName.text, on: member.base, in: info)
    }
  }

  /// The calls in a tree.
  private final class CallCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
      calls.append(node)
      return .visitChildren
    }
  }

  /// What `base.name(…)` adds, if it is an observer that lives until removed and its handle is
  /// dropped: `ref.child(id).observe(.value) { … }`, `query.addSnapshotListener { … }` on a
  /// Firebase reference, query or collection.
  static func permanentObserver(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?
  ) -> String? {
    guard name == "observe" || name == "addSnapshotListener", let base else { return nil }
    if name == "observe" {
      // The event type first, unlabelled; a closure after it (`with:` or trailing).
      guard let first = call.arguments.first, first.label == nil,
        let event = first.expression.as(MemberAccessExprSyntax.self),
        databaseEvents.contains(event.declName.baseName.text),
        call.trailingClosure != nil || call.arguments.count > 1
      else { return nil }
    }
    // A database reference or query: `….child(…)`, `reference()`, a property named so.
    let receiver = base.trimmedDescription
    let isReference =
      ["child(", "reference(", "collection(", "document(", "query", "Query"]
      .contains { receiver.contains($0) }
      || SyntaxQueries.propertyName(SyntaxQueries.unwrapped(base)).map {
        $0.lowercased().hasSuffix("ref") || $0.lowercased().hasSuffix("reference")
      } == true
    guard isReference, discardsResult(call) else { return nil }
    return name == "observe" ? "a Firebase observer (observe)" : "a snapshot listener"
  }

  /// Notes a call handing a closure to a method of an object whose type is known (a type's
  /// shared instance, a property of a declared type).
  func noteCallbackCall(
    _ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?, in info: TypeInfo
  ) {
    guard let base = base.map(SyntaxQueries.unwrapped), !context.inTestDouble,
      call.trailingClosure != nil
        || call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
    else { return }
    var receiver: String?
    if let member = base.as(MemberAccessExprSyntax.self),
      let type = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
      type.first?.isUppercase == true
    {
      receiver = type  // `AccountDatabase.shared`
    } else if let property = SyntaxQueries.propertyName(base) {
      receiver = context.propertyTypes[info.name]?[property].map {
        TypeText.baseName(TypeText.normalized($0))
      }
    }
    guard let receiver, !receiver.isEmpty else { return }
    context.facts.callbackCalls.append(
      (user: info.name, receiver: receiver, method: name, place: context.place(call)))
  }

  /// RIB code calling a method that adds a permanent observer: reported at the call.
  static func permanentObserverFindings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] {
    var observers: [String: String] = [:]
    var removing: Set<String> = []
    for analysis in run.analyses {
      observers.merge(analysis.facts.permanentObservers) { first, _ in first }
      removing.formUnion(analysis.facts.observerRemovingTypes)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for dropped in analysis.facts.droppedObservers where !removing.contains(dropped.type) {
        result.append((index, dropped.finding))
      }
    }
    guard !observers.isEmpty else { return result }
    // A protocol's conformers answer for it (`AccountDatabaseProtocol`).
    var conformers: [String: [String]] = [:]
    // Sorted: the type named in a finding must not depend on a dictionary's order.
    for (type, inherited) in run.inheritance.sorted(by: { $0.key < $1.key }) {
      for parent in inherited { conformers[parent, default: []].append(type) }
    }
    for (index, analysis) in run.analyses.enumerated() {
      for call in analysis.facts.callbackCalls {
        let candidates = [call.receiver] + (conformers[call.receiver] ?? [])
        guard
          let type = candidates.first(where: {
            !removing.contains($0) && observers["\($0).\(call.method)"] != nil
          }),
          let what = observers["\(type).\(call.method)"]
        else { continue }
        result.append(
          (
            index,
            RawFinding(
              rule: .unboundSubscription, place: call.place,
              message: "\(call.user) calls \(type).\(call.method), which adds \(what) and drops "
                + "the handle that removes it: the observer keeps calling back after the RIB "
                + "deactivates and after it goes, and each call adds another; have "
                + "\(call.method) return the handle (or a Disposable) and remove it when the "
                + "RIB deactivates")
          ))
      }
    }
    return result
  }
}
