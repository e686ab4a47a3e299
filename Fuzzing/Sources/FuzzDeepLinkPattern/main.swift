import FuzzSupport
import Ribcage

// Typed-link parsing from the pattern side: the first line is a pattern, the rest a URL. An
// invalid pattern is an error that changes no router; a valid one matches the URL printed from
// it with fresh values, giving back exactly those values; and the URL is matched without trap.

@MainActor
enum Target {
  static let fixed = "rides://fixed/{id}"
  static let router: DeepLinkRouter<DeepLinkMatch> = {
    let router = DeepLinkRouter<DeepLinkMatch>()
    try! router.register(fixed) { $0 }
    return router
  }()
  static let expected = DeepLinkMatch(pattern: fixed, parameters: ["id": .string("7")])

  static func run(_ template: String, _ url: String) {
    let fresh = DeepLinkRouter<DeepLinkMatch>()
    do {
      try fresh.register(template) { $0 }
    } catch {
      // Rejected: the shared router, which tries the same template, is unchanged.
      do {
        try router.register(template) { $0 }
        fatalError("\(template) registered in one router and not in another")
      } catch {}
      invariant(router.link(for: "rides://fixed/7") == .success(expected), "rejected \(template)")
      return
    }
    _ = fresh.link(for: url)
    var values: [String: String] = [:]
    for name in LinkPrinter.parameterNames(template) { values[name] = "v\(values.count)" }
    guard let printed = LinkPrinter.url(template, values) else { return }
    let result = fresh.link(for: printed)
    invariant(
      result
        == .success(DeepLinkMatch(pattern: template, parameters: values.mapValues { .string($0) })),
      "\(template) printed as \(printed) -> \(result)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLinkPattern(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let (template, url) = FuzzInput(start, count).firstLineAndRest
  MainActor.assumeIsolated { Target.run(template, url) }
  return 0
}
