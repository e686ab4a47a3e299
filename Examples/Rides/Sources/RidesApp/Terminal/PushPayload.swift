import Foundation
import Ribcage

/// Parses a push notification's payload — a flat JSON object — into the scalar values the deep
/// link router reads.
enum PushPayload {
  private struct Scalar: Decodable {
    let value: ScalarValue

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        value = .bool(bool)
      } else if let int = try? container.decode(Int.self) {
        value = .int(int)
      } else if let double = try? container.decode(Double.self) {
        value = .double(double)
      } else {
        value = .string(try container.decode(String.self))
      }
    }
  }

  /// The payload's keys and values, or a message saying what is wrong with `json`.
  static func parse(_ json: String) -> Result<[String: ScalarValue], CommandError> {
    guard !json.isEmpty else { return .failure(.usage("push {\"type\": ..., ...}")) }
    do {
      let object = try JSONDecoder().decode([String: Scalar].self, from: Data(json.utf8))
      return .success(object.mapValues(\.value))
    } catch {
      return .failure(
        .rejected(
          "push: the payload must be a flat JSON object, e.g. {\"type\": \"driver_arrived\", \"trip\": 100}"
        ))
    }
  }
}
