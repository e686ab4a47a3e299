/// What one file declares, as the graph needs it: types and extensions with what they inherit,
/// their members, the types they create and the builders they call. Collected by
/// ``GraphVisitor`` on the same parse the lint rules use; resolved across files by
/// ``TypeIndex``.
struct GraphFacts: Sendable {
  /// The file's path as shown.
  var path = ""
  /// The module the file belongs to (see ``ModuleName``).
  var module = ""
  /// Modules the file imports.
  var imports: Set<String> = []
  /// Types and extensions, in source order (nested ones included, flattened).
  var declarations: [TypeDeclaration] = []
  /// `static let coupons = FeatureFlag("coupons", …)`: `Owner.member` and `member` → the key.
  var featureFlags: [String: String] = [:]
  /// `typealias A = B` declared at any level: name → the aliased type's text.
  var typeAliases: [String: String] = [:]
  /// Workflows: `Workflow<Root>(…).onStep { … }.onStep { … }` chains, and `Workflow<Root>`
  /// subclasses whose initialiser chains steps on `self`.
  var workflows: [WorkflowChain] = []
  /// Types created or called at the top level of the file (`main.swift`).
  var topLevel = TypeDeclaration(name: "", kind: .topLevel, place: SourcePoint(line: 1, column: 1))
}

/// A chain of workflow steps as written.
struct WorkflowChain: Sendable {
  /// The name: the string the workflow is created with, or its class.
  var name: String
  /// The root actionable type (`Workflow<RootActionableItem>`), when written there.
  var root: String?
  /// For each step, the method it calls on the item it is given (`waitForLogin`), if it reads.
  var steps: [String?]
  /// The class declaring it, when the chain is on `self` (to find the root in its superclass).
  var owner: String?
  var place: SourcePoint
}

/// A line and column in a file.
struct SourcePoint: Sendable, Hashable {
  var line: Int
  var column: Int
}

/// A type named in an inheritance clause or a generic argument list: `Builder<any XDependency>`
/// is `Builder` with the argument `XDependency`.
struct TypeReference: Sendable, Hashable {
  var name: String
  var arguments: [String] = []
}

/// A type or extension declaration.
struct TypeDeclaration: Sendable {
  enum Kind: String, Sendable {
    case classType = "class"
    case structType = "struct"
    case enumType = "enum"
    case actorType = "actor"
    case protocolType = "protocol"
    case extensionType = "extension"
    case topLevel = "top-level"
  }

  /// A stored or computed property, or a method (`name()`).
  struct Member: Sendable {
    var name: String
    /// The declared type's text (`TripService`, `PluginPoint<String,String>`), or the created
    /// type of `let x = Foo(…)`; `nil` when it cannot be read.
    var type: String?
    var isFunction = false
    var place: SourcePoint
  }

  /// `Foo(…)`: a type created (or a function with a capitalised name called).
  struct Creation: Sendable {
    var type: String
    /// The text of the argument labelled `dependency`, `parent` or `component` (or of an
    /// unlabelled first argument), as written: `component`, `self`, `dependency`.
    var scope: String?
    /// The method the call is in, by name and argument labels (`build(withListener:)`,
    /// `init`, a route), if any.
    var function: String?
    /// The flag expression when inside a `register(…, gatedBy: flag) { … }` closure.
    var flag: String?
    var place: SourcePoint
    /// Made into a local nothing reads afterwards (`let leftover = DetailBuilder(…)`), or
    /// assigned to `_`: dead code, not a child.
    var isUnused = false
    /// Built in the same expression (`FooBuilder(dependency: self).build()`): nothing stores
    /// the builder to build on demand.
    var isBuiltAtOnce = false
    /// In a static method or property (`static func preview()`), or a function inside one:
    /// nothing an instance does at run time.
    var isInStaticScope = false
  }

  /// `receiver.build(…)` (or `buildX(…)`) on a name: which builder is used, and how.
  struct BuildCall: Sendable {
    var receiver: String
    var flag: String?
    /// The method the call is in.
    var function: String?
    var place: SourcePoint
    /// The receiver is a property of another object the type holds
    /// (`dependency.profileBuilder.build(…)`): its type is the RIB's component's property of
    /// that name, when the type does not bind the name itself.
    var isThroughMember = false
    /// In a static method or property, or a function inside one.
    var isInStaticScope = false
  }

  /// A method or initializer: what it takes and returns.
  struct Function: Sendable {
    var name: String
    /// Argument label (or `_`) and type base name of each parameter.
    var parameters: [(label: String, type: String)]
    var returnType: String?
  }

  var name: String
  var kind: Kind
  /// Superclass and protocols (for an extension: the conformances it adds).
  var inherits: [TypeReference] = []
  var place: SourcePoint
  /// Whether the type has generic parameters (a base class to specialise, not a RIB itself).
  var isGeneric = false
  var members: [Member] = []
  var creations: [Creation] = []
  var buildCalls: [BuildCall] = []
  var functions: [Function] = []
  /// Types named by stored properties and parameters (base names), with the first place.
  var mentions: [String: SourcePoint] = [:]
  /// Names bound to a type: stored properties (by name), parameters and locals (by
  /// `function|name`, so two methods' `component`s stay apart).
  var bindings: [String: String] = [:]
  /// Names read outside its initializers (`detailBuilder` in `routeToDetail()`): a builder a
  /// router stores and never reads is never built.
  var readNames: Set<String> = []
  /// Type aliases declared inside the type (`typealias Listener = HomeListener`).
  var aliases: [String: String] = [:]
  /// A test double (`…Mock`, `MockFoo`, see ``TestDoubleName``).
  var isTestDouble: Bool { TestDoubleName.matches(name) }
}
