import Foundation
import Testing

/// Every command's help, as `ribcage <command> --help` prints it.
private let commands = [
  ["new"], ["new", "app"], ["new", "rib"], ["new", "service"], ["new", "workflow"],
  ["new", "plugin"], ["new", "templates"], ["lint"], ["graph"], ["check"], ["migrate"],
  ["inspect"],
]

@Test(.timeLimit(.minutes(10)), arguments: commands)
func helpNamesEachDefaultOnce(command: [String]) {
  let recording = RecordingConsole()
  #expect(recording.run(command + ["--help"]) == 0)
  // argument-parser adds "(default: X)" itself; a help text that says it too prints it twice.
  let options = recording.output.components(separatedBy: "\n  -")
  for option in options {
    let flattened = option.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let mentions = flattened.components(separatedBy: "(default").count - 1
    #expect(mentions <= 1, "\(command): \(flattened)")
  }
}

@Test(.timeLimit(.minutes(10))) func htmlWithoutASessionFileShowsInspectsUsageNotTheToolsUsage() {
  let recording = RecordingConsole()
  #expect(recording.run(["inspect", "--html", "report.html"]) == 2)
  #expect(recording.errors.contains("--html writes the report of exactly one FILE"))
  #expect(recording.errors.contains("Usage: ribcage inspect"), "\(recording.errors)")
  #expect(!recording.errors.contains("ribcage <subcommand>"))
}

@Test(.timeLimit(.minutes(10))) func aPortInUseIsExplainedWithWhatToDo() throws {
  let listener = try #require(TakenPort())
  let recording = RecordingConsole()
  let folder = NSTemporaryDirectory() + "ribcage-port-" + UUID().uuidString
  defer { try? FileManager.default.removeItem(atPath: folder) }
  #expect(
    recording.run(["inspect", "--port", "\(listener.port)", "--sessions", folder]) == 2)
  #expect(
    recording.errors.contains("port \(listener.port) on 127.0.0.1 is in use"), "\(recording.errors)"
  )
  #expect(recording.errors.contains("--port 0"))
  #expect(!recording.errors.contains("bind(descriptor"))
}

/// A loopback port held by a listening socket until the value is released.
private final class TakenPort {
  let port: Int
  private let descriptor: Int32

  init?() {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && listen(descriptor, 1) == 0
          && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit {
    close(descriptor)
  }
}
