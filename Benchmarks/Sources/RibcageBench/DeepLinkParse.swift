import Foundation
import Ribcage

/// A URL to a typed link through `DeepLinkRouter`, against hand-written `URLComponents` matching
/// of the same pattern (`rides://trip/{id}`). Per URL.
@MainActor
enum DeepLinkParse {
  enum Link: Equatable {
    case trip(id: Int)
  }

  /// What a hand-written matcher does: parse with Foundation, compare scheme and host, split the
  /// path, convert the id.
  static func floorParse(_ text: String) -> Link? {
    guard let components = URLComponents(string: text),
      components.scheme?.lowercased() == "rides", components.host?.lowercased() == "trip"
    else { return nil }
    let segments = components.path.split(separator: "/")
    guard segments.count == 1, let id = Int(segments[0]) else { return nil }
    return .trip(id: id)
  }

  static func run() -> String {
    let links = DeepLinkRouter<Link>()
    do {
      try links.register("rides://trip/{id}") { .trip(id: try $0.int("id")) }
    } catch {
      return "BENCH deeplink-parse error: \(error)"
    }
    let inputs = [
      "rides://trip/42", "RIDES://Trip/1234/", "rides://trip/7?utm_source=push",
      "rides://trip/99#details", "rides://trip/%34%32", "rides://trip/123456789",
    ]
    for input in inputs {
      precondition(
        (try? links.link(for: input).get()) == floorParse(input), "both sides agree on \(input)")
    }
    let rounds = 5_000
    var ribcageFound = 0
    var floorFound = 0
    let measurement = Measurement(operationsPerRound: rounds * inputs.count)
    let comparison = measurement.compare(
      ribcage: {
        for _ in 0..<rounds {
          for input in inputs where (try? links.link(for: input).get()) != nil { ribcageFound += 1 }
        }
      },
      floor: {
        for _ in 0..<rounds {
          for input in inputs where floorParse(input) != nil { floorFound += 1 }
        }
      })
    precondition(ribcageFound == floorFound, "both sides match the same URLs")
    return benchLine("deeplink-parse", comparison)
  }
}
