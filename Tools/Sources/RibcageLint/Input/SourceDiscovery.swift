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

/// The Swift files under the paths given, found without following symlink loops.
struct SourceDiscovery {
  /// Files to analyse, as paths to show (relative to the working directory when inside it) and
  /// absolute paths to read.
  var files: [(shown: String, absolute: String)] = []
  /// Paths that were found but cannot be analysed, and why.
  var skipped: [FileNote] = []

  private let workingDirectory: String
  private let excludes: [Glob]
  private var visitedFolders: Set<String> = []

  /// Folders never entered: build products and tool caches.
  static let ignoredFolders: Set<String> = [
    ".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage",
  ]

  init(paths: [String], workingDirectory: String, excludes: [String]) throws(InputError) {
    self.workingDirectory = workingDirectory
    self.excludes = excludes.map(Glob.init)
    for path in paths.isEmpty ? ["."] : paths {
      let absolute = Self.absolute(path, in: workingDirectory)
      var info = stat()
      guard lstat(absolute, &info) == 0 else {
        throw InputError(path: path, reason: String(cString: strerror(errno)))
      }
      var target = stat()
      if stat(absolute, &target) != 0 {
        // A dangling symlink or a loop, given explicitly.
        throw InputError(path: path, reason: String(cString: strerror(errno)))
      }
      if (target.st_mode & S_IFMT) == S_IFDIR {
        walk(folder: absolute)
      } else {
        add(file: absolute, explicitly: true)
      }
    }
  }

  private mutating func walk(folder: String) {
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
    for name in entries {
      let path = folder == "/" ? "/" + name : folder + "/" + name
      if isExcluded(path) { continue }
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
        walk(folder: path)  // also a folder named Something.swift
      } else if name.hasSuffix(".swift") {
        add(file: path, explicitly: false)
      }
    }
  }

  private mutating func add(file: String, explicitly: Bool) {
    if !explicitly, isExcluded(file) { return }
    files.append((shown(file), file))
  }

  private func isExcluded(_ path: String) -> Bool {
    guard !excludes.isEmpty else { return false }
    let relative = shown(path)
    return excludes.contains { $0.matches(relative) }
  }

  private func shown(_ path: String) -> String {
    let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  static func absolute(_ path: String, in directory: String) -> String {
    let joined = path.hasPrefix("/") ? path : directory + "/" + path
    var parts: [Substring] = []
    for part in joined.split(separator: "/") {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}
