/// Reads the answer to the client's upgrade request as its bytes arrive.
///
/// Each read is given every byte received so far. Searching them all again for the head's closing
/// blank line made a server that answers a byte at a time cost quadratic work: about 134 million
/// comparisons for a 16 KiB head. The reader remembers where its search stopped, so the bytes it
/// examines never exceed the bytes received.
struct UpgradeAnswerReader {
  /// The key the request was sent with.
  let key: String
  /// The leading bytes known not to start the closing blank line.
  private var searched = 0
  /// How many bytes the search has examined over the reader's life: what tests read to check
  /// that a head arriving a byte at a time costs linear work.
  private(set) var bytesExamined = 0

  init(key: String) {
    self.key = key
  }

  /// Reads `bytes`, the answer so far; each call's bytes start with the previous call's.
  mutating func read(_ bytes: [UInt8]) throws(InspectorError) -> UpgradeAnswer {
    let limit = min(bytes.count, UpgradeAnswer.longestHead + 4)
    while searched + 4 <= limit {
      bytesExamined += 1
      if bytes[searched] == 13 && bytes[searched + 1] == 10 && bytes[searched + 2] == 13
        && bytes[searched + 3] == 10
      {
        return try UpgradeAnswer.read(bytes, headEnd: searched, key: key)
      }
      searched += 1
    }
    if bytes.count >= UpgradeAnswer.longestHead + 4 {
      throw .handshakeRefused("an oversized answer")
    }
    return .incomplete
  }
}
