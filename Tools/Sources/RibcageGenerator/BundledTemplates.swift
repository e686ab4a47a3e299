import Foundation

/// Where the templates shipped with the tool are. SwiftPM puts them in a resource bundle beside
/// the executable it builds, but `swift package experimental-install` copies the executable
/// alone; `Bundle.module` then traps once the build folder is gone. So the bundle is looked for
/// beside the executable, then in the source tree the tool was built from, and a tool that has
/// neither gets a typed error saying what to copy.
enum BundledTemplates {
  /// The bundle SwiftPM makes for this module's resources (`.bundle` on Apple platforms).
  static let bundleNames = [
    "RibcageTools_RibcageGenerator.resources", "RibcageTools_RibcageGenerator.bundle",
  ]

  /// The templates folder: in a resource bundle in `executableFolder`, else `sourceFolder`.
  static func folder(
    executableFolder: URL = Bundle.main.bundleURL,
    sourceFolder: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Templates").path
  ) throws(GeneratorError) -> String {
    let candidates =
      bundleNames.map { executableFolder.appendingPathComponent($0 + "/Templates").path }
      + [sourceFolder]
    for folder in candidates
    where FileManager.default.fileExists(atPath: folder + "/rib.builder.swift.stencil") {
      return folder
    }
    throw .missingTemplate(
      "(the tool's own templates: copy the build folder's \(bundleNames[0]) or "
        + "\(bundleNames[1]) next to the ribcage executable, \(executableFolder.path))")
  }
}
