import Foundation
import Ribcage

/// The names and constants of the `ribcage-session` format (see `docs/inspect.md`), in one place
/// for the recorder that writes it and the timeline that reads it.
public enum SessionFormat {
  /// The value of the header's `format` key.
  public static let name = "ribcage-session"
  /// The newest version this library writes and reads.
  public static let version = 1

  /// A wall-clock date as ISO 8601 with milliseconds, UTC.
  static func iso8601(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.string(from: date)
  }

  /// A flag source's name in the format.
  static func name(of source: FlagSource) -> String {
    switch source {
    case .defaults: "defaults"
    case .localFile: "localFile"
    case .runtime: "runtime"
    case .autoDisabled: "autoDisabled"
    case .override: "override"
    }
  }

  static func literal(_ hook: LifecycleHook) -> StaticString {
    switch hook {
    case .didBecomeActive: "didBecomeActive"
    case .willResignActive: "willResignActive"
    case .didLoad: "didLoad"
    }
  }

  /// The case of a deep link error, e.g. `wrongType`.
  static func caseName(of error: DeepLinkError) -> String {
    switch error {
    case .malformed: "malformed"
    case .unhandled: "unhandled"
    case .missingParameter: "missingParameter"
    case .wrongType: "wrongType"
    case .duplicateQueryItem: "duplicateQueryItem"
    case .rejected: "rejected"
    }
  }
}

extension JSONLineWriter {
  /// Appends a flag or payload value as its JSON scalar.
  func appendScalar(_ value: ScalarValue) {
    switch value {
    case .bool(let bool): appendLiteral(bool ? "true" : "false")
    case .int(let int):
      if int < 0 { append(byte: UInt8(ascii: "-")) }
      appendDecimal(UInt64(int.magnitude))
    case .double(let double):
      if double.isFinite {
        appendRaw(Array("\(double)".utf8))
      } else {
        appendLiteral("null")
      }
    case .string(let string): appendString(string)
    }
  }
}
