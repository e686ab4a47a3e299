import Foundation

/// Findings recorded as accepted: `--baseline FILE` reports only findings not in it;
/// `--write-baseline FILE` records the current ones. Entries are fingerprints (rule, path, the
/// line's text and its occurrence), so unrelated edits that move lines do not resurface them.
public struct Baseline: Sendable, Equatable {
  public private(set) var fingerprints: Set<String>

  public init(findings: [Finding]) {
    fingerprints = Set(findings.map(\.fingerprint))
  }

  public func contains(_ finding: Finding) -> Bool { fingerprints.contains(finding.fingerprint) }

  /// The baseline file's contents for `findings`: JSON, stable order.
  public static func encode(_ findings: [Finding]) -> String {
    let entries: [JSONValue] = findings.map { finding in
      [
        "rule": .string(finding.rule), "path": .string(finding.path),
        "fingerprint": .string(finding.fingerprint), "message": .string(finding.message),
      ]
    }
    return JSONWriter.render(["version": 1, "findings": .array(entries)], layout: .records) + "\n"
  }

  /// Reads a baseline file.
  public static func decode(_ data: Data, file: String) throws(ConfigurationError) -> Baseline {
    struct Entry: Decodable { let fingerprint: String }
    struct File: Decodable {
      let version: Int
      let findings: [Entry]
    }
    do {
      let decoded = try JSONDecoder().decode(File.self, from: data)
      guard decoded.version == 1 else {
        throw ConfigurationError(
          file: file, key: "version", problem: "expected 1, found \(decoded.version)")
      }
      var baseline = Baseline(findings: [])
      baseline.fingerprints = Set(decoded.findings.map(\.fingerprint))
      return baseline
    } catch let error as ConfigurationError {
      throw error
    } catch {
      throw ConfigurationError(
        file: file, key: nil, problem: "not a baseline written by --write-baseline (\(error))")
    }
  }

  /// A short, stable hash of a finding's identity.
  static func fingerprint(key: String, occurrence: Int) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return String(hash, radix: 16) + "-\(occurrence)"
  }
}
