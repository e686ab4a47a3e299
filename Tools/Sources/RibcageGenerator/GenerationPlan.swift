/// What a `ribcage new` run will write, generated completely in memory before anything touches
/// the disk.
public struct GenerationPlan: Sendable, Equatable {
  /// One file to write.
  public struct File: Sendable, Equatable {
    /// The absolute path.
    public let path: String
    public let contents: String
    /// Whether the file exists and is edited (`--wire` on a parent's files): written over it
    /// without `--force`.
    public let isEdit: Bool

    public init(path: String, contents: String, isEdit: Bool = false) {
      self.path = path
      self.contents = contents
      self.isEdit = isEdit
    }
  }

  public var files: [File] = []
  /// Text to print after writing (e.g. the routing snippet for the parent).
  public var notes: [String] = []
}
