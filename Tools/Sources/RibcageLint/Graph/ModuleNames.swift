import Foundation

/// The module a file belongs to. Found from the nearest package or project above it: in a
/// SwiftPM package (`Package.swift`) the target folder under `Sources/`; in a Tuist project
/// (`Project.swift`) the project's folder, with the folder below it when that is not `Sources`
/// (`Login/Interface`, `Login/Implement`: separate targets); else `Sources/<Module>/…`,
/// `<Module>/Sources/…`, or the folder given on the command line.
struct ModuleNames {
  private enum Marker { case package, project }
  /// Folder → the marker folder above it (or itself), if any.
  private var markers: [String: (folder: String, marker: Marker)?] = [:]

  /// The module of each file (absolute path, and the path given that it was found under).
  /// Two projects in folders of the same name (`LoggedOut/Sample`, `Splash/Sample`) are told
  /// apart by the folders above them. A package or project is looked for up to the folder
  /// holding the working directory and every path given (`Projects/Feature/Onboarding/Feature/
  /// Sources` given from the repository's folder is in the project
  /// `Projects/Feature/Onboarding`).
  static func modules(
    of files: [(path: String, root: String)], workingDirectory: String? = nil
  ) -> [String] {
    var names = ModuleNames()
    let ceiling = ceiling(of: files.map(\.root), workingDirectory: workingDirectory)
    let found = files.map {
      names.nearestMarker(from: PathText.parent($0.path), stoppingAt: ceiling ?? $0.root)
    }
    let folders = Set(found.compactMap { $0?.folder })
    let shown = Self.uniqueNames(of: folders)
    return zip(files, found).map { file, marker in
      guard let (folder, kind) = marker else { return fromPath(file.path, root: file.root) }
      let relative = PathText.relative(file.path, to: folder).split(separator: "/").map(String.init)
      let name = shown[folder] ?? "main"
      switch kind {
      case .package:
        if relative.count > 2, ["Sources", "Tests"].contains(relative[0]) { return relative[1] }
        return name
      case .project:
        // `Targets/<Target>/Sources/…` (Tuist's multi-target layout) is that target.
        if relative.count > 2, relative[0] == "Targets" { return name + "/" + relative[1] }
        if relative.count > 1, relative[0] != "Sources" { return name + "/" + relative[0] }
        return name
      }
    }
  }

  /// Each folder's last component, with as many folders above it as make it unique.
  private static func uniqueNames(of folders: Set<String>) -> [String: String] {
    let parts = Dictionary(
      uniqueKeysWithValues: folders.map { ($0, $0.split(separator: "/").map(String.init)) })
    var result: [String: String] = [:]
    for (folder, components) in parts {
      var count = 1
      while count < components.count {
        let suffix = components.suffix(count)
        let clashes = parts.contains { other, otherComponents in
          other != folder && otherComponents.suffix(count) == suffix
        }
        if !clashes { break }
        count += 1
      }
      result[folder] = components.suffix(count).joined(separator: "/")
    }
    return result
  }

  /// The highest folder a marker is looked for in: the deepest folder holding the working
  /// directory and every path given (the same files give the same modules wherever the tool
  /// runs from), else each path given.
  private static func ceiling(of roots: [String], workingDirectory: String?) -> String? {
    guard let workingDirectory else { return nil }
    var common = PathText.absolute(".", in: workingDirectory).split(separator: "/")
    for root in roots {
      let parts = root.split(separator: "/")
      var count = 0
      while count < min(common.count, parts.count), common[count] == parts[count] { count += 1 }
      common = Array(common.prefix(count))
    }
    // Not the file system's root: a package there would make every file one module.
    return common.isEmpty ? nil : "/" + common.joined(separator: "/")
  }

  private mutating func nearestMarker(from folder: String, stoppingAt root: String)
    -> (folder: String, marker: Marker)?
  {
    if let known = markers[folder] { return known }
    var found: (folder: String, marker: Marker)?
    let manager = FileManager.default
    if manager.fileExists(atPath: folder + "/Package.swift") {
      found = (folder, .package)
    } else if manager.fileExists(atPath: folder + "/Project.swift") {
      found = (folder, .project)
    } else if folder != root, folder != "/", folder.hasPrefix(root) {
      found = nearestMarker(from: PathText.parent(folder), stoppingAt: root)
    }
    markers[folder] = found
    return found
  }

  /// Without a package or project: `Sources/<Module>/…`, else `<Module>/Sources/…`, else the
  /// folder given.
  static func fromPath(_ path: String, root: String) -> String {
    let parts = path.split(separator: "/").map(String.init)
    if let index = parts.lastIndex(of: "Sources") {
      if index + 2 < parts.count { return parts[index + 1] }
      if index > 0 { return parts[index - 1] }
    }
    let name = root.split(separator: "/").last.map(String.init) ?? ""
    return name.isEmpty || name == "." ? "main" : name
  }
}
