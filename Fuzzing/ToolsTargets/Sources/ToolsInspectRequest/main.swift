import FuzzSupport
@_spi(RibcageFuzzing) import RibcageInspectServer

// The inspector server's first look at a request, before any token is checked: the request
// target's split into path and query, and the access check of a page request and of a WebSocket
// upgrade (Host, token, Origin). Input: the target on the first line, the Host on the second,
// then `Name: value` header lines. No request gets in without the token, for another host, or
// (upgrades) from another origin; and an upgrade let in is a page request let in.

enum Target {
  static let token = "s3cret-token"

  static func run(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let target = lines.first ?? ""
    let authority = lines.count > 1 ? fieldValue(lines[1][...]) : ""
    let headers = lines.dropFirst(2).map { line in
      let name = line.prefix { $0 != ":" }
      return (name: String(name), value: fieldValue(line.dropFirst(name.count + 1)))
    }
    let (path, query) = InspectFuzzing.split(target)
    // URL syntax is per Unicode scalar: a mark may join `?` or `&` into one Character.
    invariant(
      !path.unicodeScalars.contains("?") && target.unicodeScalars.starts(with: path.unicodeScalars),
      "path \(path) of \(target)")
    for (name, value) in query {
      invariant(
        !name.isEmpty && !name.unicodeScalars.contains { $0 == "&" || $0 == "=" }
          && !value.unicodeScalars.contains("&"),
        "query item \(name)=\(value) of \(target)")
    }
    let page = InspectFuzzing.refusal(
      token: token, host: "127.0.0.1", authority: authority, target: target, headers: headers,
      webSocket: false)
    let upgrade = InspectFuzzing.refusal(
      token: token, host: "127.0.0.1", authority: authority, target: target, headers: headers,
      webSocket: true)
    if upgrade == nil {
      invariant(page == nil, "an upgrade let in, the page refused: \(String(describing: page))")
      for (name, value) in headers where name.lowercased() == "origin" {
        invariant(
          value.hasPrefix("ws://") || value.hasPrefix("wss://") || value == "http://\(authority)",
          "an upgrade from origin \(value) for \(authority)")
      }
    }
    guard page == nil else { return }
    invariant(
      target.contains(token) || headers.contains { $0.value.contains(token) },
      "let in without the token: \(text)")
    let host = authority.lowercased()
    invariant(
      ["127.0.0.1", "localhost", "[::1]"].contains { host == $0 || host.hasPrefix($0 + ":") },
      "let in for host \(authority)")
  }
}

/// `raw` as the HTTP layer keeps a field value (the authority too): control characters (but tab) become spaces,
/// and spaces and tabs around it go. The checks see this value, never the raw one.
func fieldValue(_ raw: Substring) -> String {
  let scalars = raw.unicodeScalars.map { scalar in
    scalar.value < 0x20 && scalar != "\t" || scalar.value == 0x7F ? " " : scalar
  }
  var text = String(String.UnicodeScalarView(scalars))[...]
  while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
  while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
  return String(text)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInspectRequest(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).text)
  return 0
}
