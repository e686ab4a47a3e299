import Ribcage
import Testing

/// Patterns whose text could be read two ways, found by the pattern fuzz target
/// (Fuzzing/FailCases/FuzzDeepLinkPattern): each is an error naming the pattern, never a
/// parameter the author did not write.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct DeepLinkPatternAmbiguityTests {
  @Test func anEncodedBraceIsNotAParameter() {
    // `%7Ba%7D` decodes to `{a}`: it captured anything as a parameter `a`.
    for template in ["rides://t/%7Ba%7D", "rides://t/%7ba%7d", "rides://t?k=%7Ba%7D"] {
      expectRejected(template, saying: "encoded brace")
    }
  }

  @Test func aQueryItemNameIsNeverAParameter() {
    // `?{a}={b}` asked for an item literally named `{a}`.
    expectRejected("rides://t?{a}={b}", saying: "a parameter must be a whole segment or value")
  }

  @Test func theOptionalMarkIsNotPartOfAName() {
    // `{a~optional~}` was read as `{a?}`: the internal stand-in for `?` leaked.
    expectRejected("rides://t?x={a~optional~}", saying: "invalid parameter name")
  }

  @Test func aQueryItemIsCapturedOnce() {
    // `?r={a}&r={b}` registered, and then no URL with both items could match: a URL repeating
    // a captured item is an error.
    expectRejected("rides://t?r={a}&r={b}", saying: "query item r appears twice")
  }

  @Test func aParameterNameIsNeverPercentEncoded() {
    // `{%E3%82%ACy}` decoded to a parameter `ガy` that the template, printed, does not name.
    for template in ["rides://t/{%E3%82%ACy}", "rides://t?k={a%41}"] {
      expectRejected(template, saying: "percent-encoded")
    }
  }

  @Test func aBraceIsABraceWhateverFollowsIt() {
    // A combining mark after `{` or `}` makes one Character of the two; the pattern reads the
    // brace per scalar, as a URL is read: `{\u{301}id}` is a parameter with an invalid name.
    expectRejected("rides://t/{\u{301}id}", saying: "invalid parameter name")
    expectRejected("rides://t/{id}\u{301}", saying: "a parameter must be a whole segment")
    expectRejected("rides://t/{%41\u{301}}", saying: "percent-encoded")
    // Read per Character, a brace joined with the mark after it went unseen in a query item's
    // name and a path segment: both were accepted as literals holding a brace.
    expectRejected("rides://t?x{\u{64D}r={r?}", saying: "a parameter must be a whole segment")
    expectRejected("rides://t/a{\u{301}b", saying: "a parameter must be a whole segment")
  }

  @Test func anOptionalMarkIsReadPerScalar() {
    // U+0D4E, a letter, joins the `?` after it into one Character: read per Character,
    // `{a\u{D4E}?}` was not marked optional but a required parameter named `a\u{D4E}?`
    // (Fuzzing/FailCases/FuzzDeepLinkPattern/optional-mark-after-joining-letter).
    let links = DeepLinkRouter<DeepLinkMatch>()
    #expect(throws: Never.self) { try links.register("rides://t?x={a\u{D4E}?}") { $0 } }
    let pattern = "rides://t?x={a\u{D4E}?}"
    #expect(
      links.link(for: "rides://t") == .success(DeepLinkMatch(pattern: pattern, parameters: [:])))
    #expect(
      links.link(for: "rides://t?x=5")
        == .success(DeepLinkMatch(pattern: pattern, parameters: ["a\u{D4E}": .string("5")])))
    expectRejected("rides://t/{a\u{D4E}?}", saying: "path parameters cannot be optional")
  }

  @Test func anEncodedBraceIsSeenWhateverJoinsIt() {
    // U+070F joined with the `%` after it, or a mark joined with the `B` before it, hid `%7B`
    // from a per-Character search: in the fragment the pattern was accepted, in a segment it
    // failed for another reason.
    for template in ["rides://t#\u{70F}%7B", "rides://t/%7B\u{301}a", "rides://t?k=\u{70F}%7Da"] {
      expectRejected(template, saying: "encoded brace")
    }
  }

  @Test func aNameHoldsNoURLSyntax() {
    // A letter that joins the scalar after it (U+0D4E) made `=`, `/` or `~` part of a Character
    // that reads as a letter: `{a\u{D4E}=b}` was a parameter named `a\u{D4E}=b`.
    for template in [
      "rides://t?x={a\u{D4E}=b}", "rides://t?x={a\u{D4E}/b}", "rides://t/{a\u{D4E}~b}",
    ] {
      expectRejected(template, saying: "invalid parameter name")
    }
  }

  private func expectRejected(_ template: String, saying fragment: String) {
    let links = DeepLinkRouter<Int>()
    do {
      try links.register(template) { _ in 0 }
      Issue.record("\(template) was accepted")
    } catch {
      #expect(error.pattern == template)
      #expect(error.description.contains(fragment), "\(template): \(error)")
    }
    #expect(links.link(for: "rides://t/x") == .failure(.unhandled(input: "rides://t/x")))
  }
}
