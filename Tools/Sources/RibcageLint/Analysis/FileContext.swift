import SwiftSyntax

/// What every rule sees of the file being walked: what it imports, the types around the node
/// being visited, and where findings and facts go. One per file and walk; the walker keeps it
/// current, the rules read it and report into it.
final class FileContext {
  /// The RIB framework a file imports (for advice).
  enum Framework { case ribcage, uberRIBs, modernRIBs, unknown }

  /// A type declaration (or extension) being walked.
  struct Frame {
    var info: TypeInfo
    /// The declaration (a class, struct, enum, actor, protocol or extension).
    let declaration: Syntax
    /// What the declaration inherits or conforms to.
    var inherited: [String]
    /// Stored property names (to tell a property assignment from a local one).
    var storedProperties: Set<String> = []
    /// The types of its stored properties.
    var storedTypes: Set<String> = []
  }

  let naming: Naming
  let enabled: Set<String>
  let isMainFile: Bool
  let includesTests: Bool
  /// Roles of types that only the whole run can tell (from a second look at the file).
  let externalRoles: [String: Set<Role>]
  let bytes: [UInt8]
  private(set) lazy var lines = LineTable(bytes: bytes)

  var findings: [RawFinding] = []
  var facts = FileFacts()

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

  /// Whether function bodies outside RIB code are read too: when a rule needs to know what
  /// plain types do (networking, persistence) and the file mentions it at all.
  private(set) lazy var readsEveryBody: Bool =
    enabled.contains(Rule.viewHasLogic.id)
    && [
      "URLSession", "UserDefaults", "FileManager", "NSManagedObjectContext", "SecItem",
      "NSPersistentContainer",
    ].contains { Self.contains(bytes, $0) }

  /// Whether `needle` occurs in `bytes`.
  static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let pattern = Array(needle.utf8)
    guard let first = pattern.first, bytes.count >= pattern.count else { return false }
    var index = 0
    let last = bytes.count - pattern.count
    while index <= last {
      if bytes[index] == first {
        var matched = 1
        while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count { return true }
      }
      index += 1
    }
    return false
  }

  init(
    bytes: [UInt8], naming: Naming, enabled: Set<String>, isMainFile: Bool, includesTests: Bool,
    externalRoles: [String: Set<Role>]
  ) {
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

  func report(_ rule: Rule, _ node: some SyntaxProtocol, _ message: String) {
    guard enabled.contains(rule.id), !inTestDouble else { return }
    let place = place(node)
    // One finding per rule and position (a chain can reach a check twice).
    guard reportedPlaces.insert("\(rule.id)|\(place.line)|\(place.column)").inserted else { return }
    findings.append(RawFinding(rule: rule, place: place, message: message))
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
