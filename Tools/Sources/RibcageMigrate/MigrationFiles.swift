import Foundation

/// Finding, diffing and writing the files `ribcage migrate` works on.
public enum MigrationFiles {
  /// A path that does not exist.
  public struct MissingPath: Error, CustomStringConvertible {
    /// The path as given.
    public let path: String
    public var description: String { "no such file or folder: \(path)" }
  }

  /// The `.swift` files at `paths` (files as given, folders walked), skipping hidden folders and
  /// `.build`, sorted. Symbolic links to folders are not followed.
  public static func swiftFiles(in paths: [String], workingDirectory: String) throws -> [String] {
    let manager = FileManager.default
    var files: [String] = []
    for given in paths.isEmpty ? ["."] : paths {
      let path = given.hasPrefix("/") ? given : workingDirectory + "/" + given
      var isFolder: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
        throw MissingPath(path: given)
      }
      guard isFolder.boolValue else {
        files.append(path)
        continue
      }
      guard
        let walker = manager.enumerator(
          at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isDirectoryKey],
          options: [.skipsHiddenFiles])
      else { continue }
      for case let url as URL in walker {
        if url.lastPathComponent == ".build" {
          walker.skipDescendants()
          continue
        }
        if url.pathExtension == "swift" { files.append(url.path) }
      }
    }
    return Array(Set(files)).sorted()
  }

  /// Replaces the file at `path` with `text` atomically (a temporary file renamed over it), so a
  /// file is never left half-written.
  public static func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// A line-by-line diff (the migrator never adds or removes lines): `---`/`+++` headers, then
  /// `@@ -n +n @@` and the changed line for each change.
  public static func diff(old: String, new: String, path: String) -> String {
    let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
    let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
    var out = ["--- a/\(path)", "+++ b/\(path)"]
    for index in 0..<max(oldLines.count, newLines.count) {
      let before = index < oldLines.count ? oldLines[index] : nil
      let after = index < newLines.count ? newLines[index] : nil
      guard before != after else { continue }
      out.append("@@ -\(index + 1) +\(index + 1) @@")
      if let before { out.append("-\(before)") }
      if let after { out.append("+\(after)") }
    }
    return out.joined(separator: "\n")
  }
}
