extension Generator {
  /// What a SwiftUI RIB needs from the package: `ViewModelStore` (Observation) needs iOS 17 and
  /// macOS 14, and the module and its tests import RibcageSwiftUI. Said, not edited: a
  /// manifest is the team's code (`ribcage new app --swiftui` writes it so).
  static func swiftUINote(name: String, module: String) -> String {
    """
    note: \(name)'s view imports RibcageSwiftUI: add `.product(name: "RibcageSwiftUI", \
    package: "Ribcage")` to the dependencies of \(module) and \(module)Tests, and \
    `platforms: [.macOS(.v14), .iOS(.v17)]` (or higher) to Package.swift — its \
    ViewModelStore uses Observation
    """
  }
}
