import Foundation

/// Writes a ``GenerationPlan`` all or nothing: it checks every target first (existing files,
/// writable folders), writes each file to a temporary name beside its target, and renames them
/// into place only when all were written. On any failure it removes what it wrote and the
/// folders it created.
public struct PlanWriter: Sendable {
  /// Whether existing files may be overwritten.
  public var force: Bool

  public init(force: Bool) {
    self.force = force
  }

  /// The problems that would stop `plan` from being written, as the error ``write(_:)`` throws.
  public func check(_ plan: GenerationPlan) throws(GeneratorError) {
    let manager = FileManager.default
    var existing: [String] = []
    for file in plan.files {
      var isDirectory: ObjCBool = false
      if manager.fileExists(atPath: file.path, isDirectory: &isDirectory) {
        if isDirectory.boolValue {
          throw .unwritableOutput(file.path, reason: "a folder has that name")
        }
        if !file.isEdit { existing.append(file.path) }
      }
      try checkWritable(folder: FilePath.parent(file.path))
    }
    if !existing.isEmpty, !force { throw .existingFiles(existing) }
  }

  /// Writes every file of `plan`, or none.
  public func write(_ plan: GenerationPlan) throws(GeneratorError) {
    try check(plan)
    let manager = FileManager.default
    var createdFolders: [String] = []
    var temporaries: [(temporary: String, target: String)] = []
    func rollBack() {
      for entry in temporaries { try? manager.removeItem(atPath: entry.temporary) }
      for folder in createdFolders.reversed() { try? manager.removeItem(atPath: folder) }
    }
    do {
      for file in plan.files {
        let folder = FilePath.parent(file.path)
        for missing in missingFolders(above: folder) {
          try manager.createDirectory(atPath: missing, withIntermediateDirectories: false)
          createdFolders.append(missing)
        }
        let temporary = file.path + ".ribcage-new.tmp"
        try Data(file.contents.utf8).write(to: URL(fileURLWithPath: temporary))
        temporaries.append((temporary, file.path))
      }
    } catch {
      rollBack()
      throw .writeFailed(
        temporaries.last?.target ?? plan.files.first?.path ?? "?",
        reason: "\(error.localizedDescription)")
    }
    // Renames within one folder do not fail for want of space; replace existing files (--force).
    for (index, entry) in temporaries.enumerated() {
      if rename(entry.temporary, entry.target) != 0 {
        let reason = String(cString: strerror(errno))
        for later in temporaries[index...] { try? manager.removeItem(atPath: later.temporary) }
        throw .writeFailed(entry.target, reason: reason)
      }
    }
  }

  /// The folders between `folder` and its nearest existing ancestor, outermost first.
  private func missingFolders(above folder: String) -> [String] {
    var missing: [String] = []
    var current = folder
    while !FileManager.default.fileExists(atPath: current), current != "/" {
      missing.insert(current, at: 0)
      current = FilePath.parent(current)
    }
    return missing
  }

  private func checkWritable(folder: String) throws(GeneratorError) {
    var current = folder
    var isDirectory: ObjCBool = false
    while !FileManager.default.fileExists(atPath: current, isDirectory: &isDirectory) {
      current = FilePath.parent(current)
    }
    guard isDirectory.boolValue else {
      throw .unwritableOutput(folder, reason: "\(current) is a file, not a folder")
    }
    guard FileManager.default.isWritableFile(atPath: current) else {
      throw .unwritableOutput(folder, reason: "\(current) is not writable")
    }
  }
}
