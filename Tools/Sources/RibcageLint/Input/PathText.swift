/// Absolute, `/`-separated paths as plain strings: cheaper than URLs in a walk over thousands of
/// files, and free of Foundation's platform differences.
enum PathText {
  /// `path` made absolute against `directory`, with `.` and `..` resolved lexically.
  static func absolute(_ path: String, in directory: String) -> String {
    let joined = path.hasPrefix("/") ? path : directory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }

  /// `path` joined under `folder`.
  static func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// The folder holding `path` (`/` for `/` itself).
  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// `path` relative to `folder` (both absolute and normalized): `Sources/A.swift` inside it,
  /// `../Other/A.swift` beside it, `.` for the folder itself.
  static func relative(_ path: String, to folder: String) -> String {
    if path == folder { return "." }
    let prefix = folder.hasSuffix("/") ? folder : folder + "/"
    if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
    let pathParts = path.split(separator: "/")
    let folderParts = folder.split(separator: "/")
    var common = 0
    while common < min(pathParts.count, folderParts.count),
      pathParts[common] == folderParts[common]
    {
      common += 1
    }
    let ups = Array(repeating: "..", count: folderParts.count - common)
    return (ups + pathParts[common...].map(String.init)).joined(separator: "/")
  }
}
