import Foundation
import PackagePlugin

/// `swift package ribcage <command> [arguments]`: runs the `ribcage` tool built from this package
/// in the package's folder — `new`, `lint`, `graph`, `check`, `migrate` (and `--help`). `new` and
/// `migrate` write files, so SwiftPM asks once for permission to write to the package folder
/// (or takes `--allow-writing-to-package-directory`).
@main
struct RibcageCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "ribcage").url
    let status = try Self.run(tool, arguments, in: context.package.directoryURL)
    // 1 is `ribcage lint`'s "a finding is at error severity"; anything else is a failure to run.
    switch status {
    case 0: break
    case 1: Diagnostics.error("ribcage \(arguments.first ?? ""): findings at error severity")
    default: Diagnostics.error("ribcage \(arguments.first ?? "") failed (exit status \(status))")
    }
  }

  /// Runs `tool` with `arguments` in `folder`, its output going straight to the terminal.
  static func run(_ tool: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = tool
    process.arguments = arguments.isEmpty ? ["--help"] : arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension RibcageCommandPlugin: XcodeCommandPlugin {
    /// The same commands on an Xcode project (File › Packages, or the project's context menu),
    /// run in the project's folder.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
      let tool = try context.tool(named: "ribcage").url
      let status = try Self.run(tool, arguments, in: context.xcodeProject.directoryURL)
      if status != 0 {
        Diagnostics.error("ribcage \(arguments.first ?? "") failed (exit status \(status))")
      }
    }
  }
#endif
