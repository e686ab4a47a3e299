import Foundation

/// Where the page's files (`index.html`, `inspector.css`, `session-model.js`, `inspector.js`)
/// are. SwiftPM puts them in a resource bundle beside the executable it builds, but `swift package
/// experimental-install` copies the executable alone, and `Bundle.module` traps once the build
/// folder is gone. So the bundle is looked for beside the executable, then in the source tree the
/// tool was built from (the same order as the generator's templates).
enum PageResources {
  /// The bundle SwiftPM makes for this module's resources (`.bundle` on Apple platforms).
  static let bundleNames = [
    "RibcageTools_RibcageInspectServer.resources", "RibcageTools_RibcageInspectServer.bundle",
  ]

  /// The folder holding the page's files, or nil when neither place has them.
  static let folder: String? = folder(
    executableFolder: Bundle.main.bundleURL,
    sourceFolder: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Page").path)

  static func folder(executableFolder: URL, sourceFolder: String) -> String? {
    let candidates =
      bundleNames.map { executableFolder.appendingPathComponent($0 + "/Page").path } + [
        sourceFolder
      ]
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/index.html") }
  }

  /// What the page shows when its files are missing: what to copy, and where.
  static var missingNote: String {
    "ribcage inspect: the page's files are missing. Copy the build folder's \(bundleNames[0]) "
      + "(\(bundleNames[1]) on macOS) next to the ribcage executable, "
      + "\(Bundle.main.bundleURL.path)."
  }
}
