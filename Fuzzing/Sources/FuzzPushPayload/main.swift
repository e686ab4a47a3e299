import FuzzSupport
import Ribcage

// Push payloads: each line of the input is one `key=value` entry, the value typed by its first
// character (`b` boolean, `i` integer, `d` number, `s` text: `type=strip_update`). A payload
// becomes a link only through the push type it names, with every entry as a parameter; the
// typed accessors never trap whatever the values.

@MainActor
enum Target {
  static let router: DeepLinkRouter<DeepLinkMatch> = {
    let router = DeepLinkRouter<DeepLinkMatch>()
    router.registerPush("trip_update") { match in
      _ = try match.int("trip")
      return match
    }
    router.registerPush("promo") { match in
      _ = try match.string("code")
      _ = match.optionalString("source")
      _ = try? match.bool("silent")
      return match
    }
    router.registerPush("any") { $0 }
    return router
  }()

  static func payload(_ text: String) -> [String: ScalarValue] {
    var payload: [String: ScalarValue] = [:]
    for line in text.split(separator: "\n") {
      let key = String(line.prefix { $0 != "=" })
      let raw = line.dropFirst(key.count + 1)
      let body = String(raw.dropFirst())
      switch raw.first {
      case "b": payload[key] = .bool(body == "true")
      case "i": payload[key] = Int(body).map { .int($0) } ?? .string(body)
      case "d": payload[key] = Double(body).map { .double($0) } ?? .string(body)
      default: payload[key] = .string(body)
      }
    }
    return payload
  }

  static func run(_ text: String) {
    let payload = payload(text)
    let result = router.link(forPush: payload)
    for name in payload.keys {
      let match = DeepLinkMatch(pattern: "push any", parameters: payload)
      _ = try? match.int(name)
      _ = try? match.bool(name)
      _ = try? match.string(name)
    }
    guard case .string(let type)? = payload["type"] else {
      guard case .failure(.malformed) = result else {
        fatalError("a payload with no type -> \(result)")
      }
      return
    }
    if case .success(let match) = result {
      invariant(
        match == DeepLinkMatch(pattern: "push \(type)", parameters: payload),
        "\(payload) -> \(match)")
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPushPayload(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let text = FuzzInput(start, count).text
  MainActor.assumeIsolated { Target.run(text) }
  return 0
}
