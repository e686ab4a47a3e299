import FuzzSupport
@_spi(RibcageFuzzing) import RibcageInspectServer

// What an app connection sends the inspector server: messages separated by NUL bytes, the
// first a hello, then session lines (the stream validator); and the same bytes read as a
// recorded session file (the line filter the server applies to files it opens). Neither traps,
// and both decide the same way twice.

enum Target {
  static func run(_ bytes: [UInt8]) {
    let messages = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    let verdicts = InspectFuzzing.appStream(messages, maximumLine: 4096)
    invariant(
      verdicts == InspectFuzzing.appStream(messages, maximumLine: 4096), "two verdicts")
    invariant(verdicts.count <= messages.count, "\(verdicts.count) verdicts")
    let lines = InspectFuzzing.sessionFileLines(bytes)
    invariant(lines == InspectFuzzing.sessionFileLines(bytes), "two line verdicts")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppStream(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
