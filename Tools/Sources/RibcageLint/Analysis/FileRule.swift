import SwiftSyntax

/// A rule: its identity and documentation (``Rule``), what it checks in one file as the shared
/// walk passes the nodes it asked for, and what it concludes once every file is read.
///
/// A rule is a subclass of ``FileRule`` conforming to this protocol, in a file of its own under
/// `Rules/`, listed once in ``RuleRegistry``. One instance checks one file; it may keep what it
/// needs while the file is walked (per type: ``FileRule/typeDidStart(_:)`` and
/// ``FileRule/typeWillEnd(_:)``).
protocol LintRule: FileRule {
  /// The rule's id, name, summary, rationale, examples and default severity.
  static var description: Rule { get }
  /// The findings that need every file (from what each file's check put in its facts).
  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)]
}

extension LintRule {
  static func findings(in run: RunFacts) -> [(file: Int, finding: RawFinding)] { [] }
}

/// The nodes a rule asks the walker for (a rule is only called for these).
enum Hook: Int, CaseIterable {
  case types, properties, functions, initializers, calls, closures, memberAccesses, assignments,
    typeNames
  case skippedBodies, file
}

/// The per-file part of a rule: the walker calls the hooks the rule lists in ``hooks``, with the
/// shared ``FileContext`` (imports, the types around the node, reporting) in ``context``.
class FileRule {
  unowned let context: FileContext

  required init(context: FileContext) {
    self.context = context
  }

  /// The hooks this rule overrides.
  class var hooks: Set<Hook> { [] }

  /// A type declaration or extension starts (its frame is the context's innermost).
  func typeDidStart(_ frame: FileContext.Frame) {}
  /// A type declaration or extension ends (its frame is still the context's innermost).
  func typeWillEnd(_ frame: FileContext.Frame) {}
  /// A stored or computed property of a type, or a global.
  func visit(_ property: PropertyDeclaration) {}
  func visit(_ function: FunctionDeclSyntax) {}
  func visit(_ initializer: InitializerDeclSyntax) {}
  /// A call, with its callee's name (`send` in `relay.send(1)`) and the expression before it.
  func visit(_ call: FunctionCallExprSyntax, named name: String, on base: ExprSyntax?) {}
  func visit(_ closure: ClosureExprSyntax) {}
  func visit(_ access: MemberAccessExprSyntax) {}
  /// `target = value` in a type.
  func visitAssignment(_ node: SequenceExprSyntax, target: ExprSyntax, value: ExprSyntax) {}
  /// A capitalised name in a type: a type annotation or a reference to a type (`Foo.shared`,
  /// `Foo()`).
  func visitTypeName(_ name: String, at node: Syntax) {}
  /// A function body outside RIB code, which the walk skips (a rule may look at its bytes).
  func visitSkippedBody(_ body: CodeBlockSyntax) {}
  /// The whole file has been walked.
  func fileDidEnd() {}
}

/// Every rule, in the order `Rule.all` lists them: adding a rule is its file plus a line here.
enum RuleRegistry {
  static let rules: [any LintRule.Type] = [
    StrongListener.self, RetainCycleClosure.self, UnboundSubscription.self,
    MissingSuperCall.self, ChildKnowsParent.self, ViewHasLogic.self, MutableViewModel.self,
    StreamWrittenOutsideService.self, GlobalState.self, AttachWithoutDetach.self,
  ]
}
