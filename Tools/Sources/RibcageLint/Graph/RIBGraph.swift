/// The static RIB tree of a codebase, read from source by `ribcage graph`: every RIB with its
/// parts, the parent → child edges (plugins marked with their flag), the roots, and what the
/// dependency and tree checks found. Its JSON form (``GraphFormat/json``) is a stable schema,
/// documented in `docs/graph.md`.
public struct RIBGraph: Sendable, Equatable {
  /// One RIB: a router class and the types around it.
  public struct Node: Sendable, Equatable {
    /// Unique in the graph: the name, or `Module.Name` when two modules declare it.
    public var id: String
    /// The router type without a trailing `Router` (what `TreeSnapshot.name` shows at run time).
    public var name: String
    public var module: String
    public var router: String
    public var builder: String?
    public var interactor: String?
    public var component: String?
    public var dependency: String?
    public var listener: String?
    /// The view (controller) type; `nil` for a viewless RIB.
    public var view: String?
    /// What the interactor presents to (`PresentableInteractor<P>`'s `P`, resolved to the class
    /// conforming to it: usually the view controller, or a separate presenter); `nil` for a
    /// plain `Interactor`.
    public var presenter: String? = nil
    /// Where the router is declared.
    public var path: String
    public var line: Int

    /// Whether the RIB has a view.
    public var hasView: Bool { view != nil }
  }

  /// A parent → child edge.
  public struct Edge: Sendable, Equatable {
    public var parent: String
    public var child: String
    /// The flag a plugin child is behind (its key when it could be read), `nil` for a child
    /// that is always possible.
    public var flag: String?
    /// How the edge was found: `creates LoggedInBuilder`, `stores LoggedInBuildable`,
    /// `extension LoggedInComponent: OffGameDependency`.
    public var evidence: String
    public var path: String
    public var line: Int
    public var column: Int

    /// Whether the child is an optional plugin.
    public var isPlugin: Bool { flag != nil }
  }

  /// Something the checks found.
  public struct Problem: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
      case missingDependency = "missing-dependency"
      case dependencyTypeMismatch = "dependency-type-mismatch"
      case listenerNotImplemented = "listener-not-implemented"
      case cycle
      case orphan
      case builtTwice = "built-twice"
      case multipleRoots = "multiple-roots"
      case unknownRoot = "unknown-root"

      /// A problem with the tree's wiring (a dependency, listener or cycle), as opposed to its
      /// shape (orphans, roots, a builder made twice).
      public var isWiring: Bool {
        [.missingDependency, .dependencyTypeMismatch, .listenerNotImplemented, .cycle].contains(
          self)
      }

      /// Only bad input (`--root` naming no RIB) is an error. Every other problem is read from
      /// source without the compiler's knowledge (which RIB really attaches a child, what an
      /// extension in a module not read provides, a recursive route that is meant), so it is a
      /// warning: an app that compiles must never fail `--check` on a reading. `--strict` makes
      /// the wiring warnings fail too, for teams that want it.
      public var severity: Severity {
        switch self {
        case .unknownRoot: .error
        case .missingDependency, .dependencyTypeMismatch, .listenerNotImplemented, .cycle,
          .orphan, .builtTwice, .multipleRoots:
          .warning
        }
      }
    }

    public var kind: Kind
    public var message: String
    public var path: String
    public var line: Int
    public var column: Int
    /// The RIB the problem is about.
    public var rib: String?

    public var severity: Severity { kind.severity }
  }

  /// A RIB-like type the graph could not place, and why.
  public struct Unplaced: Sendable, Equatable {
    public var type: String
    public var path: String
    public var line: Int
    public var reason: String
  }

  /// A workflow (deep link): the steps it takes through the tree, where they can be read.
  public struct Workflow: Sendable, Equatable {
    public struct Step: Sendable, Equatable {
      /// The method the step calls on its actionable item (`waitForLogin`).
      public var method: String?
      /// The protocol declaring it (`RootActionableItem`).
      public var actionable: String?
      /// The RIB whose interactor implements it.
      public var rib: String?

      public init(method: String? = nil, actionable: String? = nil, rib: String? = nil) {
        self.method = method
        self.actionable = actionable
        self.rib = rib
      }
    }

    public var name: String
    /// The root actionable type.
    public var root: String?
    public var steps: [Step]
    public var path: String
    public var line: Int
  }

  /// RIBs sorted by id.
  public var nodes: [Node] = []
  /// Edges sorted by parent, then child.
  public var edges: [Edge] = []
  /// Root ids.
  public var roots: [String] = []
  public var problems: [Problem] = []
  public var unplaced: [Unplaced] = []
  /// Workflows, by path and line.
  public var workflows: [Workflow] = []
  /// Interactor classes present (concrete, not test doubles): what the RIB count compares with.
  public var interactorCount = 0

  /// The node with `id`.
  public func node(_ id: String) -> Node? {
    nodes.first { $0.id == id }
  }

  /// The edges from `parent`, in order.
  public func children(of parent: String) -> [Edge] {
    edges.filter { $0.parent == parent }
  }

  /// Whether any problem is at error severity (`--check` exits 1).
  public var hasErrors: Bool { problems.contains { $0.severity == .error } }

  /// Whether any problem is about the tree's wiring (a dependency, listener or cycle):
  /// what `--check --strict` fails on.
  public var hasWiringProblems: Bool {
    problems.contains { $0.kind.isWiring }
  }
}
