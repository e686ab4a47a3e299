import Ribcage
import RibcageTesting
import Testing

enum RidesLink: Equatable {
  case trip(id: Int)
  case promo(code: String, source: String?)
  case driverArrived(trip: Int, minutesLate: Int)
}

@MainActor
private func ridesLinks() throws -> DeepLinkRouter<RidesLink> {
  let links = DeepLinkRouter<RidesLink>()
  try links.register("rides://trip/{id}") { .trip(id: try $0.int("id")) }
  try links.register("https://rides.example.com/promo/{code}?source={source?}") {
    .promo(code: try $0.string("code"), source: $0.optionalString("source"))
  }
  links.registerPush("driver_arrived") {
    .driverArrived(trip: try $0.int("trip"), minutesLate: try $0.int("late"))
  }
  return links
}

@MainActor
@Suite(.timeLimit(.minutes(5))) struct DeepLinkTests {
  @Test func urlsBecomeTypedLinks() throws {
    let links = try ridesLinks()
    #expect(try links.link(for: "rides://trip/42").get() == .trip(id: 42))
    #expect(
      try links.link(for: "https://rides.example.com/promo/SPRING?source=mail").get()
        == .promo(code: "SPRING", source: "mail"))
    #expect(
      try links.link(for: "https://rides.example.com/promo/SPRING").get()
        == .promo(code: "SPRING", source: nil))
  }

  @Test func normalisationRules() throws {
    let links = try ridesLinks()
    // Scheme and host are case-insensitive; paths are not.
    #expect(try links.link(for: "RIDES://Trip/42").get() == .trip(id: 42))
    #expect(throws: DeepLinkError.self) {
      try links.link(for: "https://rides.example.com/PROMO/X").get()
    }
    // One trailing slash is ignored; an empty segment is not a parameter.
    #expect(try links.link(for: "rides://trip/42/").get() == .trip(id: 42))
    #expect(links.link(for: "rides://trip//42") == .failure(.unhandled(input: "rides://trip//42")))
    #expect(links.link(for: "rides://trip/") == .failure(.unhandled(input: "rides://trip/")))
    // Percent-encoding is decoded in path and query; '+' stays a plus; the fragment is ignored.
    #expect(
      try links.link(for: "https://rides.example.com/promo/SPR%49NG?source=a%20b+c#top").get()
        == .promo(code: "SPRING", source: "a b+c"))
    #expect(
      try links.link(for: "https://rides.example.com/promo/%E2%82%AC5").get()
        == .promo(code: "€5", source: nil))
    // Other query items are ignored; a captured one may not repeat.
    #expect(
      try links.link(for: "https://rides.example.com/promo/X?utm=1&source=push").get()
        == .promo(code: "X", source: "push"))
    #expect(
      links.link(for: "https://rides.example.com/promo/X?source=a&source=b")
        == .failure(.duplicateQueryItem(name: "source")))
  }

  @Test func literalsMatchTheSameScalarsNotEquivalentOnes() throws {
    // Swift strings compare by canonical equivalence, where the Kelvin sign (U+212A) is `K`: a
    // URL that a server, a browser or an allow-list reads as another path, host or query item
    // reached the pattern's literal.
    let links = DeepLinkRouter<DeepLinkMatch>()
    try links.register("rides://trip/Kill") { $0 }
    try links.register("rides://kitchen/{id}") { $0 }
    try links.register("rides://a/b?K={k}") { $0 }
    for url in ["rides://trip/%E2%84%AAill", "rides://%E2%84%AAitchen/5"] {
      #expect(links.link(for: url) == .failure(.unhandled(input: url)))
    }
    #expect(
      links.link(for: "rides://a/b?%E2%84%AA=1")
        == .failure(.missingParameter(name: "k", pattern: "rides://a/b?K={k}")))
    #expect(
      try links.link(for: "rides://a/b?K=1&%E2%84%AA=2").get()
        == DeepLinkMatch(pattern: "rides://a/b?K={k}", parameters: ["k": .string("1")]))
    // Scheme and host still ignore ASCII case.
    #expect(
      try links.link(for: "RIDES://KITCHEN/5").get()
        == DeepLinkMatch(pattern: "rides://kitchen/{id}", parameters: ["id": .string("5")]))
  }

  @Test func badInputGivesATypedError() throws {
    let links = try ridesLinks()
    #expect(
      links.link(for: "rides://trip/forty-two")
        == .failure(.wrongType(name: "id", expected: "an integer", value: "forty-two")))
    #expect(links.link(for: "rides://ride/42") == .failure(.unhandled(input: "rides://ride/42")))
    #expect(links.link(for: "uber://trip/42") == .failure(.unhandled(input: "uber://trip/42")))
    for (input, reason) in [
      ("trip/42", "no scheme"), ("1rides://trip/42", "invalid scheme"),
      ("rides://trip/4%2", "invalid percent-encoding"),
      ("rides://trip/%ZZ", "invalid percent-encoding"),
      ("rides://trip/4 2", "unencoded space or control character"),
      ("rides://trip/%C3%28", "percent-encoding is not UTF-8"),
      ("rides://user@trip/42", "user info is not allowed"),
      ("rides://trip:99999/42", "invalid port"),
      ("rides://tr!p/42", "invalid host"),
    ] {
      #expect(
        links.link(for: input) == .failure(.malformed(input: input, reason: reason)), "\(input)")
    }
  }

  @Test func requiredQueryParametersMustBePresent() throws {
    let links = DeepLinkRouter<String>()
    try links.register("rides://pickup?lat={lat}&lng={lng}") {
      "\(try $0.string("lat")),\(try $0.string("lng"))"
    }
    #expect(try links.link(for: "rides://pickup?lng=2&lat=1").get() == "1,2")
    #expect(
      links.link(for: "rides://pickup?lat=1")
        == .failure(.missingParameter(name: "lng", pattern: "rides://pickup?lat={lat}&lng={lng}")))
    #expect(
      links.link(for: "rides://pickup?lat=1&lng=")
        == .failure(.missingParameter(name: "lng", pattern: "rides://pickup?lat={lat}&lng={lng}")))
  }

  @Test func invalidPatternsAreRejectedWithTheirText() {
    let links = DeepLinkRouter<Int>()
    for (template, fragment) in [
      ("rides://trip/{id", "a parameter must be a whole segment"),
      ("rides://trip/{id?}", "path parameters cannot be optional"),
      ("rides://trip/{id}/{id}", "appears twice"), ("rides://trip?x=1", "must capture a parameter"),
      ("rides://trip/{1d}", "invalid parameter name"), ("not a url", "no scheme"),
    ] {
      #expect(throws: DeepLinkPatternError.self, "\(template)") {
        try links.register(template) { _ in 0 }
      }
      do {
        try links.register(template) { _ in 0 }
      } catch {
        #expect(error.description.contains(fragment), "\(template): \(error)")
        #expect(error.pattern == template)
      }
    }
  }

  @Test func errorsOfTheAppsOwnBuilderAreTyped() throws {
    struct Expired: Error, CustomStringConvertible { var description: String { "expired" } }
    let links = DeepLinkRouter<String>()
    try links.register("rides://promo/{code}") { _ in throw Expired() }
    #expect(
      links.link(for: "rides://promo/OLD")
        == .failure(.rejected(input: "rides://promo/OLD", reason: "expired")))
  }

  @Test func pushPayloadsBecomeTypedLinks() throws {
    let links = try ridesLinks()
    #expect(
      try links.link(forPush: [
        "type": .string("driver_arrived"), "trip": .int(42), "late": .string("3"),
      ])
      .get() == .driverArrived(trip: 42, minutesLate: 3))
    #expect(
      links.link(forPush: ["type": .string("driver_arrived"), "trip": .bool(true), "late": .int(0)])
        == .failure(.wrongType(name: "trip", expected: "an integer", value: "true")))
    #expect(
      links.link(forPush: ["type": .string("driver_arrived"), "trip": .int(1)])
        == .failure(.missingParameter(name: "late", pattern: "push driver_arrived")))
    #expect(
      links.link(forPush: ["type": .string("surge"), "x": .int(1)])
        == .failure(.unhandled(input: "push type=\"surge\",x=1")))
    #expect(
      links.link(forPush: ["trip": .int(1)])
        == .failure(.malformed(input: "push trip=1", reason: "no string \"type\" naming its type")))
  }

  /// 10,000 generated malformed URLs and payloads: every one is rejected with a typed error, and
  /// the tree the links would drive is unchanged.
  @Test func fuzzedBadInputNeverChangesTheTree() throws {
    let links = try ridesLinks()
    let harness = RIBHarness()
    let root = RootRouter()
    harness.activate(root)
    root.attachChild(HomeRouter())
    let before = root.snapshot()
    var random = SplitMix64(seed: 0x5EED)
    var rejected = 0
    for index in 0..<10_000 {
      let input: String
      let result: Result<RidesLink, DeepLinkError>
      if index.isMultiple(of: 4) {
        let payload = badPayload(&random)
        input = "\(payload)"
        result = links.link(forPush: payload)
      } else {
        input = badURL(&random)
        result = links.link(for: input)
      }
      switch result {
      case .success(let link):
        // A serving workflow would attach a RIB here; it must never be reached.
        root.attachChild(RideRouter())
        Issue.record("accepted \(link) from \(input)")
      case .failure:
        rejected += 1
      }
    }
    #expect(rejected == 10_000)
    #expect(root.snapshot() == before)
    #expect(harness.events.filter { $0.hasPrefix("attached") }.count == 1)
  }
}

/// A small deterministic generator for the fuzz test.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
  mutating func int(_ range: Range<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}

/// A URL that is invalid by construction: every branch breaks one rule the router enforces.
func badURL(_ random: inout SplitMix64) -> String {
  let junk = ["", " ", "%", "%G1", "%C3%28", "\u{0}", "{", "#", "?", "//", "@", "..", "%2", "é"]
  switch random.int(0..<9) {
  case 0: return random.pick(["", ":", "://", "rides", "rides:/", "1x://trip/1", "-a://trip/1"])
  case 1:
    return "rides://trip/" + random.pick(["x", "4.2", "-", "1e3", "0x1", "99999999999999999999"])
  case 2: return "rides://trip/\(random.int(0..<1000))/" + random.pick(["extra", "a/b"])
  case 3:
    return random.pick(["rides://trips/1", "rides://ride/1", "ride://trip/1", "rides:trip/1"])
  case 4:
    var text = "rides://trip/\(random.int(0..<1000))"
    let at = text.index(text.startIndex, offsetBy: random.int(8..<text.count))
    // Never a valid escape: '%' followed by a non-hex character.
    text.insert(contentsOf: random.pick([" ", "%G", "%Z9", "%-1", "\u{7F}"]), at: at)
    return text
  case 5: return "https://rides.example.com/promo/X?source=a&source=" + random.pick(["b", "a", ""])
  case 6: return "https://rides.example.com/promo/" + random.pick(["", "/", "a/b"]) + "?source=s"
  case 7:
    return "rides://" + random.pick(["u@trip", "trip:", "trip:x", "trip:70000", "tr p"]) + "/1"
  default:
    let length = random.int(1..<12)
    var text = "rides://"
    for _ in 0..<length { text += random.pick(junk) }
    return text
  }
}

/// A push payload that is invalid by construction.
func badPayload(_ random: inout SplitMix64) -> [String: ScalarValue] {
  switch random.int(0..<4) {
  case 0: return ["trip": .int(1), "late": .int(2)]  // no type
  case 1: return ["type": .int(3), "trip": .int(1)]  // type is not a string
  case 2: return ["type": .string(random.pick(["", "driver", "arrived", "DRIVER_ARRIVED"]))]
  default:
    return [
      "type": .string("driver_arrived"),
      "trip": random.pick([.bool(true), .double(1.5), .string("x"), .string("")]),
      "late": .int(1),
    ]
  }
}
