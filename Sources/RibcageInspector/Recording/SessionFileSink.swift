import Dispatch
import Foundation

/// Appends a session's lines to a file on a background queue, so recording never waits for the
/// disk. The file holds the whole session (the memory budget bounds only what the recorder keeps
/// in memory); what was handed over is written in order, and ``finish()`` waits for all of it.
final class SessionFileSink: Sendable {
  private let handle: FileHandle
  private let queue = DispatchQueue(label: "ribcage.session-file")
  private let failure = LockedValue<String?>(nil)
  /// Whether ``finish()`` closed the file: what is handed over later is dropped (a view
  /// model's `encode(to:)` that stops the recorder mid-event still ends the event).
  private let isFinished = LockedValue(false)

  /// Creates (or truncates) the file at `path`.
  init(path: String) throws(SessionRecorderError) {
    guard FileManager.default.createFile(atPath: path, contents: nil) else {
      throw .cannotWrite(path: path, reason: "the file could not be created")
    }
    do {
      handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    } catch {
      throw .cannotWrite(path: path, reason: error.localizedDescription)
    }
  }

  /// The first write error, if one happened (writing stops there).
  var error: String? { failure.value }

  /// Writes `bytes` after everything handed over before.
  func append(_ bytes: [UInt8]) {
    queue.async { [handle, failure, isFinished] in
      guard failure.value == nil, !isFinished.value else { return }
      do {
        try handle.write(contentsOf: Data(bytes))
      } catch {
        failure.value = "\(error)"
      }
    }
  }

  /// Waits until everything handed over is written, then syncs the file.
  func flush() {
    queue.sync { [handle, isFinished] in
      if !isFinished.value { try? handle.synchronize() }
    }
  }

  /// Writes what is pending and closes the file.
  func finish() {
    queue.sync { [handle, isFinished] in
      guard !isFinished.value else { return }
      isFinished.value = true
      try? handle.synchronize()
      try? handle.close()
    }
  }
}

/// A value guarded by a lock, readable from any thread.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  // lock()/unlock() rather than `withLock`, which needs macOS 14.
  var value: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return stored
    }
    set {
      lock.lock()
      stored = newValue
      lock.unlock()
    }
  }

  /// Calls `body` with the value to change, under the lock.
  func update<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&stored)
  }
}
