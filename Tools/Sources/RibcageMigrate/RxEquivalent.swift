/// What an RxSwift type or operator becomes on Ribcage: one row of the guide's table "Rx and
/// Combine, operator by operator", which every note made from it links to.
///
/// A note names the Ribcage form at the line it is needed, so a person rewriting a chain does not
/// have to look each operator up.
enum RxEquivalent {
  /// The guide's section that holds the table.
  static let section = "rx-and-combine-operator-by-operator"

  /// The Ribcage form of an RxSwift type, by its name.
  static let types: [String: String] = [
    "Observable": "StateStream<T> for a value that changes, EventStream<T> for events, "
      + "an async function for one-shot work",
    "ObservableType": "StateStream<T> or EventStream<T>",
    "BehaviorRelay": "MutableStateStream<T>, kept by its owner; others read its .stream",
    "BehaviorSubject": "MutableStateStream<T>, kept by its owner; others read its .stream",
    "PublishRelay": "EventRelay<T>, kept by its owner; others read its .stream",
    "PublishSubject": "EventRelay<T>, kept by its owner; others read its .stream",
    "ReplaySubject": "MutableStateStream<T> (replays the latest value)",
    "Single": "an async throws function, run in task { } (cancelled at deactivation)",
    "Maybe": "an async throws function returning an Optional, run in task { }",
    "Completable": "an async throws function returning nothing, run in task { }",
    "DisposeBag": "bind each subscription with cancelOnDeactivate(interactor:), or keep "
      + "[StreamSubscription] and cancel them",
    "Disposable": "StreamSubscription (a CancellableWork), or the guide's Disposable bridge "
      + "while Rx stays",
    "Disposables": "StreamSubscription (a CancellableWork)",
    "Driver": "StateStream<T> (already delivered on the main actor)",
    "Signal": "EventStream<T> (already delivered on the main actor)",
  ]

  /// The Ribcage form of an RxSwift operator or method, by its name.
  static let members: [String: String] = [
    "subscribe": "observe { } (in an interactor, observe(stream) { } binds it while active)",
    "disposed": "cancelOnDeactivate(interactor:) or cancelOnStop(worker:) on the subscription",
    "asObservable": ".stream, the read side of a MutableStateStream or EventRelay",
    "bind": "observe { [weak self] in self?.value = $0 }",
    "drive": "observe { [weak self] in self?.value = $0 }",
    "take": "prefix(n), or first() for take(1)",
    "skip": "no skip: filter with a counter, or dropFirst() on stream.values",
    "distinctUntilChanged": "removeDuplicates()",
    "flatMapLatest": "flatMapLatest { } (same name, synchronous)",
    "observeOn": "nothing: streams deliver on the main actor",
    "subscribeOn": "nothing: streams deliver on the main actor; run slow work in task { }",
    "observe": "a StateStream the object's owner updates (no KVO)",
    "accept": "send(_:) on the owner's MutableStateStream or EventRelay",
    "onNext": "send(_:) on the owner's MutableStateStream or EventRelay",
    "do": "map { value in effect(value); return value }, or the code after cancel()",
  ]

  /// The note for an Rx type.
  static func note(forType name: String) -> String? {
    types[name].map { "\(name) is RxSwift: on Ribcage, \($0)" }
  }

  /// The note for an Rx operator.
  static func note(forMember name: String) -> String? {
    members[name].map { "Rx .\(name): on Ribcage, \($0)" }
  }
}
