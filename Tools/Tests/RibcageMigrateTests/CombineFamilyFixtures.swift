/// One small file per public name family of Combine, written for these tests: each uses that
/// family and nothing else Combine's own, inside a ModernRIBs file (so `ribcage migrate` works
/// on it). After migrating, each must keep Combine (as `import RibcageCombine`) and type-check.
///
/// Each is a complete file that compiles against Combine with Swift 6 and main-actor default
/// isolation; `MigratedCombineTypeCheckTests` builds them after migrating.
enum CombineFamilyFixtures {
  /// The family's name and the file.
  static let all: [(family: String, text: String)] = [
    ("Empty", rib("let nothing = Empty<Int, Never>()")),
    ("Fail", rib("let failed = Fail<Int, CancellationError>(error: CancellationError())")),
    ("Publishers alone", rib("func count(_ fares: Publishers.Sequence<[Int], Never>) {}")),
    (
      "Subscribers.Sink",
      rib(
        "let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })"
      )
    ),
    ("ObservableObject", rib("final class FareModel: ObservableObject {}")),
    ("@Published", rib("final class TripModel {\n  @Published var title = \"\"\n}")),
    ("Timer.publish", rib("let ticks = Timer.publish(every: 1, on: .main, in: .common)")),
    (
      "NotificationCenter.publisher",
      rib("let notes = NotificationCenter.default.publisher(for: Notification.Name(\"trip\"))")
    ),
    ("some Publisher", rib("func observe(_ fares: some Publisher) {}")),
    ("some Scheduler", rib("func run(on scheduler: some Scheduler) {}")),
    ("Subject", rib("func feed(_ subject: some Subject<Int, Never>) { subject.send(1) }")),
    ("Subscriber", rib("func attach(_ subscriber: some Subscriber<Int, Never>) {}")),
    ("Subscription", rib("func start(_ subscription: any Subscription) {}")),
    ("Subscriptions", rib("let none = Subscriptions.empty")),
    ("AnySubscriber", rib("let anySubscriber = AnySubscriber<Int, Never>()")),
    ("Deferred", rib("let later = Deferred { Empty<Int, Never>() }")),
    ("Record", rib("let recorded = Record<Int, Never>(output: [1, 2], completion: .finished)")),
    ("Future", rib("let one = Future<Int, Never> { promise in promise(.success(1)) }")),
    ("Just", rib("let just = Just(1)")),
    ("AnyPublisher", rib("let erased: AnyPublisher<Int, Never>? = nil")),
    ("PassthroughSubject", rib("let taps = PassthroughSubject<Int, Never>()")),
    ("CurrentValueSubject", rib("let fare = CurrentValueSubject<Int, Never>(0)")),
    ("AnyCancellable", rib("var bag = Set<AnyCancellable>()")),
    ("Cancellable", rib("func stop(_ work: any Cancellable) { work.cancel() }")),
    ("CombineIdentifier", rib("let identifier = CombineIdentifier()")),
    ("ImmediateScheduler", rib("let now = ImmediateScheduler.shared")),
    ("ConnectablePublisher", rib("func open(_ upstream: some ConnectablePublisher) {}")),
    ("ObservableObjectPublisher", rib("let changes = ObservableObjectPublisher()")),
    ("Sequence.publisher", rib("let fares = [1, 2].publisher")),
    ("Optional.publisher", rib("let maybe = Optional(1).publisher")),
    ("Result.publisher", rib("let result = Result<Int, CancellationError>.success(1).publisher")),
    ("DispatchQueue scheduler", rib("let queue = DispatchQueue.main.now")),
    ("TopLevelDecoder", rib("func read(with decoder: some TopLevelDecoder) {}")),
    (
      "Publisher.values",
      rib("func all(_ fares: [Int]) async { for await _ in fares.publisher.values {} }")
    ),
  ]

  /// A ModernRIBs file around `body`.
  private static func rib(_ body: String) -> String {
    "import Combine\nimport Foundation\nimport ModernRIBs\n\n\(body)\n"
  }
}
