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
    let key = SharedKey(file: file, line: line, column: column, type: ObjectIdentifier(T.self))
    // Look the entry up, then cast: `as? T` on the lookup would succeed with `nil` for an
    // Optional `T` whose factory never ran.
    if let instance = sharedInstances?[key] { return instance as! T }
    let instance = factory()
    sharedInstances = sharedInstances ?? [:]
    sharedInstances?[key] = instance
    return instance
  }
}

/// Where a `shared { }` call is written. The file name is compared by content, not by the
/// address of its literal: a getter inlined into another binary image carries its own copy of
/// the string, and must still find the instance the component already made.
///
/// The type is part of the key: a generic helper that calls `shared` for several types shares one
/// call site, and must make one instance per type.
private struct SharedKey: Hashable {
  let file: StaticString
  let line: UInt
  let column: UInt
  let type: ObjectIdentifier

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.line == rhs.line && lhs.column == rhs.column && lhs.type == rhs.type
      && lhs.file.sameText(as: rhs.file)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(line)
    hasher.combine(column)
    hasher.combine(type)
    file.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}

extension StaticString {
  /// Whether both strings hold the same text, wherever each is stored.
  fileprivate func sameText(as other: StaticString) -> Bool {
    withUTF8Buffer { mine in
      other.withUTF8Buffer { theirs in
        mine.count == theirs.count
          && (mine.baseAddress == theirs.baseAddress || mine.elementsEqual(theirs))
      }
    }
  }
}

/// The component of a scope with no parent (the root's, or a test's) and the base of
/// components that need nothing from their parent, as uber/RIBs' `EmptyComponent`.
@MainActor
open class EmptyComponent: EmptyDependency {
  /// Creates an empty component.
  public init() {}
}
