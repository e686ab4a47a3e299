import Foundation
@_spi(RibcageFuzzing) import RibcageInspectServer
@_spi(RibcageFuzzing) import RibcageInspector
import RibcageLint
import RibcageMigrate
import Testing

/// Every saved fuzzing input (Fuzzing/Corpus and Fuzzing/FailCases, see docs/fuzzing.md) through
/// the tools' parsers, in the normal test suite: the fuzz targets of the tools need a sanitizer
/// build of swift-syntax and Hummingbird that takes minutes, so CI replays their inputs here, with
/// the targets' main properties, in seconds. (Scripts/fuzz.sh --replay replays the root package's
/// targets under libFuzzer; `--replay --tools` these too.)
@Suite(.timeLimit(.minutes(10))) struct FuzzCorpusReplayTests {
  static let fuzzing = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzzing")

  /// Every file of the corpora and fail cases, every target's.
  static let inputs: [(name: String, bytes: [UInt8])] = {
    var found: [(String, [UInt8])] = []
    for folder in ["Corpus", "FailCases"] {
      let root = fuzzing.appendingPathComponent(folder)
      let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        guard let data = FileManager.default.contents(atPath: url.path), !url.hasDirectoryPath
        else { continue }
        found.append(
          (url.path.replacingOccurrences(of: fuzzing.path + "/", with: ""), [UInt8](data)))
      }
    }
    return found.sorted { $0.0 < $1.0 }
  }()

  @Test func thereAreInputsForEveryToolsTarget() {
    for target in ["ToolsInspectRequest", "ToolsAppStream", "ToolsPageAction", "ToolsLintGraph"] {
      #expect(Self.inputs.contains { $0.name.hasPrefix("Corpus/\(target)/") }, "\(target)")
    }
  }

  @Test func theServerChecksEveryRequestWithoutTrapping() {
    for (_, bytes) in Self.inputs {
      let lines = String(decoding: bytes, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false
      ).map(String.init)
      let headers = lines.dropFirst(2).map { line in
        let name = line.prefix { $0 != ":" }
        return (name: String(name), value: String(line.dropFirst(name.count + 1)))
      }
      _ = InspectFuzzing.split(lines[0])
      for webSocket in [false, true] {
        _ = InspectFuzzing.refusal(
          token: "s3cret-token", host: "127.0.0.1", authority: lines.count > 1 ? lines[1] : "",
          target: lines[0], headers: headers, webSocket: webSocket)
      }
    }
  }

  @Test func appStreamsAndSessionFilesAreCheckedWithoutTrapping() {
    for (_, bytes) in Self.inputs {
      let messages = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
      _ = InspectFuzzing.appStream(messages, maximumLine: 4096)
      _ = InspectFuzzing.sessionFileLines(bytes)
    }
  }

  @Test func whatTheServerPassesOnTheAppAccepts() {
    for (name, bytes) in Self.inputs {
      guard
        case .success(let message) = InspectFuzzing.pageRequest(
          String(decoding: bytes, as: UTF8.self))
      else { continue }
      #expect(
        (try? InspectorFuzzing.remoteAction(Array(message.utf8)).get()) != nil,
        "\(name): \(message)")
    }
  }

  @Test func migrateIsIdempotentOnEveryInput() {
    for (name, bytes) in Self.inputs {
      let text = String(decoding: bytes, as: UTF8.self)
      let result = Migrator().migrate(text, path: "File.swift")
      #expect(Migrator().migrate(result.text, path: "File.swift").changed == false, "\(name)")
    }
  }

  @Test func lintAndGraphTakeEveryInput() throws {
    let folder = NSTemporaryDirectory() + "ribcage-fuzz-replay-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/Fuzzed.swift"
    var linter = Linter(configuration: LintConfiguration())
    linter.jobs = 1
    for (name, bytes) in Self.inputs where name.contains("/Tools") {
      #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
      _ = try? linter.lint(paths: [file], workingDirectory: folder)
      if let graph = try? linter.graph(paths: [file], workingDirectory: folder) {
        for format in GraphFormat.allCases { _ = format.render(graph) }
      }
    }
  }
}
