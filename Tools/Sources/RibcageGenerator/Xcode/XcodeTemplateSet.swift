/// Xcode file templates made from `ribcage new`'s templates: a RIB with a view, a viewless RIB,
/// a RIB with a presenter, a RIB with a SwiftUI view, a service, a workflow and a plugin — each
/// as a template for its sources and one for its tests and test doubles (a test target's files
/// go in another group in Xcode). Rendered by ``Generator`` with placeholder names that become Xcode's macros, so a
/// team's `.ribcage/templates` overrides reach Xcode too.
public struct XcodeTemplateSet: Sendable {
  /// The templates, in the order the dialog shows them.
  public let templates: [XcodeTemplate]

  /// The set rendered from `library`.
  public init(library: TemplateLibrary) throws(GeneratorError) {
    let generator = Generator(
      templates: library,
      options: OutputOptions(
        output: "/Xcode/Sources", testsOutput: "/Xcode/Tests",
        module: XcodePlaceholder.module))
    let name = try TypeName(XcodePlaceholder.name)
    var templates: [XcodeTemplate] = []
    let ribs: [(String, String, RIBRequest)] = [
      (
        "RIB", "A RIB with a view: builder, interactor, router and view.",
        RIBRequest(name: name, hasView: true, hasPresenter: false, parent: nil)
      ),
      (
        "Viewless RIB", "A RIB without a view: its router shows children in its parent's view.",
        RIBRequest(name: name, hasView: false, hasPresenter: false, parent: nil)
      ),
      (
        "RIB with Presenter", "A RIB with a stateless presenter and a render loop.",
        RIBRequest(name: name, hasView: true, hasPresenter: true, parent: nil)
      ),
      (
        "RIB with SwiftUI View", "A RIB whose view is a SwiftUI screen hosted by RibcageSwiftUI.",
        RIBRequest(
          name: name, hasView: true, hasPresenter: false, parent: nil, hasSwiftUIView: true)
      ),
    ]
    for (title, summary, request) in ribs {
      templates += Self.pair(title, summary, try generator.plan(request), order: templates.count)
    }
    for (kind, title, summary) in [
      (GeneratedKind.service, "Service", "A service that owns a state stream, read-only outside."),
      (.workflow, "Workflow", "A workflow: steps over actionable items, e.g. for a deep link."),
      (.plugin, "Plugin", "An optional feature behind a feature flag, built by a plugin point."),
    ] {
      templates += Self.pair(
        title, summary, try generator.plan(kind, name: name), order: templates.count)
    }
    self.templates = templates
  }

  /// The sources template and the tests template of one `ribcage new` plan.
  static func pair(_ title: String, _ summary: String, _ plan: GenerationPlan, order: Int)
    -> [XcodeTemplate]
  {
    let header = Generator.header
    let files = plan.files.map { file in
      (
        isTest: file.path.hasPrefix("/Xcode/Tests/"),
        name: XcodePlaceholder.fileName(String(file.path.split(separator: "/").last ?? "")),
        contents: XcodePlaceholder.substitute(file.contents, header: header)
      )
    }
    let sources = files.filter { !$0.isTest }.map { ($0.name, $0.contents) }
    let tests = files.filter(\.isTest).map { ($0.name, $0.contents) }
    return [
      XcodeTemplate(
        name: title, summary: summary, sortOrder: order + 1, options: options(for: sources),
        files: sources),
      XcodeTemplate(
        name: "\(title) Tests", summary: "The tests and test doubles of a \(title).",
        sortOrder: order + 2, options: options(for: tests), files: tests),
    ]
  }

  /// The fields the dialog asks for: the name, and each other spelling `files` use.
  static func options(for files: [(name: String, contents: String)]) -> [XcodeTemplate.Option] {
    let all: [XcodeTemplate.Option] = [
      .init(
        identifier: XcodePlaceholder.productName, name: "Name:",
        description: "The name, e.g. LoggedOut: the files are <Name>Builder.swift and so on."),
      .init(
        identifier: XcodePlaceholder.lowerNameOption, name: "Name in lower camel case:",
        description: "The name as a property or method starts, e.g. loggedOut."),
      .init(
        identifier: XcodePlaceholder.flagKeyOption, name: "Feature flag key:",
        description: "The name in snake case, e.g. logged_out."),
      .init(
        identifier: XcodePlaceholder.moduleOption, name: "Module under test:",
        description: "The module the tests import with @testable, e.g. App."),
    ]
    return all.filter { option in
      option.identifier == XcodePlaceholder.productName
        || files.contains { $0.contents.contains(XcodePlaceholder.variable(option.identifier)) }
    }
  }

  /// Every file of the set under `folder`: `<folder>/<Name>.xctemplate/TemplateInfo.plist` and
  /// the template's files.
  public func plan(into folder: String) -> GenerationPlan {
    var plan = GenerationPlan()
    for template in templates {
      let templateFolder = FilePath.join(folder, "\(template.name).xctemplate")
      plan.files.append(
        .init(
          path: FilePath.join(templateFolder, "TemplateInfo.plist"),
          contents: XcodeTemplateInfo.propertyList(for: template)))
      for file in template.files {
        plan.files.append(
          .init(path: FilePath.join(templateFolder, file.name), contents: file.contents))
      }
    }
    return plan
  }
}
