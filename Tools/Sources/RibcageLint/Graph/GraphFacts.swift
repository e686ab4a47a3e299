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
  /// Types created or called at the top level of the file (`main.swift`).
  var topLevel = TypeDeclaration(name: "", kind: .topLevel, place: SourcePoint(line: 1, column: 1))
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
    /// The method the call is in (`build`, `init`, a route), if any.
    var function: String?
    /// The flag expression when inside a `register(…, gatedBy: flag) { … }` closure.
    var flag: String?
    var place: SourcePoint
  }

  /// `receiver.build(…)` (or `buildX(…)`) on a name: which builder is used, and how.
  struct BuildCall: Sendable {
    var receiver: String
    var flag: String?
    var place: SourcePoint
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
  /// Names bound to a type: stored properties, parameters and locals (`let c = XComponent(…)`).
  var bindings: [String: String] = [:]
  /// A test double (`*Mock`, `*Spy`, …).
  var isTestDouble: Bool {
    ["Mock", "Spy", "Stub", "Fake", "Dummy"].contains { name.hasSuffix($0) || name.hasPrefix($0) }
  }
}

/// The module a file belongs to, from its path: `Sources/<Module>/…` (SwiftPM), else
/// `<Module>/Sources/…` (Tuist, XcodeGen), else the folder given on the command line.
enum ModuleName {
  static func of(path: String, root: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if let index = parts.lastIndex(of: "Sources") {
      if index + 2 < parts.count { return parts[index + 1] }
      if index > 0 { return parts[index - 1] }
    }
    let name = root.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty || name == "." ? "main" : name
  }
}
