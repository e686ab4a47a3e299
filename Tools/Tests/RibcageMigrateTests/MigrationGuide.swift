import Foundation

/// The migration guide the notes link to, read from the repository.
struct MigrationGuide {
  /// The guide's text.
  let text: String

  /// Its headings as GitHub makes anchors of them: lowercased, punctuation dropped, spaces as
  /// hyphens.
  var anchors: Set<String> {
    Set(
      text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
        String(
          heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            .compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" ? $0 : nil) })
      })
  }

  /// Reads Sources/Ribcage/Ribcage.docc/Migration.md.
  static func load() throws -> MigrationGuide {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Sources/Ribcage/Ribcage.docc/Migration.md")
    return MigrationGuide(text: try String(contentsOf: url, encoding: .utf8))
  }
}
