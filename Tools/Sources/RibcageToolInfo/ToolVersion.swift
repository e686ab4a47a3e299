/// The version of the `ribcage` tools: what `ribcage --version` prints and what SARIF reports
/// name as the driver's `semanticVersion`. One constant, in a module with no dependencies, so
/// every tool module can share it without pulling in the others.
public enum ToolVersion {
  /// Semantic version; bump it with every release of the tools.
  public static let current = "0.1.0"
}
