/// The settings in effect for the files of one folder: every configuration file from the top of
/// the walk down to the folder, merged.
struct ResolvedConfiguration: Sendable {
  /// An exclude pattern with the folder it is relative to (the folder of the file listing it).
  struct Exclude: Sendable {
    let folder: String
    let glob: Glob
  }

  /// Severities and naming, each file's refining its parent's.
  var settings = LintConfiguration()
  /// Every file's excludes: a nested file adds to its parents', it cannot lift them.
  var excludes: [Exclude] = []
  /// The configuration files merged here, outermost first (absolute paths).
  var files: [String] = []

  /// These settings refined by `child` (parsed on top of them), read from `file` in `folder`
  /// (`nil` for settings given in code).
  func refined(by child: LintConfiguration, file: String?, folder: String)
    -> ResolvedConfiguration
  {
    ResolvedConfiguration(
      settings: child,
      excludes: excludes + child.excludes.map { Exclude(folder: folder, glob: Glob($0)) },
      files: files + (file.map { [$0] } ?? []))
  }

  /// Whether an exclude pattern matches `path` (absolute), or a folder it is in.
  func excludes(_ path: String) -> Bool {
    excludes.contains { $0.glob.matches(PathText.relative(path, to: $0.folder)) }
  }
}
