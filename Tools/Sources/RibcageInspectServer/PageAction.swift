import Foundation

/// A remote action a page asks for, checked before it goes to the app: only these three, with
/// their fields, re-encoded by the server (a page cannot pass anything else through).
struct PageAction: Sendable, Equatable, Codable {
  enum Value: Sendable, Equatable, Codable {
    case bool(Bool)
    case number(Double)
    case string(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .string(try container.decode(String.self))
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .bool(let bool): try container.encode(bool)
      case .number(let number):
        if number.rounded() == number, abs(number) < 1e15 {
          try container.encode(Int(number))
        } else {
          try container.encode(number)
        }
      case .string(let string): try container.encode(string)
      }
    }
  }

  let action: String
  let key: String?
  let value: Value?
  let url: String?

  var kind: String { action }

  /// Reads and checks the `action` member of a page's request.
  static func decode(_ object: Any) throws(InspectError) -> PageAction {
    guard JSONSerialization.isValidJSONObject(object),
      let data = try? JSONSerialization.data(withJSONObject: object),
      let action = try? JSONDecoder().decode(PageAction.self, from: data)
    else {
      throw .actionRefused("an action must be an object with an \"action\" and scalar fields")
    }
    return try action.validated()
  }

  /// Checks a decoded action's fields.
  func validated() throws(InspectError) -> PageAction {
    switch action {
    case "flag":
      guard let key, !key.isEmpty, key.count <= 200, let value else {
        throw .actionRefused("a flag action needs a key and a scalar value")
      }
      if case .string(let text) = value, text.count > 1000 {
        throw .actionRefused("a flag value over 1,000 characters")
      }
      return PageAction(action: action, key: key, value: value, url: nil)
    case "link":
      guard let url, !url.isEmpty, url.count <= 4096 else {
        throw .actionRefused("a link action needs a url")
      }
      return PageAction(action: action, key: nil, value: nil, url: url)
    case "sweep":
      return PageAction(action: action, key: nil, value: nil, url: nil)
    default:
      throw .actionRefused("an unknown action \"\(action.prefix(40))\"")
    }
  }

  /// The message the app receives.
  var message: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
  }
}
