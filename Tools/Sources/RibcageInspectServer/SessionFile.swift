import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One live session's file: created exclusively and readable by its owner only, open while its
/// app is connected (one descriptor per connected app, not per app ever seen), appended to in
/// whole lines only.
///
/// A write that fails (a full disk) leaves no torn line: the file is cut back to the end of the
/// last whole line and the caller is told, so the lines counted are the lines written.
struct SessionFile {
  /// Writes bytes to a descriptor as `write(2)` does (the tests' way to fill the disk).
  typealias Write = @Sendable (Int32, UnsafeRawBufferPointer) -> Int

  /// Why a session file could not be created or written.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let path: String
  private var descriptor: Int32?
  /// The size of the file's whole lines: where a failed write is cut back to.
  private(set) var size: UInt64 = 0
  private let write: Write

  /// Creates a new file in `directory` named `stem` (with `-2`, `-3`, … when the name is taken),
  /// never opening one that exists.
  static func create(in directory: String, stem: String, write: @escaping Write) throws(Failure)
    -> SessionFile
  {
    try makeDirectory(directory)
    for attempt in 1...100 {
      let name = attempt == 1 ? "\(stem).jsonl" : "\(stem)-\(attempt).jsonl"
      let path = (directory as NSString).appendingPathComponent(name)
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        var file = SessionFile(path: path, write: write)
        file.descriptor = descriptor
        return file
      }
      guard errno == EEXIST else {
        throw Failure(description: "cannot create \(path): \(errnoText())")
      }
    }
    throw Failure(description: "cannot create a session file for \(stem) in \(directory)")
  }

  /// The sessions folder, made readable by its owner only when this creates it.
  static func makeDirectory(_ directory: String) throws(Failure) {
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw Failure(description: "cannot create the sessions folder \(directory): \(errnoText())")
    }
  }

  private init(path: String, write: @escaping Write) {
    self.path = path
    self.write = write
  }

  var isOpen: Bool { descriptor != nil }

  /// Opens the file again to append (its app came back).
  mutating func reopen() throws(Failure) {
    guard descriptor == nil else { return }
    let opened = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
    guard opened >= 0 else { throw Failure(description: "cannot open \(path): \(errnoText())") }
    descriptor = opened
    size = UInt64(max(0, lseek(opened, 0, SEEK_END)))
  }

  /// Appends `bytes` (whole lines). On a failure the file is cut back to its last whole line.
  mutating func append(_ bytes: [UInt8]) throws(Failure) {
    guard let descriptor else { throw Failure(description: "\(path) is closed") }
    var written = 0
    var failure: String?
    bytes.withUnsafeBytes { buffer in
      while written < buffer.count {
        let result = write(descriptor, UnsafeRawBufferPointer(rebasing: buffer[written...]))
        if result < 0 {
          if errno == EINTR { continue }
          failure = errnoText()
          return
        }
        if result == 0 {
          failure = "no space written"
          return
        }
        written += result
      }
    }
    if let failure {
      _ = ftruncate(descriptor, off_t(size))  // whatever part of `bytes` reached the file
      throw Failure(description: "cannot write \(path): \(failure)")
    }
    size += UInt64(bytes.count)
  }

  /// Closes the descriptor (the file stays; ``reopen()`` appends to it again).
  mutating func close() {
    guard let descriptor else { return }
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
    self.descriptor = nil
  }

  /// `write(2)` itself.
  static let systemWrite: Write = { descriptor, buffer in
    #if canImport(Glibc)
      Glibc.write(descriptor, buffer.baseAddress, buffer.count)
    #else
      Darwin.write(descriptor, buffer.baseAddress, buffer.count)
    #endif
  }
}

private func errnoText() -> String {
  String(cString: strerror(errno))
}
