import Ribcage

/// Captures the tree's diagnostics instead of stopping at an assertion.
///
/// ```swift
/// let diagnostics = DiagnosticsRecorder()
/// root.context = TreeContext(diagnostics: diagnostics.handler)
/// root.attachChild(child); root.attachChild(child)
/// #expect(diagnostics.kinds == [.alreadyAttached])
/// ```
@MainActor
public final class DiagnosticsRecorder {
  /// Every diagnostic reported, in order.
  public private(set) var reports: [TreeDiagnostic] = []

  /// Creates an empty recorder.
  public init() {}

  /// The handler to install in a `TreeContext` or a builder.
  public var handler: DiagnosticsHandler {
    DiagnosticsHandler { [weak self] in self?.reports.append($0) }
  }

  /// The kinds of every diagnostic reported, in order.
  public var kinds: [TreeDiagnostic.Kind] { reports.map(\.kind) }

  /// Forgets the reports so far.
  public func reset() {
    reports.removeAll()
  }
}
