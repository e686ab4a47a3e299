import ArgumentParser
import Foundation
import RibcageMigrate

/// `ribcage migrate`: the mechanical part of moving uber/RIBs or ModernRIBs code to Ribcage.
struct Migrate: ParsableCommand, ConsoleCommand {
  static let configuration = CommandConfiguration(
    abstract: "Rewrite uber/RIBs or ModernRIBs code for Ribcage and list what is left.",
    discussion: """
      Rewrites imports and renames with one meaning in place (idempotent; each file is replaced \
      atomically), and prints a `path:line: note:` for each thing a person must rewrite, with \
      the section of Sources/Ribcage/Ribcage.docc/Migration.md that explains it. Exit status: \
      0 when nothing is left to do by hand, 1 when notes remain, 2 on usage or I/O errors.
      """)

  @Argument(help: "Files or folders to migrate (default: the current folder).")
  var paths: [String] = []

  @Option(help: "The library the code uses: ribs or modernribs (default: each file's import).")
  var from: String?

  @Flag(help: "Change nothing; print what would change and the notes.")
  var dryRun = false

  @Flag(help: "Change nothing; print the changes as a diff, and the notes.")
  var diff = false

  func run(on console: ToolConsole) throws {
    var source: MigrationSource?
    if let from {
      guard let parsed = MigrationSource(rawValue: from.lowercased()) else {
        throw ToolFailure("unknown --from '\(from)'; use ribs or modernribs")
      }
      source = parsed
    }
    let cwd = console.workingDirectory
    let files: [String]
    do {
      files = try MigrationFiles.swiftFiles(in: paths, workingDirectory: cwd)
    } catch {
      throw ToolFailure("\(error)")
    }
    let migrator = Migrator(source: source)
    var changedFiles = 0
    var noteCount = 0
    var combineFiles = 0
    for file in files {
      let shown = file.hasPrefix(cwd + "/") ? String(file.dropFirst(cwd.count + 1)) : file
      guard let data = FileManager.default.contents(atPath: file),
        let text = String(data: data, encoding: .utf8)
      else {
        console.printError("\(shown): warning: skipped: not readable as UTF-8")
        continue
      }
      let result = migrator.migrate(text, path: shown)
      if result.changed {
        changedFiles += 1
        if diff {
          console.print(MigrationFiles.diff(old: text, new: result.text, path: shown))
        } else if dryRun {
          console.print("\(shown): would rewrite \(result.editCount) token(s)")
        } else {
          do {
            try MigrationFiles.write(result.text, to: file)
          } catch {
            throw ToolFailure("cannot write \(shown): \(error.localizedDescription)")
          }
        }
      }
      for note in result.notes { console.print(note.rendered) }
      noteCount += result.notes.count
      if result.needsRibcageCombine { combineFiles += 1 }
    }
    if combineFiles > 0 {
      console.printError(
        "\(combineFiles) file(s) keep Combine code and import RibcageCombine: add the "
          + "RibcageCombine package (RibcageCombine/ in the Ribcage repository) to their targets.")
    }
    let verb = dryRun || diff ? "would change" : "changed"
    console.printError(
      "\(verb) \(changedFiles) of \(files.count) file(s); \(noteCount) note(s) left for a person. "
        + "Set .defaultIsolation(MainActor.self) on migrated targets "
        + "(Sources/Ribcage/Ribcage.docc/Migration.md#swift-6-and-mainactor).")
    if noteCount > 0 { throw ExitCode.failure }
  }
}
