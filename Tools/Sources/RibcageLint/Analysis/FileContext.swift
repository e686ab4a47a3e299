import SwiftSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What every rule sees of the file being walked: what it imports, the types around the node
/// being visited, and where findings and facts go. One per file and walk; the walker keeps it
/// current, the rules read it and report into it.
final class FileContext {
  /// The RIB framework a file imports (for advice).
  enum Framework { case ribcage, uberRIBs, modernRIBs, unknown }

  /// A type declaration (or extension) being walked.
  ///
  /// A class: every rule asks for the innermost frame at almost every node, and a reference is
  /// cheaper to hand out than a copy of its sets.
  final class Frame {
    let info: TypeInfo
    /// The declaration (a class, struct, enum, actor, protocol or extension).
    let declaration: Syntax
    /// What the declaration inherits or conforms to.
    let inherited: [String]
    /// Stored property names (to tell a property assignment from a local one).
    var storedProperties: Set<String> = []
    /// The types of its stored properties.
    var storedTypes: Set<String> = []
    /// Its `static let`s holding an instance of itself (`static let current = Preferences()`):
    /// a singleton whatever the name, if the type has state to share.
    var ownInstances: [String] = []
    /// Whether it has mutable instance state (a stored `var`, or a setter).
    var hasMutableState = false

    init(info: TypeInfo, declaration: Syntax, inherited: [String]) {
      self.info = info
      self.declaration = declaration
      self.inherited = inherited
    }
  }

  let naming: Naming
  /// The rules that report in this file.
  let enabled: Set<String>
  /// The rules that run in this file: those enabled in any file of the run (a rule disabled
  /// here still collects the facts its whole-run part needs).
  let collecting: Set<String>
  let isMainFile: Bool
  let includesTests: Bool
  /// Roles of types that only the whole run can tell (from a second look at the file).
  let externalRoles: [String: Set<Role>]
  let bytes: [UInt8]
  private(set) lazy var lines = LineTable(bytes: bytes)

  var findings: [RawFinding] = []
  var facts = FileFacts()

  /// Per type name (its declaration and extensions in the file): stored instance property →
  /// its type (annotated, or the type its initializer creates; empty when neither says).
  var propertyTypes: [String: [String: String]] = [:]

  /// The types around the node being visited, outermost first.
  var frames: [Frame] = []
  /// Whether the file imports a RIB framework or declares a RIB type: global state counts here.
  var isRIBCode = false
  /// Whether the file imports a RIB framework (Ribcage, RIBs, ModernRIBs).
  var importsRIBs = false
  var framework: Framework = .unknown
  /// Whether the file imports RxSwift (or RxCocoa/RxRelay) / Combine.
  var importsRx = false
  var importsCombine = false

  private var reportedPlaces: Set<String> = []

  /// Whether `needle` occurs in the file's bytes (within `range`, if given): a cheap look at
  /// code the walk skips.
  func mentions(_ needle: String, in range: Range<Int>? = nil) -> Bool {
    let range = range ?? 0..<bytes.count
    guard range.lowerBound >= 0, range.upperBound <= bytes.count, !needle.isEmpty else {
      return false
    }
    let pattern = Array(needle.utf8)
    guard range.count >= pattern.count else { return false }
    return bytes.withUnsafeBytes { haystack in
      // memchr finds each candidate first byte, memcmp the rest (both vectorised by libc).
      var start = haystack.baseAddress! + range.lowerBound
      let last = haystack.baseAddress! + range.upperBound - pattern.count
      while start <= last {
        guard let hit = memchr(start, Int32(pattern[0]), last - start + 1) else { return false }
        if memcmp(hit, pattern, pattern.count) == 0 { return true }
        start = UnsafeRawPointer(hit) + 1
      }
      return false
    }
  }

  init(
    bytes: [UInt8], naming: Naming, enabled: Set<String>, collecting: Set<String>? = nil,
    isMainFile: Bool, includesTests: Bool, externalRoles: [String: Set<Role>]
  ) {
    self.collecting = collecting ?? enabled
    self.bytes = bytes
    self.naming = naming
    self.enabled = enabled
    self.isMainFile = isMainFile
    self.includesTests = includesTests
    self.externalRoles = externalRoles
  }

  /// The innermost type around the node being visited.
  var frame: Frame? { frames.last }

  /// Whether the code being visited is in a test double (`*Mock`, `*Spy`, …), unless test code
  /// is included.
  var inTestDouble: Bool {
    !includesTests && frames.contains { $0.info.isTestDouble }
  }

  /// Whether the code being visited is RIB code by code: the file imports a RIB framework or an
  /// enclosing type inherits or conforms to RIB types (a networking enum named `AuthRouter` is
  /// no router). The outermost such type, if any (a view's nested `ViewHolder` is the view).
  var outermostRIBType: TypeInfo? {
    frames.first(where: { importsRIBs || !$0.info.codeRoles.isEmpty })?.info
  }

  func place(_ node: some SyntaxProtocol) -> Place {
    lines.place(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
  }

  func report(
    _ rule: Rule, _ node: some SyntaxProtocol, _ message: String, isJudgment: Bool = false
  ) {
    guard enabled.contains(rule.id), !inTestDouble else { return }
    report(rule, at: place(node), message, isJudgment: isJudgment)
  }

  /// Reports at a place taken earlier (a check decided when the file ends).
  func report(_ rule: Rule, at place: Place, _ message: String, isJudgment: Bool = false) {
    guard enabled.contains(rule.id) else { return }
    // One finding per rule and position (a chain can reach a check twice).
    guard reportedPlaces.insert("\(rule.id)|\(place.line)|\(place.column)").inserted else { return }
    findings.append(
      RawFinding(rule: rule, place: place, message: message, isJudgment: isJudgment))
  }

  /// The remedy for an unbound subscription in the framework the file uses.
  var bindingAdvice: String {
    switch framework {
    case .uberRIBs: return ".disposeOnDeactivate(interactor: self)"
    case .modernRIBs: return ".cancelOnDeactivate(interactor: self)"
    case .ribcage, .unknown:
      if importsRx { return ".disposeOnDeactivate(interactor: self)" }
      return ".cancelOnDeactivate(interactor: self)"
    }
  }
}
