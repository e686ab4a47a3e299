import Foundation
import RibcageInspector

/// `ribcage inspect FILE --html OUT`: a session as one self-contained HTML file that opens with
/// no server. The session is read and written a line at a time (never held whole), and every
/// line is checked as the server checks an app's: a line that is not JSON or whose fields have
/// the wrong types is left out, saying why; a torn last line (the app stopped mid-write) is
/// left out quietly, as the timeline loader does.
public struct SessionReport: Sendable {
  /// Why a report could not be written.
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// The lines written (the header included).
  public var lines = 0
  /// The lines left out, each with its number and the reason.
  public var droppedLines: [String] = []
  /// The size of the report.
  public var bytes = 0

  /// Writes the report of `session` to `output`; the file appears whole or not at all.
  public static func write(session path: String, to output: String) throws(Failure) -> SessionReport
  {
    guard let input = FileHandle(forReadingAtPath: path) else {
      throw Failure(description: "cannot read \(path)")
    }
    defer { try? input.close() }
    let partial = output + ".partial"
    guard FileManager.default.createFile(atPath: partial, contents: nil),
      let out = FileHandle(forWritingAtPath: partial)
    else {
      throw Failure(description: "cannot write \(output)")
    }
    var report = SessionReport()
    do {
      defer { try? out.close() }
      let (before, after) = PageDocument.reportParts(title: (path as NSString).lastPathComponent)
      try out.write(contentsOf: Data(before.utf8))
      report.bytes += before.utf8.count
      var checker = SessionLineFilter()
      try forEachLine(of: input) { line, number, isLast in
        switch checker.check(line, number: number, isLast: isLast) {
        case .keep:
          let text = PageDocument.scriptSafe(String(decoding: line, as: UTF8.self)) + "\n"
          try out.write(contentsOf: Data(text.utf8))
          report.bytes += text.utf8.count
          report.lines += 1
        case .drop(let reason): report.droppedLines.append(reason)
        case .dropQuietly: break
        case .notASession:
          throw Failure(
            description: "\(path) is not a ribcage-session file (its first line is not the header)")
        }
      }
      guard checker.sawHeader else {
        throw Failure(
          description: "\(path) is not a ribcage-session file (its first line is not the header)")
      }
      try out.write(contentsOf: Data(after.utf8))
      report.bytes += after.utf8.count
    } catch let failure as Failure {
      try? FileManager.default.removeItem(atPath: partial)
      throw failure
    } catch {
      try? FileManager.default.removeItem(atPath: partial)
      throw Failure(description: "cannot write \(output): \(error.localizedDescription)")
    }
    do {
      if FileManager.default.fileExists(atPath: output) {
        try FileManager.default.removeItem(atPath: output)
      }
      try FileManager.default.moveItem(atPath: partial, toPath: output)
    } catch {
      try? FileManager.default.removeItem(atPath: partial)
      throw Failure(description: "cannot write \(output): \(error.localizedDescription)")
    }
    return report
  }

  /// Calls `body` with each line of `file` (without its newline), its number, and whether it is
  /// the last one and has no newline; reads a megabyte at a time.
  private static func forEachLine(
    of file: FileHandle, _ body: (ArraySlice<UInt8>, Int, Bool) throws -> Void
  ) throws {
    var carry: [UInt8] = []
    var number = 0
    while let piece = try file.read(upToCount: 1 << 20), !piece.isEmpty {
      carry += piece
      var start = 0
      while let end = carry[start...].firstIndex(of: UInt8(ascii: "\n")) {
        number += 1
        try body(carry[start..<end], number, false)
        start = end + 1
      }
      carry.removeFirst(start)
      if carry.count > SessionLineFilter.maximumLine {
        // Too long to be a line anyone keeps: read past it.
        number += 1
        try body(carry[...], number, false)
        carry = []
        while let rest = try file.read(upToCount: 1 << 20), !rest.isEmpty {
          guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { continue }
          carry = Array(rest[(end + 1)...])
          break
        }
      }
    }
    if !carry.isEmpty {
      number += 1
      try body(carry[...], number, true)
    }
  }
}
