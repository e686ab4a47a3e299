import Ribcage
import RibcageTesting
import Testing

/// The most specific deep-link pattern wins whatever the order patterns were registered in (a
/// literal segment once lost to a parameter registered earlier).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DeepLinkPrecedenceTests {
  @Test func literalSegmentOutranksParameterWhateverTheRegistrationOrder() throws {
    for literalFirst in [false, true] {
      let links = DeepLinkRouter<String>()
      if literalFirst {
        try links.register("rides://trip/new") { _ in "new trip" }
        try links.register("rides://trip/{id}") { "trip \(try $0.int("id"))" }
      } else {
        try links.register("rides://trip/{id}") { "trip \(try $0.int("id"))" }
        try links.register("rides://trip/new") { _ in "new trip" }
      }
      let order = literalFirst ? "literal first" : "parameter first"
      #expect(links.link(for: "rides://trip/new") == .success("new trip"), "\(order)")
      #expect(links.link(for: "RIDES://trip/new/") == .success("new trip"), "\(order)")
      #expect(links.link(for: "rides://trip/42") == .success("trip 42"), "\(order)")
      #expect(
        links.link(for: "rides://trip/newer")
          == .failure(.wrongType(name: "id", expected: "an integer", value: "newer")), "\(order)")
    }

    // Deeper patterns: the first position where one has a literal and the other a parameter
    // decides, in every registration order.
    let templates = [
      "rides://trip/{id}/stops/{stop}", "rides://trip/{id}/stops/first",
      "rides://trip/current/stops/{stop}",
    ]
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    for order in orders {
      let links = try patternEcho(order.map { templates[$0] })
      #expect(
        links.link(for: "rides://trip/current/stops/first")
          == .success(#"rides://trip/current/stops/{stop} stop="first""#), "\(order)")
      #expect(
        links.link(for: "rides://trip/7/stops/first")
          == .success(#"rides://trip/{id}/stops/first id="7""#), "\(order)")
      #expect(
        links.link(for: "rides://trip/7/stops/2")
          == .success(#"rides://trip/{id}/stops/{stop} id="7" stop="2""#), "\(order)")
    }

    // Equally specific patterns keep registration order.
    let idFirst = try patternEcho(["rides://trip/{id}", "rides://trip/{code}"])
    #expect(idFirst.link(for: "rides://trip/x") == .success(#"rides://trip/{id} id="x""#))
    let codeFirst = try patternEcho(["rides://trip/{code}", "rides://trip/{id}"])
    #expect(codeFirst.link(for: "rides://trip/x") == .success(#"rides://trip/{code} code="x""#))

    // The most specific pattern decides, errors included: no fallback to a less specific one.
    let strict = try patternEcho(["rides://trip/{id}", "rides://trip/new?from={from}"])
    #expect(
      strict.link(for: "rides://trip/new")
        == .failure(.missingParameter(name: "from", pattern: "rides://trip/new?from={from}")))
  }

  /// A router whose links are the template that matched, then its parameters sorted by name.
  private func patternEcho(_ templates: [String]) throws -> DeepLinkRouter<String> {
    let links = DeepLinkRouter<String>()
    for template in templates {
      try links.register(template) { match in
        var parts = [match.pattern]
        for name in match.parameters.keys.sorted() {
          parts.append("\(name)=\(match.parameters[name]!)")
        }
        return parts.joined(separator: " ")
      }
    }
    return links
  }
}
