import Foundation

/// Turns a request into a ``GenerationPlan`` by rendering templates — in memory; ``PlanWriter``
/// writes the plan all at once.
public struct Generator: Sendable {
  public let templates: TemplateLibrary
  public let options: OutputOptions

  public init(templates: TemplateLibrary, options: OutputOptions) {
    self.templates = templates
    self.options = options
  }

  /// The files of a RIB and its tests, the parent's component extension, and the routing
  /// snippet for the parent.
  public func plan(_ request: RIBRequest) throws(GeneratorError) -> GenerationPlan {
    try plan(request, knownParent: nil)
  }

  /// The plan for `request`; `knownParent` is the parent's component file and whether it has a
  /// view when the parent is not on disk yet (`ribcage new app`).
  func plan(_ request: RIBRequest, knownParent: (path: String, hasView: Bool)?)
    throws(GeneratorError) -> GenerationPlan
  {
    if let parent = request.parent, parent.value == request.name.value {
      throw .invalidName(request.name.value, reason: "a RIB cannot be its own parent")
    }
    if request.hasPresenter, !request.hasView {
      throw .invalidName(
        request.name.value,
        reason: "a viewless RIB has no presenter (drop --presenter or --viewless)")
    }
    if request.hasSwiftUIView, !request.hasView {
      throw .invalidName(
        request.name.value,
        reason: "a viewless RIB has no SwiftUI view (drop --swiftui or --viewless)")
    }
    let module = try options.resolvedModule()
    let name = request.name
    var context = baseContext(name: name, module: module)
    context["hasView"] = request.hasView
    context["hasPresenter"] = request.hasPresenter
    context["hasSwiftUIView"] = request.hasSwiftUIView
    // Alternatives inside a line are worked out here: Stencil trims the spaces around inline tags.
    if request.hasView {
      context["routingBase"] = "ViewableRouting"
      context["interactorInheritance"] =
        "\n  PresentableInteractor<any \(name)Presentable>, \(name)Interactable,\n  \(name)PresentableListener\n{"
      context["routingMockBase"] =
        "ViewableRouterMock<InteractableMock, \(name)ViewControllableMock>"
      context["viewControllableBase"] = "\(name)ViewControllable"
      context["viewNoun"] = "\(name)'s view"
      context["viewLabel"] = "viewController"
      context["detachedObjects"] = "the router, interactor and view"
    } else {
      context["routingBase"] = "Routing"
      context["interactorInheritance"] = " Interactor, \(name)Interactable {"
      context["routingMockBase"] = "RouterMock<InteractableMock>"
      context["viewControllableBase"] = "ViewControllable"
      context["viewNoun"] = "the view \(name) presents into"
      context["viewLabel"] = "presentingView"
      context["detachedObjects"] = "the router and interactor"
    }
    context["parentFileNote"] = request.parent.map { " (`\($0)Component+\(name).swift`)" } ?? ""

    var parentFolder: String?
    var parentHasView = true
    if let parent = request.parent {
      let found: (path: String, hasView: Bool)
      if let knownParent { found = knownParent } else { found = try findComponent(of: parent) }
      parentFolder = FilePath.parent(found.path)
      parentHasView = found.hasView
      context["parent"] = parent.value
      context["lowerParent"] = parent.lowerCamel
      context["parentView"] = found.hasView ? "viewController" : "presentingView"
    }

    let folder = FilePath.join(options.output, name.value)
    let testsFolder = FilePath.join(try options.resolvedTestsOutput(), name.value)
    var plan = GenerationPlan()
    var sources = [
      ("rib.builder.swift.stencil", "\(name)Builder.swift"),
      ("rib.interactor.swift.stencil", "\(name)Interactor.swift"),
      ("rib.router.swift.stencil", "\(name)Router.swift"),
    ]
    if request.hasSwiftUIView {
      sources.append(("rib.swiftui-view.swift.stencil", "\(name)ViewController.swift"))
      sources.append(("rib.swiftui-screen.swift.stencil", "\(name)Screen.swift"))
    } else if request.hasView {
      sources.append(("rib.view.swift.stencil", "\(name)ViewController.swift"))
    }
    if request.hasPresenter {
      sources.append(("rib.presenter.swift.stencil", "\(name)Presenter.swift"))
    }
    for (template, file) in sources {
      plan.files.append(
        .init(path: FilePath.join(folder, file), contents: try render(template, context)))
    }
    var tests = [
      ("rib.mocks.swift.stencil", "\(name)Mocks.swift"),
      ("rib.interactor-tests.swift.stencil", "\(name)InteractorTests.swift"),
      ("rib.router-tests.swift.stencil", "\(name)RouterTests.swift"),
    ]
    if request.hasSwiftUIView {
      tests.append(("rib.swiftui-view-tests.swift.stencil", "\(name)ViewTests.swift"))
      plan.notes.append(Self.swiftUINote(name: name.value, module: module))
    }
    for (template, file) in tests {
      plan.files.append(
        .init(path: FilePath.join(testsFolder, file), contents: try render(template, context)))
    }
    if let parent = request.parent, let parentFolder {
      plan.files.append(
        .init(
          path: FilePath.join(parentFolder, "\(parent)Component+\(name).swift"),
          contents: try render("rib.parent-component.swift.stencil", context)))
      let wiring = ParentWiring(
        parent: parent.value, child: name.value, lowerChild: name.lowerCamel,
        childHasView: request.hasView, parentHasView: parentHasView)
      if request.wire {
        plan.files += try wiredFiles(wiring, sourcesFolder: parentFolder)
        plan.notes.append(
          "\(parent) routes to \(name): call `router?.routeTo\(name)()` from \(parent)Interactor.")
      } else {
        context["edits"] = wiring.snippet
        plan.notes.append(try templates.render("rib.routing-snippet.txt.stencil", context))
      }
    }
    if name.value == "Root", request.parent == nil {
      plan.notes.append(
        "note: this Root is shaped like a child (a listener, a plain router); an app's root is "
          + "launched: `ribcage new app <Name>` makes one (a LaunchRouter, launch code, tests)")
    }
    return plan
  }

  /// A service, workflow or plugin and its tests.
  public func plan(_ kind: GeneratedKind, name: TypeName) throws(GeneratorError) -> GenerationPlan {
    let module = try options.resolvedModule()
    var context = baseContext(name: name, module: module)
    context["flagKey"] = name.snakeCase
    let suffix: String
    switch kind {
    case .service: suffix = "Service"
    case .workflow: suffix = "Workflow"
    case .plugin: suffix = "Plugin"
    }
    let folder = FilePath.join(options.output, "\(name)\(suffix)")
    let testsFolder = FilePath.join(try options.resolvedTestsOutput(), "\(name)\(suffix)")
    var plan = GenerationPlan()
    plan.files.append(
      .init(
        path: FilePath.join(folder, "\(name)\(suffix).swift"),
        contents: try render("\(kind.rawValue).swift.stencil", context)))
    plan.files.append(
      .init(
        path: FilePath.join(testsFolder, "\(name)\(suffix)Tests.swift"),
        contents: try render("\(kind.rawValue).tests.swift.stencil", context)))
    return plan
  }

  // MARK: Helpers

  /// The first line of every generated Swift file (Xcode templates replace it with Xcode's
  /// file header).
  static let header = "// Generated by `ribcage new`; yours to edit."

  private func baseContext(name: TypeName, module: String) -> [String: Any] {
    [
      "name": name.value, "lowerName": name.lowerCamel, "module": module,
      "header": Self.header,
    ]
  }

  func render(_ template: String, _ context: [String: Any]) throws(GeneratorError) -> String {
    var text = try templates.render(template, context)
    // Templates leave blank runs where optional parts were skipped: collapse them.
    while text.contains("\n\n\n") { text = text.replacingOccurrences(of: "\n\n\n", with: "\n\n") }
    text = text.replacingOccurrences(of: "{\n\n", with: "{\n")
    text = text.replacingOccurrences(of: "\n\n}", with: "\n}")
    text = text.replacingOccurrences(of: " {\n}", with: " {}")
    while text.hasSuffix("\n\n") { text.removeLast() }
    return text.hasSuffix("\n") ? text : text + "\n"
  }

  /// The parent's router, interactor, builder and mocks with `wiring` applied.
  private func wiredFiles(_ wiring: ParentWiring, sourcesFolder: String) throws(GeneratorError)
    -> [GenerationPlan.File]
  {
    let parent = wiring.parent
    var paths = ["Router", "Interactor", "Builder"].map {
      FilePath.join(sourcesFolder, "\(parent)\($0).swift")
    }
    // The mocks live in the tests folder; only there, and in the package that holds `Sources`,
    // is looked at — never above the output folder.
    let testsFolder = try options.resolvedTestsOutput()
    let packageRoot = searchRoot() == options.output ? nil : FilePath.parent(searchRoot())
    guard
      let mocks = findFile(named: "\(parent)Mocks.swift", under: testsFolder)
        ?? packageRoot.flatMap({ findFile(named: "\(parent)Mocks.swift", under: $0) })
    else { throw .cannotWire(file: "\(parent)Mocks.swift", missing: "the file") }
    paths.append(mocks)
    var files: [GenerationPlan.File] = []
    for path in paths {
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8)
      else { throw .cannotWire(file: path, missing: "the file") }
      let name = String(path.split(separator: "/").last ?? "")
      files.append(
        .init(path: path, contents: try wiring.apply(to: text, file: name), isEdit: true))
    }
    return files
  }

  /// The first file called `name` below `root`, outside build folders.
  private func findFile(named name: String, under root: String) -> String? {
    guard let enumerator = FileManager.default.enumerator(atPath: root) else { return nil }
    while let relative = enumerator.nextObject() as? String {
      if relative.hasPrefix(".build") || relative.contains("/.build/") { continue }
      if relative == name || relative.hasSuffix("/" + name) { return FilePath.join(root, relative) }
    }
    return nil
  }

  /// The file declaring `class <Parent>Component`, searched under the output folder's package
  /// (the folder that holds `Sources`, or the output folder itself).
  private func findComponent(of parent: TypeName) throws(GeneratorError) -> (
    path: String, hasView: Bool
  ) {
    let root = searchRoot()
    let needle = "class \(parent)Component"
    guard let enumerator = FileManager.default.enumerator(atPath: root) else {
      throw .unknownParent(parent.value, searched: root)
    }
    while let relative = enumerator.nextObject() as? String {
      guard relative.hasSuffix(".swift"), !relative.contains(".build") else { continue }
      let path = FilePath.join(root, relative)
      guard let data = FileManager.default.contents(atPath: path),
        let text = String(data: data, encoding: .utf8), text.contains(needle)
      else { continue }
      let folder = FilePath.parent(path)
      let router = FilePath.join(folder, "\(parent)Router.swift")
      let routerText = FileManager.default.contents(atPath: router).flatMap {
        String(data: $0, encoding: .utf8)
      }
      let hasView = routerText.map { $0.contains("ViewableRouter") || $0.contains("LaunchRouter") }
      return (path, hasView ?? true)
    }
    throw .unknownParent(parent.value, searched: root)
  }

  private func searchRoot() -> String {
    let parts = options.output.split(separator: "/").map(String.init)
    if let sources = parts.lastIndex(of: "Sources") {
      return "/" + parts[...sources].joined(separator: "/")
    }
    return options.output
  }
}
