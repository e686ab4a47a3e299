import Foundation
import PackagePlugin

/// `swift package ribcage-lint [ribcage lint options] [paths]`: lints the package's Swift
/// targets (or the paths given) with the `ribcage` tool built from this package.
@main
struct RibcageLintPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "ribcage")
    var lintArguments = ["lint"] + arguments
    let givesPaths = arguments.contains {
      !$0.hasPrefix("-") && FileManager.default.fileExists(atPath: $0)
    }
    if !givesPaths {
      let folders = context.package.targets.compactMap {
        ($0 as? SwiftSourceModuleTarget)?.directoryURL.path
      }
      lintArguments += folders
    }
    let process = Process()
    process.executableURL = tool.url
    process.arguments = lintArguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0: break
    case 1: Diagnostics.error("ribcage lint found errors")
    default:
      Diagnostics.error("ribcage lint could not run (exit status \(process.terminationStatus))")
    }
  }
}
