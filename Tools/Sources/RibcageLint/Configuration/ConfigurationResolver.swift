import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the configuration the files of each folder are checked with, the way SwiftLint does:
/// the nearest `.ribcage.yml` walking up from the folder, on top of the ones further up (a nested
/// file's rules and naming roles replace its parent's, its excludes add to them).
///
/// The walk stops at the root of the git repository (the first folder holding `.git`, whose own
/// `.ribcage.yml` still counts), or at the filesystem root outside a repository: a checkout gives
/// every clone the same findings, whatever sits in the folders above it. Each folder is looked at
/// once per run (two `stat` calls) and its answer cached, so the cost is per folder, not per file.
final class ConfigurationResolver {
  static let fileName = ".ribcage.yml"

  /// Every distinct configuration found; files refer to them by index.
  private(set) var resolved: [ResolvedConfiguration] = []
  private let scope: ConfigurationScope
  private let workingDirectory: String
  /// Folder → index in `resolved`.
  private var cache: [String: Int] = [:]
  private var defaults: Int?

  init(scope: ConfigurationScope, workingDirectory: String) throws(ConfigurationError) {
    self.scope = scope
    self.workingDirectory = workingDirectory
    switch scope {
    case .nearest: break
    case .fixed(let settings):
      resolved = [
        ResolvedConfiguration().refined(by: settings, file: nil, folder: workingDirectory)
      ]
    case .file(let path):
      let absolute = PathText.absolute(path, in: workingDirectory)
      let settings = try LintConfiguration.load(from: absolute, shownAs: path)
      resolved = [
        ResolvedConfiguration().refined(
          by: settings, file: absolute, folder: PathText.parent(absolute))
      ]
    }
  }

  /// The index in `resolved` of the configuration for files in `folder` (absolute, normalized).
  func configuration(forFolder folder: String) throws(ConfigurationError) -> Int {
    guard case .nearest = scope else { return 0 }
    if let known = cache[folder] { return known }
    let inherited =
      folder == "/" || Self.exists(PathText.join(folder, ".git"))
      ? defaultsIndex() : try configuration(forFolder: PathText.parent(folder))
    var index = inherited
    let file = PathText.join(folder, Self.fileName)
    if Self.exists(file) {
      let parent = resolved[inherited]
      let settings = try LintConfiguration.load(
        from: file, shownAs: PathText.relative(file, to: workingDirectory),
        inheriting: parent.settings)
      resolved.append(parent.refined(by: settings, file: file, folder: folder))
      index = resolved.count - 1
    }
    cache[folder] = index
    return index
  }

  /// The built-in settings, for folders with no configuration file above them.
  private func defaultsIndex() -> Int {
    if let defaults { return defaults }
    resolved.append(ResolvedConfiguration())
    defaults = resolved.count - 1
    return resolved.count - 1
  }

  private static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }
}
