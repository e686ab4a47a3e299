import FuzzSupport
import Ribcage

// Deep-link URL matching: one URL per input against a router with the shapes apps register
// (literal and parameter segments, required and optional query parameters, a port). A URL that
// becomes a link, printed from its pattern and parameters and parsed again, is the same link.

@MainActor
enum Target {
  static let patterns = [
    "rides://trip/{id}",
    "rides://trip/new",
    "rides://home",
    "https://rides.example.com/promo/{code}?source={source?}",
    "rides://a/{x}/b/{y}?q={q}&r={r?}",
    "http://localhost:8080/{page}",
    "rides://x/{first}/{second}/{third}",
  ]

  static let router: DeepLinkRouter<DeepLinkMatch> = {
    let router = DeepLinkRouter<DeepLinkMatch>()
    for pattern in patterns {
      try! router.register(pattern) { $0 }
    }
    return router
  }()

  static func run(_ url: String) {
    guard case .success(let match) = router.link(for: url) else { return }
    let values = match.parameters.mapValues { value in
      guard case .string(let text) = value else { fatalError("a URL parameter that is not text") }
      return text
    }
    guard let printed = LinkPrinter.url(match.pattern, values) else {
      fatalError("a match without a required parameter: \(match)")
    }
    let again = router.link(for: printed)
    invariant(
      again == .success(match), "\(url) -> \(match) printed as \(printed) -> \(again)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLinkURL(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let url = FuzzInput(start, count).text
  MainActor.assumeIsolated { Target.run(url) }
  return 0
}
