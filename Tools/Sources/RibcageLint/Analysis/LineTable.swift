/// Turns UTF-8 offsets into 1-based lines and columns, and gives a line's text.
struct LineTable {
  private let bytes: [UInt8]
  private var starts: [Int] = [0]

  init(bytes: [UInt8]) {
    self.bytes = bytes
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
  }

  var lineCount: Int { bytes.last == UInt8(ascii: "\n") ? starts.count - 1 : starts.count }

  /// The 1-based line and column of `offset`, without the line's text (cheaper than `place`).
  func point(at offset: Int) -> (line: Int, column: Int) {
    let index = lineIndex(of: offset)
    let start = starts[index]
    var column = 1
    var position = start
    let end = min(max(offset, start), bytes.count)
    while position < end {
      // Count characters' first bytes (not UTF-8 continuation bytes).
      if bytes[position] & 0xC0 != 0x80 { column += 1 }
      position += 1
    }
    return (index + 1, column)
  }

  private func lineIndex(of offset: Int) -> Int {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  func place(at offset: Int) -> Place {
    let low = lineIndex(of: offset)
    let start = starts[low]
    var end = start
    while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let column =
      String(decoding: bytes[start..<min(max(offset, start), end)], as: UTF8.self).count + 1
    return Place(line: low + 1, column: column, lineText: text.trimmingWhitespace())
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var slice = Substring(self)
    while let first = slice.first, first.isWhitespace { slice.removeFirst() }
    while let last = slice.last, last.isWhitespace { slice.removeLast() }
    return String(slice)
  }
}
