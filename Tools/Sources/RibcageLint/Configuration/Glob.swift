/// A path pattern: `*` matches within one path component, `?` one character, `**` any number of
/// components. Patterns without a slash match a file or folder name anywhere.
struct Glob: Sendable {
  private let components: [Substring]
  private let matchesAnywhere: Bool

  init(_ pattern: String) {
    var trimmed = Substring(pattern)
    while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
    while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    matchesAnywhere = !trimmed.contains("/")
  }

  /// Whether `path` (relative, `/`-separated) or one of its parent folders matches.
  func matches(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true)
    if matchesAnywhere, components.count == 1 {
      return parts.contains { Self.match(components[0], $0) }
    }
    // A folder pattern excludes everything inside it.
    for count in stride(from: parts.count, through: 1, by: -1)
    where Self.match(components[...], parts[..<count]) {
      return true
    }
    return false
  }

  private static func match(_ pattern: ArraySlice<Substring>, _ parts: ArraySlice<Substring>)
    -> Bool
  {
    guard let first = pattern.first else { return parts.isEmpty }
    if first == "**" {
      let rest = pattern.dropFirst()
      for start in parts.startIndex...parts.endIndex where match(rest, parts[start...]) {
        return true
      }
      return false
    }
    guard let part = parts.first, match(first, part) else { return false }
    return match(pattern.dropFirst(), parts.dropFirst())
  }

  /// Matches one component against a pattern with `*` and `?`.
  static func match(_ pattern: Substring, _ text: Substring) -> Bool {
    let p = Array(pattern.utf8)
    let t = Array(text.utf8)
    var pi = 0
    var ti = 0
    var star = -1
    var mark = 0
    while ti < t.count {
      if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == t[ti] {
        pi += 1
        ti += 1
      } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
        star = pi
        mark = ti
        pi += 1
      } else if star >= 0 {
        pi = star + 1
        mark += 1
        ti = mark
      } else {
        return false
      }
    }
    while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
    return pi == p.count
  }
}
