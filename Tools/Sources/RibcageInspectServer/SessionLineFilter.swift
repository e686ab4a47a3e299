@_spi(RibcageTools) import Ribcage
@_spi(RibcageTools) import RibcageInspector

/// Decides, line by line, what of a recorded session the inspector passes on — to a report
/// (`--html`) or to a page opening a recorded file: the header first, then events whose fields
/// have the format's types (``SessionLineSchema``) in increasing `seq` order. A torn last line
/// (the app stopped mid-write) is left out quietly, as the timeline loader does; any other line
/// left out comes with its reason.
struct SessionLineFilter {
  enum Verdict {
    case keep
    case drop(String)
    case dropQuietly
    case notASession
  }

  static let maximumLine = SessionTimeline.Limits().maximumLineBytes
  private let parser = JSONParser(maximumDepth: SessionTimeline.Limits().maximumDepth)
  private(set) var sawHeader = false
  private var lastSeq: Int64 = 0

  mutating func check(_ line: ArraySlice<UInt8>, number: Int, isLast: Bool) -> Verdict {
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .dropQuietly }
    guard line.count <= Self.maximumLine else {
      guard sawHeader else { return .notASession }
      return .drop("line \(number): \(line.count)+ bytes, over the \(Self.maximumLine)-byte limit")
    }
    let object: [String: JSONValue]
    do {
      guard case .object(let members) = try parser.parse(line) else {
        return .drop("line \(number): not a JSON object")
      }
      object = members
    } catch {
      if isLast && sawHeader { return .dropQuietly }  // torn: the app stopped mid-write
      return sawHeader ? .drop("line \(number): not JSON (\(error.description))") : .notASession
    }
    guard sawHeader else {
      guard object["format"]?.stringValue == SessionFormat.name else { return .notASession }
      sawHeader = true
      return .keep
    }
    do {
      try SessionLineSchema.check(object, line: number)
    } catch {
      return .drop(error.description)
    }
    if let seq = object["seq"]?.int64Value {
      guard seq > lastSeq else {
        return .drop("line \(number): seq \(seq) does not come after \(lastSeq)")
      }
      lastSeq = seq
    }
    return .keep
  }
}
