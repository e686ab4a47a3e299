import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why linting could not start: a path that does not exist (exit status 2).
public struct InputError: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}

/// The Swift files under the paths given, found without following symlink loops, each with the
/// configuration its folder resolves to (excludes are checked against that configuration).
struct SourceDiscovery {
  /// A file to analyse.
  struct File {
    /// The path to show: relative to the working directory when inside it.
    let shown: String
    /// The path to read.
    let absolute: String
    /// Its configuration's index in the resolver's `resolved`.
    let configuration: Int
    /// The path given on the command line it was found under (for its module's name).
    var root = "."
  }

  private(set) var files: [File] = []
  /// Real paths of the files found, so a file reached twice (a folder and a file in it both
  /// given, a symlink to it) is read once.
  private var seenFiles: Set<String> = []
  /// Paths that were found but cannot be analysed, and why.
  private(set) var skipped: [FileNote] = []

  private let workingDirectory: String
  private let resolver: ConfigurationResolver
  private var visitedFolders: Set<String> = []
  /// The path being walked, as given.
  private var currentRoot = "."

  /// Folders never entered: build products and tool caches.
  static let ignoredFolders: Set<String> = [
    ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage",
  ]

  /// `Tests`, `UnitTests`, `TicTacToeTests`, `FeatureTransactionUITests`: test targets.
  static func isTestFolder(_ name: String) -> Bool {
    name.hasSuffix("Tests") || name.hasSuffix("Mocks") || name.hasSuffix("Mock")
  }

  init(paths: [String], workingDirectory: String, resolver: ConfigurationResolver)
    throws(LintError)
  {
    self.workingDirectory = workingDirectory
    self.resolver = resolver
    for path in paths.isEmpty ? ["."] : paths {
      let absolute = PathText.absolute(path, in: workingDirectory)
      currentRoot = absolute
      var info = stat()
      guard lstat(absolute, &info) == 0 else {
        throw .input(InputError(path: path, reason: String(cString: strerror(errno))))
      }
      var target = stat()
      if stat(absolute, &target) != 0 {
        // A dangling symlink or a loop, given explicitly.
        throw .input(InputError(path: path, reason: String(cString: strerror(errno))))
      }
      if (target.st_mode & S_IFMT) == S_IFDIR {
        try walk(folder: absolute)
      } else {
        // Given explicitly: analysed even if an exclude pattern matches it.
        guard isFirstSighting(absolute) else { continue }
        files.append(
          File(
            shown: shown(absolute), absolute: absolute,
            configuration: try configuration(forFolder: PathText.parent(absolute)),
            root: PathText.parent(absolute)))
      }
    }
  }

  private mutating func walk(folder: String) throws(LintError) {
    guard let real = realpath(folder, nil) else {
      skipped.append(
        FileNote(path: shown(folder), kind: .skipped, reason: String(cString: strerror(errno))))
      return
    }
    let canonical = String(cString: real)
    free(real)
    guard visitedFolders.insert(canonical).inserted else { return }  // a symlink back up: a loop
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      skipped.append(
        FileNote(path: shown(folder), kind: .skipped, reason: "cannot list the folder"))
      return
    }
    let index = try configuration(forFolder: folder)
    let configuration = resolver.resolved[index]
    for name in entries {
      let path = folder == "/" ? "/" + name : folder + "/" + name
      if configuration.excludes(path) { continue }
      var target = stat()
      guard stat(path, &target) == 0 else {
        if name.hasSuffix(".swift") {
          // A dangling link or a symlink loop named like a source file.
          skipped.append(
            FileNote(path: shown(path), kind: .skipped, reason: String(cString: strerror(errno))))
        }
        continue
      }
      if (target.st_mode & S_IFMT) == S_IFDIR {
        if name.hasPrefix(".") || Self.ignoredFolders.contains(name) { continue }
        if !configuration.settings.includesTests, Self.isTestFolder(name) { continue }
        try walk(folder: path)  // also a folder named Something.swift
      } else if name.hasSuffix(".swift") {
        if !configuration.settings.includesTests, name.hasSuffix("Tests.swift") { continue }
        guard isFirstSighting(path) else { continue }
        files.append(
          File(shown: shown(path), absolute: path, configuration: index, root: currentRoot))
      }
    }
  }

  /// Whether `path` (by its real path) has not been found before in this run.
  private mutating func isFirstSighting(_ path: String) -> Bool {
    guard let real = realpath(path, nil) else { return true }
    defer { free(real) }
    return seenFiles.insert(String(cString: real)).inserted
  }

  private func configuration(forFolder folder: String) throws(LintError) -> Int {
    do {
      return try resolver.configuration(forFolder: folder)
    } catch {
      throw .configuration(error)
    }
  }

  private func shown(_ path: String) -> String {
    let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
