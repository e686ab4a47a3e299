/// What `ribcage new` generates besides RIBs: one source file and its tests each.
public enum GeneratedKind: String, Sendable, CaseIterable {
  case service, workflow, plugin
}

/// Where generated files go and what they are called.
public struct OutputOptions: Sendable, Equatable {
  /// The folder for the sources, absolute; each thing gets a subfolder named after it.
  public var output: String
  /// The folder for the tests, absolute; `nil` means worked out from `output`.
  public var testsOutput: String?
  /// The module the tests `@testable import`; `nil` means worked out from `output`.
  public var module: String?

  public init(output: String, testsOutput: String? = nil, module: String? = nil) {
    self.output = output
    self.testsOutput = testsOutput
    self.module = module
  }

  /// The module: `--module`, or `<Module>` from an output path `.../Sources/<Module>[/...]`.
  func resolvedModule() throws(GeneratorError) -> String {
    if let module { return try TypeName(module, role: "module").value }
    let parts = output.split(separator: "/").map(String.init)
    guard let sources = parts.lastIndex(of: "Sources"), sources + 1 < parts.count else {
      throw .unknownModule(output: output)
    }
    return parts[sources + 1]
  }

  /// The tests folder: `--tests-output`, or `.../Tests/<Module>Tests` beside `.../Sources/<Module>`.
  func resolvedTestsOutput() throws(GeneratorError) -> String {
    if let testsOutput { return testsOutput }
    let module = try resolvedModule()
    let parts = output.split(separator: "/").map(String.init)
    guard let sources = parts.lastIndex(of: "Sources") else { return output }
    let root = "/" + parts[..<sources].joined(separator: "/")
    return FilePath.join(FilePath.join(root, "Tests"), "\(module)Tests")
  }
}

/// `ribcage new rib <Name>`: what to generate.
public struct RIBRequest: Sendable, Equatable {
  public var name: TypeName
  public var hasView: Bool
  public var hasPresenter: Bool
  public var parent: TypeName?
  /// Whether to edit the parent's files so it routes to the new RIB (`--wire`) instead of
  /// printing the code to paste.
  public var wire: Bool
  /// Whether the view is a SwiftUI screen hosted by RibcageSwiftUI (`--swiftui`) rather than a
  /// UI-agnostic class; needs `hasView`.
  public var hasSwiftUIView: Bool

  public init(
    name: TypeName, hasView: Bool, hasPresenter: Bool, parent: TypeName?, wire: Bool = false,
    hasSwiftUIView: Bool = false
  ) {
    self.name = name
    self.hasView = hasView
    self.hasPresenter = hasPresenter
    self.parent = parent
    self.wire = wire
    self.hasSwiftUIView = hasSwiftUIView
  }
}
