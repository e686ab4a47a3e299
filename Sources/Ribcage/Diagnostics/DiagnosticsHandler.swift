/// Where the tree sends its ``TreeDiagnostic``s.
///
/// Injected through ``TreeContext/diagnostics``; there is no global handler. Use ``standard`` in
/// apps, ``silent`` where misuse is expected, and a custom handler (or `DiagnosticsRecorder` from
/// RibcageTesting) to capture reports in tests:
///
/// ```swift
/// var reports: [TreeDiagnostic] = []
/// root.context.diagnostics = DiagnosticsHandler { reports.append($0) }
/// ```
public struct DiagnosticsHandler: Sendable {
  private let handle: @MainActor @Sendable (TreeDiagnostic) -> Void

  /// Creates a handler that calls `handle` with every diagnostic, on the main actor.
  public init(_ handle: @escaping @MainActor @Sendable (TreeDiagnostic) -> Void) {
    self.handle = handle
  }

  /// Reports `diagnostic` to this handler.
  @MainActor
  public func report(_ diagnostic: TreeDiagnostic) {
    handle(diagnostic)
  }

  /// In debug builds, stops at an assertion for misuse and prints warnings to standard error; in
  /// release builds, does nothing (the tree is already left unchanged).
  public static let standard = DiagnosticsHandler { diagnostic in
    #if DEBUG
      switch diagnostic.severity {
      case .misuse:
        assertionFailure(diagnostic.description)
      case .warning:
        printToStandardError(diagnostic.description)
      }
    #endif
  }

  /// Ignores every diagnostic.
  public static let silent = DiagnosticsHandler { _ in }
}
