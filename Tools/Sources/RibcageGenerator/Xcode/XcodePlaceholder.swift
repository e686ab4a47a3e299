/// The spellings `ribcage new`'s templates are rendered with for Xcode, and the Xcode text
/// macros that replace them afterwards. The templates are rendered by the generator itself
/// (one source of truth); only these names are swapped, so a template and its Xcode version
/// cannot differ in anything else.
enum XcodePlaceholder {
  /// A valid type name whose every spelling (lower camel case, snake case) is distinct and
  /// appears in no template.
  static let name = "QqzPlaceholder"
  static let lowerName = "qqzPlaceholder"
  static let snakeName = "qqz_placeholder"
  static let module = "QqzModule"

  /// The option identifiers the dialog's fields fill in.
  static let productName = "productName"
  static let lowerNameOption = "lowerName"
  static let flagKeyOption = "flagKey"
  static let moduleOption = "module"

  /// Xcode's macro for the file name without extension: the name typed in `productName`.
  static let fileBaseName = "___FILEBASENAME___"
  /// Xcode's file header (`//  <file>`, `//  <project>`, created by, copyright), which
  /// Xcode's own Swift File template writes as `//___FILEHEADER___`.
  static let fileHeader = "//___FILEHEADER___"

  static func variable(_ identifier: String) -> String { "___VARIABLE_\(identifier)___" }

  /// `text` with the placeholder spellings replaced by Xcode macros; `header` is the first line
  /// `ribcage new` writes, replaced by Xcode's file header.
  static func substitute(_ text: String, header: String) -> String {
    var result = text
    if result.hasPrefix(header) { result = fileHeader + result.dropFirst(header.count) }
    for (spelling, option) in [
      (name, productName), (lowerName, lowerNameOption), (snakeName, flagKeyOption),
      (module, moduleOption),
    ] {
      result = result.replacingOccurrences(of: spelling, with: variable(option))
    }
    return result
  }

  /// A file name with the placeholder name replaced by `___FILEBASENAME___`.
  static func fileName(_ name: String) -> String {
    name.replacingOccurrences(of: Self.name, with: fileBaseName)
  }
}
