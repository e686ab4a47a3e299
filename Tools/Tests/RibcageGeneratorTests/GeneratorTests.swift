import Foundation
import RibcageGenerator
import Testing

/// The bundled templates, as the tool ships them.
private func library(_ folder: TemporaryFolder, override: String? = nil) throws -> TemplateLibrary {
  try TemplateLibrary(overrideFolder: override, workingDirectory: folder.path)
}

private func generator(_ folder: TemporaryFolder, override: String? = nil) throws -> Generator {
  Generator(
    templates: try library(folder, override: override),
    options: OutputOptions(output: folder.path + "/Sources/App"))
}

@Test(.timeLimit(.minutes(10))) func aRIBWithAViewAndPresenterHasItsFilesAndTests() throws {
  let folder = TemporaryFolder()
  let plan = try generator(folder).plan(
    RIBRequest(name: TypeName("LoggedOut"), hasView: true, hasPresenter: true, parent: nil))
  #expect(
    plan.files.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") } == [
      "Sources/App/LoggedOut/LoggedOutBuilder.swift",
      "Sources/App/LoggedOut/LoggedOutInteractor.swift",
      "Sources/App/LoggedOut/LoggedOutRouter.swift",
      "Sources/App/LoggedOut/LoggedOutViewController.swift",
      "Sources/App/LoggedOut/LoggedOutPresenter.swift",
      "Tests/AppTests/LoggedOut/LoggedOutMocks.swift",
      "Tests/AppTests/LoggedOut/LoggedOutInteractorTests.swift",
      "Tests/AppTests/LoggedOut/LoggedOutRouterTests.swift",
    ])
  let interactor = plan.files[1].contents
  #expect(
    interactor.contains(
      "final class LoggedOutInteractor:\n  PresentableInteractor<any LoggedOutPresentable>, LoggedOutInteractable,\n  LoggedOutPresentableListener\n{"
    ))
  #expect(
    interactor.contains(
      "RenderLoop(\n      state: state, present: { LoggedOutPresenter().present($0) }"))
  #expect(plan.files[5].contents.contains("@testable import App"))
  #expect(plan.notes.isEmpty)
  // No blank-line runs or dangling template whitespace.
  for file in plan.files {
    #expect(!file.contents.contains("\n\n\n"), "\(file.path)")
    #expect(!file.contents.contains(" \n"), "\(file.path)")
  }
}

@Test(.timeLimit(.minutes(10))) func aViewlessRIBPresentsIntoItsParentsViewAndCleansUp() throws {
  let folder = TemporaryFolder()
  let plan = try generator(folder).plan(
    RIBRequest(name: TypeName("Ride"), hasView: false, hasPresenter: false, parent: nil))
  #expect(plan.files.count == 6)
  #expect(!plan.files.contains { $0.path.hasSuffix("ViewController.swift") })
  let router = plan.files[2].contents
  #expect(router.contains("let presentingView: any RideViewControllable"))
  #expect(router.contains("func cleanupViews() {\n    for child in children {"))
  #expect(router.contains("presentingView.remove(viewable.viewControllable)"))
  #expect(plan.files[1].contents.contains("router?.cleanupViews()"))
}

@Test(.timeLimit(.minutes(10))) func aViewlessRIBCannotHaveAPresenter() throws {
  let folder = TemporaryFolder()
  #expect(throws: GeneratorError.self) {
    try generator(folder).plan(
      RIBRequest(name: TypeName("Ride"), hasView: false, hasPresenter: true, parent: nil))
  }
}

@Test(.timeLimit(.minutes(10))) func theParentGetsAComponentExtensionBesideItAndARoutingSnippet()
  throws
{
  let folder = TemporaryFolder()
  folder.write(
    "Sources/App/Shell/Root/RootBuilder.swift",
    "final class RootComponent: Component<any RootDependency> {}\n")
  folder.write(
    "Sources/App/Shell/Root/RootRouter.swift",
    "final class RootRouter: Router<any RootInteractable> {}\n")
  let plan = try generator(folder).plan(
    RIBRequest(
      name: TypeName("Home"), hasView: true, hasPresenter: true, parent: TypeName("Root")))
  let extensionFile = try #require(plan.files.last)
  #expect(extensionFile.path == folder.path + "/Sources/App/Shell/Root/RootComponent+Home.swift")
  #expect(extensionFile.contents.contains("extension RootComponent: HomeDependency {"))
  #expect(extensionFile.contents.contains("var homeState: StateStream<HomeState>"))
  let snippet = try #require(plan.notes.first)
  #expect(snippet.contains("To route to Home from Root, make these changes"))
  #expect(snippet.contains("let router = builder.build(withListener: interactor)"))
  #expect(!snippet.contains("in init:"))
  #expect(plan.files[0].contents.contains("conformance (`RootComponent+Home.swift`), so"))
}

@Test(.timeLimit(.minutes(10)))
func aViewlessChildOfAViewlessParentPresentsIntoTheParentsPresentingView() throws {
  let folder = TemporaryFolder()
  folder.write(
    "Sources/App/Root/RootBuilder.swift",
    "final class RootComponent: Component<any RootDependency> {}\n")
  folder.write(
    "Sources/App/Root/RootRouter.swift", "final class RootRouter: Router<any RootInteractable> {}\n"
  )
  let plan = try generator(folder).plan(
    RIBRequest(
      name: TypeName("LoggedIn"), hasView: false, hasPresenter: false, parent: TypeName("Root")))
  #expect(
    plan.notes.first?.contains("build(withListener: interactor, presentingView: presentingView)")
      == true)
}

@Test(.timeLimit(.minutes(10))) func anUnknownParentIsNamed() throws {
  let folder = TemporaryFolder()
  #expect(throws: GeneratorError.unknownParent("Nope", searched: folder.path + "/Sources")) {
    try generator(folder).plan(
      RIBRequest(
        name: TypeName("Home"), hasView: true, hasPresenter: false, parent: TypeName("Nope")))
  }
}

@Test(.timeLimit(.minutes(10))) func theModuleComesFromTheOutputPathOrMustBeGiven() throws {
  let folder = TemporaryFolder()
  let templates = try library(folder)
  let loose = Generator(templates: templates, options: OutputOptions(output: folder.path + "/code"))
  #expect(throws: GeneratorError.unknownModule(output: folder.path + "/code")) {
    try loose.plan(.service, name: TypeName("Profile"))
  }
  let given = Generator(
    templates: templates,
    options: OutputOptions(
      output: folder.path + "/code", testsOutput: folder.path + "/t", module: "Feature"))
  let plan = try given.plan(.service, name: TypeName("Profile"))
  #expect(
    plan.files.map(\.path) == [
      folder.path + "/code/ProfileService/ProfileService.swift",
      folder.path + "/t/ProfileService/ProfileServiceTests.swift",
    ])
  #expect(plan.files[1].contents.contains("@testable import Feature"))
}

@Test(.timeLimit(.minutes(10))) func servicesWorkflowsAndPluginsHaveTheirFiles() throws {
  let folder = TemporaryFolder()
  let generator = try generator(folder)
  let service = try generator.plan(.service, name: TypeName("Profile"))
  #expect(
    service.files[0].contents.contains("private let model = MutableStateStream(ProfileModel())"))
  let workflow = try generator.plan(.workflow, name: TypeName("OpenTrip"))
  #expect(workflow.files[0].contents.contains("Workflow<any OpenTripRootActionable>(kind)"))
  let plugin = try generator.plan(.plugin, name: TypeName("CarPhotos"))
  #expect(plugin.files[0].contents.contains("FeatureFlag(\"car_photos\", default: true)"))
}
