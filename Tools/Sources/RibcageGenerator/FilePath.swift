import Foundation

/// Path helpers on plain strings (what users type), without Foundation URL quirks.
public enum FilePath {
  static func join(_ base: String, _ component: String) -> String {
    if base.isEmpty { return component }
    return base.hasSuffix("/") ? base + component : base + "/" + component
  }

  /// `path` made absolute against `directory`, with `.` and `..` resolved.
  static func resolve(_ path: String, against directory: String) -> String {
    let absolute = path.hasPrefix("/") ? path : join(directory, path)
    var parts: [Substring] = []
    for part in absolute.split(separator: "/") {
      if part == "." || part.isEmpty { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` relative to `directory` when inside it (for messages), else `path`.
  static func display(_ path: String, relativeTo directory: String) -> String {
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

extension FilePath {
  /// `path` made absolute against `directory` (for command-line arguments).
  public static func resolved(_ path: String, in directory: String) -> String {
    resolve(path, against: directory)
  }

  /// `path` relative to `directory` when inside it, for messages.
  public static func relative(_ path: String, to directory: String) -> String {
    display(path, relativeTo: directory)
  }
}
