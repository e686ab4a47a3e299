import ArgumentParser
import Foundation
import RibcageInspectServer

/// `ribcage inspect`: the live RIB tree of running apps in the browser, or a recorded session.
struct Inspect: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show running apps' RIB trees and timelines in the browser, or a recorded session.",
    discussion: """
      With no file: starts a server on 127.0.0.1 and prints one URL with a random token. Open \
      it in a browser; give the same URL to apps (RIBCAGE_INSPECT=URL, or rides --inspect URL). \
      Every app's session is written to --sessions DIR as it arrives. With FILE: shows that \
      recorded session read-only; with --html OUT, writes one self-contained HTML file that \
      opens with no server (for a bug report) and exits. The page and the protocol are in \
      docs/inspect.md.
      """)

  @Argument(help: "Recorded session files (ribcage-session JSON lines) to open read-only.")
  var files: [String] = []

  @Option(help: "Write a self-contained HTML report of FILE here and exit.")
  var html: String?

  @Option(
    help: "The address to listen on (anything but 127.0.0.1 is reachable by others).")
  var host: String = "127.0.0.1"

  @Option(help: "The port (0 picks a free one).")
  var port: Int = 7420

  @Option(
    help: "The folder sessions are written to (default $RIBCAGE_SESSIONS or ~/.ribcage/sessions).")
  var sessions: String?

  @Option(help: "The token (default: a new random one each run).")
  var token: String?

  @Option(
    name: .customLong("page-tail-mb"),
    help: "How much of a long session's file a page gets when it opens it, in MB.")
  var pageTailMB: Int = 32

  func run(on console: ToolConsole) throws {
    let files = self.files.map { console.resolve($0) }
    if let html {
      guard files.count == 1 else {
        throw ValidationError("--html writes the report of exactly one FILE")
      }
      try writeReport(of: files[0], to: console.resolve(html), console: console)
      return
    }
    guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    guard (1...4096).contains(pageTailMB) else {
      throw ValidationError("--page-tail-mb must be 1 to 4096")
    }
    if let token, !InspectConfiguration.isUsableToken(token) {
      throw ValidationError("--token needs 16 to 256 ASCII letters or digits (A-Z, a-z, 0-9)")
    }
    for file in files where !FileManager.default.isReadableFile(atPath: file) {
      throw ToolFailure("cannot read \(file)")
    }
    var configuration = InspectConfiguration(
      host: host, port: port,
      sessionsDirectory: sessions.map { console.resolve($0) }
        ?? InspectConfiguration.defaultSessionsDirectory,
      offlineFiles: files, pageTailBytes: pageTailMB << 20)
    if let token { configuration.token = token }
    if !configuration.bindsLoopbackOnly {
      console.printError(
        "warning: listening on \(host): other machines can reach the inspector (the token still "
          + "guards it); use the default 127.0.0.1 unless you need this")
    }
    let server = InspectServer(configuration: configuration) { console.printError($0) }
    let shown =
      configuration.bindsLoopbackOnly || host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
    let token = configuration.token
    let sessionsDirectory = configuration.sessionsDirectory
    let failure = ServerFailure()
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await server.run { port in
          console.print("Ribcage inspector: http://\(shown):\(port)/?token=\(token)")
          if files.isEmpty {
            console.print(
              "Open it in a browser. Apps: RIBCAGE_INSPECT='http://\(shown):\(port)/?token=\(token)' "
                + "(or rides --inspect URL). Sessions: \(sessionsDirectory)")
          } else {
            console.print("Showing \(files.count) recorded session(s), read-only.")
          }
        }
      } catch {
        failure.set(Self.explain(error, host: host, port: port))
      }
      done.signal()
    }
    done.wait()
    if let message = failure.message {
      throw ToolFailure("inspect: \(message)")
    }
  }

  /// The server's error as a user can act on it: a port in use says so and how to pick another,
  /// instead of the socket call that failed.
  static func explain(_ error: any Error, host: String, port: Int) -> String {
    let text = "\(error)"
    guard text.contains(String(cString: strerror(EADDRINUSE))) else { return text }
    return "port \(port) on \(host) is in use (another `ribcage inspect`?); pass --port 0 to "
      + "pick a free one, or another --port"
  }

  private func writeReport(of file: String, to output: String, console: ToolConsole) throws {
    let report: SessionReport
    do {
      report = try SessionReport.write(session: file, to: output)
    } catch {
      throw ToolFailure(error.description)
    }
    for problem in report.droppedLines.prefix(20) { console.printError("warning: \(problem)") }
    if report.droppedLines.count > 20 {
      console.printError("warning: \(report.droppedLines.count - 20) more lines left out")
    }
    console.print(
      "wrote \(output) (\(report.bytes / 1024) KB, \(report.lines) lines"
        + (report.droppedLines.isEmpty ? "" : ", \(report.droppedLines.count) left out")
        + "): opens in a browser with no server")
  }
}

/// The server's error, handed from its task to the command.
private final class ServerFailure: @unchecked Sendable {
  private let lock = NSLock()
  private var value: String?
  func set(_ message: String) {
    lock.lock()
    value = message
    lock.unlock()
  }
  var message: String? {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
