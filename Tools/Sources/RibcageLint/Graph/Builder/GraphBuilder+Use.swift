extension GraphBuilder {
  /// A parent's use of a child builder (or component).
  struct Use {
    var evidence: String
    var path: String
    var place: SourcePoint
    var scope: String?
    /// The type the use is in (to read `scope` there).
    var owner: TypeIndex.Entry
    var flag: String?
    var isCreation: Bool
    var isGatedBuild: Bool
    var isUngatedBuild: Bool
    /// The method the use is in (to read `scope` among its parameters and locals).
    var function: String? = nil
    /// The parent's component providing for the child (conforming to its dependency, or making
    /// its builder as a property for DI): it provides, but another RIB may be the one that
    /// attaches the child.
    var isProvision = false
    /// In a static method or property (a preview's factory): nothing an instance does.
    var isInStaticScope = false
  }

  static func evidenceOrder(_ first: Use, _ second: Use) -> Bool {
    (first.isCreation ? 0 : 1, first.path, first.place.line, first.place.column)
      < (second.isCreation ? 0 : 1, second.path, second.place.line, second.place.column)
  }
}
