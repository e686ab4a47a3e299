import Foundation
import RibcageSourceLimits

/// A source file's text, read defensively: unreadable, binary, non-UTF-8, oversized files and
/// files nested too deep to parse in reasonable time are notes, not crashes or hangs.
enum SourceText {
  /// Files larger than this are skipped (generated blobs, not code anyone reviews).
  static let maximumBytes = 16 * 1_024 * 1_024

  /// The file's bytes as UTF-8 text, or the reason it is skipped.
  static func read(_ path: String) -> Result<[UInt8], FileNote.Kind.Reason> {
    guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
    defer { try? handle.close() }
    let data: Data
    do {
      guard let read = try handle.readToEnd() else { return .success([]) }
      data = read
    } catch {
      return .failure(.unreadable)
    }
    if data.count > maximumBytes { return .failure(.tooLarge(data.count)) }
    let bytes = [UInt8](data)
    if bytes.prefix(8_192).contains(0) { return .failure(.binary) }
    guard String.isValidUTF8(bytes) else { return .failure(.notUTF8) }
    if SquareBracketNesting.exceedsLimit(bytes) { return .failure(.nestedTooDeep) }
    return .success(bytes)
  }
}

extension FileNote.Kind {
  /// Why a file was skipped.
  enum Reason: Error, Equatable, CustomStringConvertible {
    case unreadable, binary, notUTF8, nestedTooDeep
    case tooLarge(Int)

    var description: String {
      switch self {
      case .unreadable: "cannot be read"
      case .binary: "binary file (contains NUL bytes)"
      case .notUTF8: "not UTF-8 text"
      case .nestedTooDeep:
        "nests square brackets more than \(SquareBracketNesting.limit) deep (the Swift parser's "
          + "time doubles with each level); split the expression or type to have it analysed"
      case .tooLarge(let bytes):
        "too large to analyse (\(bytes / 1_048_576) MB; the limit is 16 MB)"
      }
    }
  }
}

extension String {
  /// Whether `bytes` are valid UTF-8 (without copying them into a string).
  static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    // Source code is mostly ASCII: check that first, decode only when something is not.
    if !bytes.contains(where: { $0 >= 0x80 }) { return true }
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }
}
