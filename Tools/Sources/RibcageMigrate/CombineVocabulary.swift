/// Every public name a file can use from Combine: its types and protocols, and the members it
/// adds (operators, subscribing, the publishers of Foundation types).
///
/// `ribcage migrate` removes an `import Combine` only when no name in the file is one of these:
/// a wrong removal breaks a file that compiled, a wrong keep costs one import. Names Combine
/// shares with the standard library (`map`, `filter`, `first`, ...) therefore count: the base
/// of `fares.map` may well be a publisher declared in another file.
enum CombineVocabulary {
  /// Types, protocols and namespaces, wherever they are written (`Empty`, `@Published`,
  /// `some Scheduler`, `Publishers.Merge`, `NotificationCenter.Publisher`).
  static let typeNames: Set<String> = [
    "AnyCancellable", "AnyPublisher", "AnySubscriber", "Cancellable", "CombineIdentifier",
    "ConnectablePublisher", "CurrentValueSubject", "CustomCombineIdentifierConvertible",
    "Deferred", "Empty", "Fail", "Future", "ImmediateScheduler", "Just", "ObservableObject",
    "ObservableObjectPublisher", "PassthroughSubject", "Published", "Publisher", "Publishers",
    "Record", "Scheduler", "SchedulerTimeIntervalConvertible", "Subject", "Subscriber",
    "Subscribers", "Subscription", "Subscriptions", "TopLevelDecoder", "TopLevelEncoder",
    "TimerPublisher", "DataTaskPublisher", "KeyValueObservingPublisher", "SchedulerTimeType",
    "SchedulerOptions", "AsyncPublisher", "AsyncThrowingPublisher",
  ]

  /// Members, counted where they follow a `.` (`x.sink`, `.store(in:)`, `Timer.publish`).
  static let memberNames: Set<String> = [
    // Subscribing and cancelling.
    "sink", "assign", "store", "subscribe", "receive", "cancel", "request", "send",
    "eraseToAnyPublisher", "eraseToAnySubscriber", "combineIdentifier", "values",
    "objectWillChange", "publisher", "publish", "dataTaskPublisher", "autoconnect", "connect",
    "makeConnectable", "multicast", "share", "unlimited", "finished", "failure",
    // Operators.
    "map", "tryMap", "compactMap", "tryCompactMap", "filter", "tryFilter", "flatMap",
    "switchToLatest", "removeDuplicates", "tryRemoveDuplicates", "replaceNil", "replaceEmpty",
    "replaceError", "mapError", "setFailureType", "catch", "tryCatch", "retry", "scan",
    "tryScan", "reduce", "tryReduce", "collect", "count", "first", "tryFirst", "last",
    "tryLast", "min", "max", "tryMin", "tryMax", "contains", "tryContains", "allSatisfy",
    "tryAllSatisfy", "drop", "dropFirst", "tryDrop", "prefix", "tryPrefix", "output",
    "ignoreOutput", "append", "prepend", "merge", "combineLatest", "zip", "debounce",
    "throttle", "delay", "timeout", "measureInterval", "handleEvents", "print", "breakpoint",
    "breakpointOnError", "encode", "decode", "buffer", "assertNoFailure", "schedule",
    "minimumTolerance", "now",
  ]

  /// Libraries built on Combine: a file importing one keeps Combine (their types are
  /// publishers and subjects whose members come from Combine).
  static func isCombineLibrary(_ module: String) -> Bool {
    module != "Combine" && module.hasPrefix("Combine")
  }
}
