/// One Xcode file template (`<Name>.xctemplate`): its `TemplateInfo.plist` settings and its
/// files, written by ``XcodeTemplateSet`` from what `ribcage new` generates.
public struct XcodeTemplate: Sendable, Equatable {
  /// What Xcode's "New File" dialog asks for. Xcode substitutes `___VARIABLE_<identifier>___`.
  public struct Option: Sendable, Equatable {
    public let identifier: String
    public let name: String
    public let description: String
  }

  /// The folder's name without `.xctemplate`, shown under the template's icon.
  public let name: String
  /// The one-line description the dialog shows.
  public let summary: String
  /// Its place in the Ribcage section of the dialog.
  public let sortOrder: Int
  /// The fields the dialog asks for; the first is always `productName`.
  public let options: [Option]
  /// File name (with `___FILEBASENAME___`) → contents, in the order `ribcage new` writes them.
  public let files: [(name: String, contents: String)]

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.name == rhs.name && lhs.summary == rhs.summary && lhs.sortOrder == rhs.sortOrder
      && lhs.options == rhs.options && lhs.files.elementsEqual(rhs.files) { $0 == $1 }
  }

  /// The file Xcode opens after creating the files: the first one.
  public var mainFile: String { files.first?.name ?? "" }
}
