/// Public names a file can use from RxSwift, RxCocoa and RxRelay beyond those
/// ``RxEquivalent`` has a note for: schedulers, disposables, traits, `rx`.
///
/// An Rx import is removed only when no name in the file is one of these or of
/// ``RxEquivalent``'s, for the same reason as ``CombineVocabulary``.
enum RxVocabulary {
  /// Types and protocols, wherever they are written.
  static let typeNames: Set<String> = [
    "AnyObserver", "ObserverType", "ObservableConvertibleType", "CompositeDisposable",
    "SerialDisposable", "SingleAssignmentDisposable", "BooleanDisposable", "RefCountDisposable",
    "ScheduledDisposable", "Cancelable", "MainScheduler", "ConcurrentMainScheduler",
    "ConcurrentDispatchQueueScheduler", "SerialDispatchQueueScheduler", "OperationQueueScheduler",
    "CurrentThreadScheduler", "SchedulerType", "ImmediateSchedulerType", "PrimitiveSequence",
    "PrimitiveSequenceType", "Infallible", "Event", "RxError", "AsyncSubject", "Variable",
    "SubjectType", "Binder", "ControlEvent", "ControlProperty", "SharedSequence", "ReplayRelay",
    "RxTimeInterval", "Reactive", "ReactiveCompatible", "GroupedObservable",
    "ConnectableObservable", "SingleEvent", "MaybeEvent", "CompletableEvent", "DelegateProxy",
    "DelegateProxyType",
  ]

  /// Members, counted where they follow a `.`.
  static let memberNames: Set<String> = [
    "rx", "emit", "asDriver", "asSignal", "asSingle", "asMaybe", "asCompletable", "onError",
    "onCompleted", "withLatestFrom", "share", "catchError", "catchAndReturn", "just", "create",
    "empty", "never", "error", "of", "from", "interval", "timer", "dispose", "disposed",
    "instance",
  ]
}
