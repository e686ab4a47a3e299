import FuzzSupport
@_spi(RibcageFuzzing) import RibcageInspector

// The app's WebSocket client reading what the inspector's server (or anything listening on its
// port) sends: frames, fragments, control frames, lengths. However the bytes arrive — at once,
// in three pieces, byte by byte — the client reads the same messages and fails the same way.

enum Target {
  /// The frames up to the first close: the connection ends there.
  static func untilClose(_ frames: [String]) -> [String] {
    guard let close = frames.firstIndex(where: { $0.hasPrefix("close") }) else { return frames }
    return Array(frames[...close])
  }

  static func run(_ bytes: [UInt8]) {
    let whole = InspectorFuzzing.webSocketFrames(bytes, cuts: [])
    var cutsList = [[bytes.count / 3, 2 * bytes.count / 3]]
    if bytes.count <= 512 { cutsList.append(Array(bytes.indices)) }
    for cuts in cutsList {
      let pieces = InspectorFuzzing.webSocketFrames(bytes, cuts: cuts)
      invariant(
        (whole.error == nil) == (pieces.error == nil),
        "at once: \(String(describing: whole.error)); in pieces: \(String(describing: pieces.error))"
      )
      if whole.error == nil {
        invariant(
          untilClose(whole.frames) == untilClose(pieces.frames),
          "at once \(whole.frames), in pieces \(pieces.frames)")
      }
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrames(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
