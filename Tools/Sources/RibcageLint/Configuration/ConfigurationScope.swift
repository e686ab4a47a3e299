/// Which configuration each file is checked with.
public enum ConfigurationScope: Sendable, Equatable {
  /// The nearest `.ribcage.yml` walking up from each file's folder, refined by the files nested
  /// below it (see `ConfigurationResolver`): what `ribcage lint` does, so a file gets the same
  /// findings wherever the tool is started from.
  case nearest
  /// One file for every source file (`--config`): its excludes are relative to its folder.
  case file(String)
  /// These settings for every source file, excludes relative to the working directory (for
  /// tests and embedding; no file is read).
  case fixed(LintConfiguration)
}
