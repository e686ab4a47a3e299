#if canImport(Glibc)
  import Glibc

  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  import Darwin

  private let systemWrite = Darwin.write
#endif

/// One of the console's two streams: where its text goes, and whether a person is watching it
/// (a terminal: colour and a progress line help) or a program is reading it (a pipe or a file:
/// they would be noise).
public struct ConsoleStream {
  /// Whether the stream is a terminal.
  public let isTerminal: Bool
  private let writeText: (String) -> Void

  /// A stream that hands each piece of text to `write` as it is written (newlines included).
  public init(isTerminal: Bool, write: @escaping (String) -> Void) {
    self.isTerminal = isTerminal
    self.writeText = write
  }

  public func write(_ text: String) { writeText(text) }

  /// A file descriptor of the process, written unbuffered: every `write` has reached the
  /// descriptor when it returns. So text written to standard output and then to standard error
  /// arrives in that order even when both go to the same pipe or terminal — with stdio's
  /// buffering, a summary on standard error could land before or amid the findings.
  static func descriptor(_ descriptor: Int32) -> ConsoleStream {
    ConsoleStream(isTerminal: isatty(descriptor) == 1) { text in
      var bytes = Array(text.utf8)[...]
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
          if errno == EINTR { continue }
          return  // a closed pipe or a full disk: nothing left to tell
        }
        bytes = bytes.dropFirst(written)
      }
    }
  }
}
