/// The bytes the WebSocket client has read from its socket and not parsed yet.
///
/// One read can bring many small frames. Dropping each parsed frame from the front of an array
/// would move every byte after it, once per frame: quadratic in the frames of one read. The
/// buffer keeps a read index instead. The unread bytes move to the front only when more bytes
/// come and the read part is over half of what it holds: each move copies fewer bytes than were
/// read since the last one, so the bytes moved never exceed the bytes received.
struct ReceiveBuffer {
  private var storage: [UInt8] = []
  /// Where the unread bytes start in `storage`.
  private var start = 0
  /// How many bytes moving the unread part to the front has copied, over the buffer's life:
  /// what tests read to check that parsing many frames moves linearly many bytes, not
  /// quadratically many.
  private(set) var bytesMoved = 0

  /// How many bytes are unread.
  var count: Int { storage.count - start }

  /// The unread byte at `offset` from the first unread one.
  subscript(offset: Int) -> UInt8 { storage[start + offset] }

  /// A copy of the unread bytes in `range`, offsets from the first unread one.
  func bytes(_ range: Range<Int>) -> [UInt8] {
    Array(storage[(start + range.lowerBound)..<(start + range.upperBound)])
  }

  /// A copy of every unread byte.
  var unread: [UInt8] { Array(storage[start...]) }

  /// Appends bytes read from the socket, first moving the unread ones to the front when the
  /// read part is over half of the storage.
  mutating func append(contentsOf bytes: some Collection<UInt8>) {
    if start > storage.count / 2 {
      bytesMoved += count
      storage.removeFirst(start)
      start = 0
    }
    storage.append(contentsOf: bytes)
  }

  /// Marks the first `length` unread bytes read.
  mutating func consume(_ length: Int) {
    precondition(length >= 0 && length <= count, "consuming more than is unread")
    start += length
    if start == storage.count {
      storage.removeAll(keepingCapacity: true)
      start = 0
    }
  }
}
