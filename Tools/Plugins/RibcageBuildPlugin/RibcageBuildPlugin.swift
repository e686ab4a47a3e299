import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build with the nearest `.ribcage.yml`: findings show
/// as compiler warnings at their file and line (errors, failing the build, only for rules
/// configured at error severity).
///
/// The command declares no outputs, so SwiftPM (tools version 5.11 and later) and Xcode run it on
/// every build; the lint reads only the target's files, so it costs well under a second for a
/// module of a few hundred files.
@main
struct RibcageBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let target = target as? SwiftSourceModuleTarget else { return [] }
    let files = target.sourceFiles(withSuffix: "swift").map(\.url.path)
    return try [
      Self.command(
        tool: context.tool(named: "ribcage-build-lint").url, targetName: target.name,
        folder: context.package.directoryURL.path, files: files)
    ]
  }

  /// The lint command for `files`, run from `folder` (where `.ribcage.yml` files are looked for
  /// above each file).
  static func command(tool: URL, targetName: String, folder: String, files: [String]) -> Command {
    .buildCommand(
      displayName: "ribcage lint \(targetName)", executable: tool,
      arguments: [folder] + files, outputFiles: [])
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension RibcageBuildPlugin: XcodeBuildToolPlugin {
    /// The same lint for a target of an Xcode project (Build Phases › Run Build Tool Plug-ins).
    /// The files are passed as arguments, not as declared inputs: an input `.swift` file would be
    /// taken as the command's, not the compiler's.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let files = target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }
      return try [
        Self.command(
          tool: context.tool(named: "ribcage-build-lint").url, targetName: target.displayName,
          folder: context.xcodeProject.directoryURL.path, files: files.map(\.url.path))
      ]
    }
  }
#endif
