import FuzzSupport
@_spi(RibcageFuzzing) import RibcageInspector

// The app's WebSocket client reading the answer to its upgrade request from whatever listens on
// the inspector's port: accepted only with a 101 and the right accept, the head ending where it
// says, and the same answer however the socket split the bytes.

enum Target {
  static func run(_ bytes: [UInt8]) {
    let whole = InspectorFuzzing.upgradeAnswer(bytes, cuts: []).answer
    var cutsList = [[bytes.count / 3, 2 * bytes.count / 3]]
    if bytes.count <= 512 { cutsList.append(Array(bytes.indices)) }
    for cuts in cutsList {
      let pieces = InspectorFuzzing.upgradeAnswer(bytes, cuts: cuts).answer
      invariant(whole == pieces, "at once: \(whole); in pieces: \(pieces)")
    }
    guard whole.hasPrefix("accepted "), let length = Int(whole.dropFirst(9)) else { return }
    invariant(
      length >= 4 && length <= bytes.count
        && Array(bytes[(length - 4)..<length]) == [13, 10, 13, 10],
      "accepted a head of \(length) bytes that does not end with a blank line")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzUpgradeAnswer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
