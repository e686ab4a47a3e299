@_spi(RibcageTools) import Ribcage

/// What the inspector's page asks the app to do (performed only when the app allows it).
///
/// On the wire, one JSON object per WebSocket message:
/// `{"action":"flag","key":"coupons","value":false}`, `{"action":"link","url":"rides://…"}`,
/// `{"action":"sweep"}`.
enum RemoteAction: Equatable, CustomStringConvertible {
  case setFlag(key: String, value: ScalarValue)
  case openLink(String)
  case sweepLeaks

  struct Invalid: Error, CustomStringConvertible {
    let description: String
  }

  init(_ bytes: [UInt8]) throws(Invalid) {
    guard bytes.count <= 64 * 1024 else { throw Invalid(description: "over 64 KB") }
    let value: JSONValue
    do {
      value = try JSONParser(maximumDepth: 8).parse(bytes)
    } catch {
      throw Invalid(description: "not JSON: \(error)")
    }
    guard let kind = value["action"]?.stringValue else {
      throw Invalid(description: "no \"action\"")
    }
    switch kind {
    case "flag":
      guard let key = value["key"]?.stringValue, !key.isEmpty else {
        throw Invalid(description: "a flag action with no \"key\"")
      }
      let scalar: ScalarValue
      switch value["value"] {
      case .bool(let bool): scalar = .bool(bool)
      case .integer(let integer): scalar = .int(Int(integer))
      case .number(let number): scalar = .double(number)
      case .string(let string): scalar = .string(string)
      default: throw Invalid(description: "a flag action whose \"value\" is not a scalar")
      }
      self = .setFlag(key: key, value: scalar)
    case "link":
      guard let url = value["url"]?.stringValue, !url.isEmpty else {
        throw Invalid(description: "a link action with no \"url\"")
      }
      self = .openLink(url)
    case "sweep":
      self = .sweepLeaks
    default:
      throw Invalid(description: "an unknown action \"\(kind)\"")
    }
  }

  var description: String {
    switch self {
    case .setFlag(let key, let value): "set flag \(key) to \(value)"
    case .openLink(let url): "open \(url)"
    case .sweepLeaks: "leak sweep"
    }
  }
}
