/// A place in a file: offsets are turned into lines and columns once, when reported.
struct Place: Sendable, Hashable {
  var line: Int
  var column: Int
  var lineText: String
}

/// A finding before its severity, path and fingerprint are known.
struct RawFinding: Sendable {
  var rule: Rule
  var place: Place
  var message: String
}

/// What one file says about the whole codebase, for the rules that need every file.
struct FileFacts: Sendable {
  /// Router type name → where it calls `attachChild`.
  var attaches: [String: [Place]] = [:]
  /// Router type names that call `detachChild`.
  var detaching: Set<String> = []
  /// RIB prefix → RIB prefixes it builds (its builder, router or component refers to their
  /// builders): the parent → child edges.
  var builds: [String: Set<String>] = [:]
  /// RIB prefixes declared in the file.
  var ribs: Set<String> = []
  /// References from a RIB's type to a concrete interactor or router type of some RIB.
  var references:
    [(fromRIB: String, fromType: String, target: String, targetRIB: String, place: Place)] = []
}

/// The result of analysing one file.
struct FileAnalysis: Sendable {
  var shownPath: String
  var findings: [RawFinding] = []
  var facts = FileFacts()
  var suppressions = Suppressions.none
  var note: FileNote?
  var lineCount = 0
}
