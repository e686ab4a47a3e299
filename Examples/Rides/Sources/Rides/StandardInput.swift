import Foundation

/// Standard input's lines, read on a thread of their own: the main actor stays free while the
/// app waits for a command (the inspector's remote actions run meanwhile).
enum StandardInput {
  static func lines() -> AsyncStream<String> {
    AsyncStream { continuation in
      let thread = Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
      thread.start()
    }
  }
}
