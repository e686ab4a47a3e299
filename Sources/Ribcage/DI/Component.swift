/// A RIB's dependency scope: the dependencies its parent provides (``dependency``) and the ones
/// the RIB creates for itself, shared across the scope with ``shared(file:line:column:_:)``.
///
/// ```swift
/// final class LoggedInComponent: Component<LoggedInDependency> {
///   let session: Session
///
///   init(dependency: LoggedInDependency, session: Session) {
///     self.session = session
///     super.init(dependency: dependency)
///   }
///
///   var tripService: TripService { shared { TripService(api: dependency.api, session: session) } }
/// }
/// ```
///
/// A child's builder receives the parent's component typed as the child's dependency protocol,
/// which the parent's component conforms to.
@MainActor
open class Component<DependencyType>: Dependency {
  /// What the parent provides.
  public final let dependency: DependencyType

  private final var sharedInstances: [SharedKey: Any]?

  /// Creates a component over its parent's `dependency`.
  public init(dependency: DependencyType) {
    self.dependency = dependency
  }

  /// Returns the one instance this component makes at this call site: the first call runs
  /// `factory`, every later call returns the same instance.
  ///
  /// Use it inside a computed property, one call per property; each call site is its own
  /// instance, so two properties never share one by accident.
  public final func shared<T>(
    file: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    _ factory: () -> T
  ) -> T {
    let key = SharedKey(file: file, line: line, column: column)
    if let instance = sharedInstances?[key] as? T { return instance }
    let instance = factory()
    sharedInstances = sharedInstances ?? [:]
    sharedInstances?[key] = instance
    return instance
  }
}

/// A call site of `shared { }`.
private struct SharedKey: Hashable {
  /// The address of the `#fileID` literal: the same for every call from one call site.
  let file: UInt
  let line: UInt
  let column: UInt

  init(file: StaticString, line: UInt, column: UInt) {
    self.file = file.hasPointerRepresentation ? UInt(bitPattern: file.utf8Start) : 0
    self.line = line
    self.column = column
  }
}

/// The component of the root of a tree, which has no parent: it provides nothing and satisfies
/// every ``EmptyDependency``.
@MainActor
open class EmptyComponent: EmptyDependency {
  /// Creates an empty component.
  public init() {}
}
