/// Why `ribcage new` generated nothing. Every case is input a user can fix; the message says how.
public enum GeneratorError: Error, Equatable, CustomStringConvertible {
  /// The name is not a Swift identifier, is a keyword, or would make odd type names.
  case invalidName(String, reason: String)
  /// Files that exist and would be overwritten (without `--force`).
  case existingFiles([String])
  /// No `<Parent>Component` class was found under the searched folder.
  case unknownParent(String, searched: String)
  /// An output folder cannot be created or written.
  case unwritableOutput(String, reason: String)
  /// A template does not parse or render; `line` is 1-based when known.
  case templateSyntax(file: String, line: Int?, reason: String)
  /// A template file is missing (from the bundle or the override folder given).
  case missingTemplate(String)
  /// The module to `@testable import` could not be worked out.
  case unknownModule(output: String)
  /// Writing failed part-way; everything written was removed again.
  case writeFailed(String, reason: String)
  /// The template folder given with `--templates` does not exist.
  case missingTemplateFolder(String)

  public var description: String {
    switch self {
    case .invalidName(let name, let reason):
      "'\(name)' cannot be used as a name: \(reason)"
    case .existingFiles(let paths):
      "these files exist already (pass --force to overwrite them):\n"
        + paths.map { "  \($0)" }.joined(separator: "\n")
    case .unknownParent(let parent, let searched):
      "no parent '\(parent)': found no '\(parent)Component' class in the Swift files under "
        + "\(searched) (generate the parent first, or point --output at its module)"
    case .unwritableOutput(let path, let reason):
      "cannot write to \(path): \(reason)"
    case .templateSyntax(let file, let line, let reason):
      "\(file)\(line.map { ":\($0)" } ?? ""): error: \(reason)"
    case .missingTemplate(let name):
      "template \(name) not found"
    case .unknownModule(let output):
      "cannot tell which module \(output) belongs to (expected a path like Sources/<Module>); "
        + "pass --module <Module>"
    case .writeFailed(let path, let reason):
      "writing \(path) failed (\(reason)); nothing was written"
    case .missingTemplateFolder(let path):
      "the templates folder \(path) does not exist"
    }
  }
}
