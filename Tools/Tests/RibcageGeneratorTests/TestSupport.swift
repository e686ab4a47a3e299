import Foundation
import RibcageCommands
import RibcageGenerator

/// A fresh temporary folder, removed when the value is released.
final class TemporaryFolder {
  let path: String

  init() {
    path = NSTemporaryDirectory() + "ribcage-new-" + UUID().uuidString
    try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  func write(_ relative: String, _ contents: String) {
    let full = path + "/" + relative
    try! FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try! contents.write(toFile: full, atomically: true, encoding: .utf8)
  }

  func read(_ relative: String) -> String? {
    try? String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }

  func exists(_ relative: String) -> Bool {
    FileManager.default.fileExists(atPath: path + "/" + relative)
  }

  /// Every file below the folder, relative, sorted.
  var files: [String] {
    let enumerator = FileManager.default.enumerator(atPath: path)
    var result: [String] = []
    while let item = enumerator?.nextObject() as? String {
      var isDirectory: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: path + "/" + item, isDirectory: &isDirectory)
      if exists, !isDirectory.boolValue { result.append(item) }
    }
    return result.sorted()
  }
}

/// What `ribcage` printed and returned.
struct ToolRun {
  var status: Int32
  var out: [String]
  var error: [String]

  var errorText: String { error.joined(separator: "\n") }
}

/// Runs `ribcage <arguments>` in-process with `directory` as the working directory.
func ribcage(_ arguments: [String], in directory: String) -> ToolRun {
  let log = OutputBox()
  let console = ToolConsole(
    workingDirectory: directory, out: { log.out.append($0) }, error: { log.error.append($0) })
  let status = RibcageTool.run(arguments, on: console)
  return ToolRun(status: status, out: log.out, error: log.error)
}

final class OutputBox: @unchecked Sendable {
  var out: [String] = []
  var error: [String] = []
}
