import Foundation
import RibcageGenerator
import Testing

@Test(.timeLimit(.minutes(10))) func aTeamsOverrideReplacesTheBuiltInTemplate() throws {
  let folder = TemporaryFolder()
  folder.write(".ribcage/templates/service.swift.stencil", "// our house style for {{ name }}\n")
  folder.write(".ribcage/templates/servce.swift.stencil", "misspelt\n")
  let library = try TemplateLibrary(overrideFolder: nil, workingDirectory: folder.path)
  let entry = try #require(library.entries.first { $0.name == "service.swift.stencil" })
  #expect(entry.origin == .override(folder: folder.path + "/.ribcage/templates"))
  #expect(library.entries.filter { $0.origin == .bundled }.count == TemplateLibrary.names.count - 1)
  #expect(library.unusedOverrides == ["servce.swift.stencil"])
  let plan = try Generator(
    templates: library, options: OutputOptions(output: folder.path + "/Sources/App")
  )
  .plan(.service, name: TypeName("Profile"))
  #expect(plan.files[0].contents == "// our house style for Profile\n")
}

@Test(.timeLimit(.minutes(10))) func aTemplateFolderGivenMustExist() {
  let folder = TemporaryFolder()
  #expect(throws: GeneratorError.missingTemplateFolder("nowhere")) {
    try TemplateLibrary(overrideFolder: "nowhere", workingDirectory: folder.path)
  }
}

@Test(.timeLimit(.minutes(10))) func aTemplateSyntaxErrorNamesTheFileAndLine() throws {
  let folder = TemporaryFolder()
  folder.write("custom/plugin.swift.stencil", "line one\nline two\n{% if name %}\nno end\n")
  let library = try TemplateLibrary(overrideFolder: "custom", workingDirectory: folder.path)
  let generator = Generator(
    templates: library, options: OutputOptions(output: folder.path + "/Sources/App"))
  do {
    _ = try generator.plan(.plugin, name: TypeName("Coupon"))
    Issue.record("expected a template error")
  } catch {
    guard case .templateSyntax(let file, let line, let reason) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(file == folder.path + "/custom/plugin.swift.stencil")
    #expect(line == 3)
    #expect(reason.contains("endif"))
  }
}

@Test(.timeLimit(.minutes(10))) func everyBuiltInTemplateRendersForEveryKindOfRIB() throws {
  let folder = TemporaryFolder()
  folder.write("Sources/App/Root/RootBuilder.swift", "final class RootComponent {}\n")
  let generator = Generator(
    templates: try TemplateLibrary(overrideFolder: nil, workingDirectory: folder.path),
    options: OutputOptions(output: folder.path + "/Sources/App"))
  for (view, presenter, swiftUI) in [
    (true, true, false), (true, false, false), (false, false, false), (true, true, true),
    (true, false, true),
  ] {
    let plan = try generator.plan(
      RIBRequest(
        name: TypeName("Child"), hasView: view, hasPresenter: presenter, parent: TypeName("Root"),
        hasSwiftUIView: swiftUI))
    for file in plan.files {
      #expect(!file.contents.contains("{{") && !file.contents.contains("{%"), "\(file.path)")
    }
  }
}
