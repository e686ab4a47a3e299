/// `ribcage new app <Name>`: a package with a launchable root, one child, their tests, and the
/// launch code for a terminal and for iOS.
public struct AppRequest: Sendable, Equatable {
  /// How the package depends on Ribcage.
  public enum RibcageSource: Sendable, Equatable {
    /// `.package(url:from:)`: a released version.
    case url(String, from: String)
    /// `.package(name: "Ribcage", path:)`: a local clone, whatever its folder is called.
    case path(String)
  }

  /// The package's name, also the library module's (its launch target is `<Name>App`).
  public var name: TypeName
  /// The root's first child (a RIB with a view), attached when the root activates.
  public var child: TypeName
  public var ribcage: RibcageSource
  /// Whether the child's view is a SwiftUI screen (`--swiftui`); the package then depends on
  /// RibcageSwiftUI and needs the platforms its `ViewModelStore` needs.
  public var childHasSwiftUIView: Bool

  public init(
    name: TypeName, child: TypeName, ribcage: RibcageSource, childHasSwiftUIView: Bool = false
  ) {
    self.name = name
    self.child = child
    self.ribcage = ribcage
    self.childHasSwiftUIView = childHasSwiftUIView
  }

  /// The URL and version the README gives.
  public static let defaultRibcage = RibcageSource.url(
    "https://github.com/ribcage/Ribcage", from: "0.1.0")
}
