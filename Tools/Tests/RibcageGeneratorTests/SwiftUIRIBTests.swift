import Foundation
import RibcageGenerator
import Testing

/// `ribcage new rib <Name> --swiftui`: a RIB whose view is a SwiftUI screen hosted by
/// RibcageSwiftUI, with a Linux-testable view (the store) and its tests.
/// (GeneratedPackageTests builds and tests one; Scripts/check-apple-adapters.sh type-checks one
/// as iOS.)
@Suite(.timeLimit(.minutes(10))) struct SwiftUIRIBTests {
  let folder = TemporaryFolder()

  @Test func aSwiftUIRIBHasAHostedScreenAStoreAndTheirTests() throws {
    let run = ribcage(
      ["new", "rib", "Lounge", "--swiftui", "--output", "Sources/App"], in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
    #expect(
      folder.files == [
        "Sources/App/Lounge/LoungeBuilder.swift", "Sources/App/Lounge/LoungeInteractor.swift",
        "Sources/App/Lounge/LoungeRouter.swift", "Sources/App/Lounge/LoungeScreen.swift",
        "Sources/App/Lounge/LoungeViewController.swift",
        "Tests/AppTests/Lounge/LoungeInteractorTests.swift",
        "Tests/AppTests/Lounge/LoungeMocks.swift", "Tests/AppTests/Lounge/LoungeRouterTests.swift",
        "Tests/AppTests/Lounge/LoungeViewTests.swift",
      ])
    let view = try #require(folder.read("Sources/App/Lounge/LoungeViewController.swift"))
    #expect(view.contains("import RibcageSwiftUI"))
    #expect(
      view.contains(
        "typealias LoungeStore = ViewModelStore<LoungeViewModel?, any LoungePresentableListener>"))
    #expect(view.contains("#if canImport(SwiftUI)"))
    #expect(view.contains("HostingViewController<LoungeScreen>, LoungePresentable"))
    #expect(view.contains("super.init(rootView: LoungeScreen(store: store))"))
    #expect(view.contains("#else"))
    let screen = try #require(folder.read("Sources/App/Lounge/LoungeScreen.swift"))
    #expect(screen.contains("#if canImport(SwiftUI)"))
    #expect(screen.contains("struct LoungeScreen: View {"))
    #expect(screen.contains("store.send { $0.didTapDone() }"))
    let tests = try #require(folder.read("Tests/AppTests/Lounge/LoungeViewTests.swift"))
    #expect(tests.contains("@testable import App"))
    // The store's render count is diagnostics SPI: the test imports it as such.
    #expect(tests.contains("@_spi(Diagnostics) import RibcageSwiftUI"))
    #expect(tests.contains("view.store.renderCount == 1"))
    // The router's test taps Done as the screen does: through the listener the store holds.
    let routerTests = try #require(folder.read("Tests/AppTests/Lounge/LoungeRouterTests.swift"))
    #expect(routerTests.contains("view?.listener?.didTapDone()"))
    #expect(!routerTests.contains("userDidTapDone"))
    // The module needs RibcageSwiftUI and the platforms its store needs: said, not guessed at.
    #expect(run.out.contains { $0.contains("RibcageSwiftUI") && $0.contains(".iOS(.v17)") })
  }

  @Test func aSwiftUIRIBWithAPresenterRendersThroughItsRenderLoop() throws {
    let run = ribcage(
      ["new", "rib", "Lounge", "--swiftui", "--presenter", "--output", "Sources/App"],
      in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
    #expect(folder.exists("Sources/App/Lounge/LoungePresenter.swift"))
    let view = try #require(folder.read("Sources/App/Lounge/LoungeViewController.swift"))
    // The presenter's file declares the view model.
    #expect(!view.contains("struct LoungeViewModel"))
    let builder = try #require(folder.read("Sources/App/Lounge/LoungeBuilder.swift"))
    #expect(builder.contains("let viewController = LoungeViewController()"))
  }

  @Test func aViewlessRIBCannotAlsoBeSwiftUI() throws {
    let run = ribcage(
      ["new", "rib", "Lounge", "--swiftui", "--viewless", "--output", "Sources/App"],
      in: folder.path)
    #expect(run.status != 0)
    #expect(folder.files.isEmpty)
    let generator = Generator(
      templates: try TemplateLibrary(overrideFolder: nil, workingDirectory: folder.path),
      options: OutputOptions(output: folder.path + "/Sources/App"))
    #expect(throws: GeneratorError.self) {
      try generator.plan(
        RIBRequest(
          name: TypeName("Lounge"), hasView: false, hasPresenter: false, parent: nil,
          hasSwiftUIView: true))
    }
  }

  @Test func anAppWithSwiftUIDependsOnRibcageSwiftUIAndItsPlatforms() throws {
    let run = ribcage(["new", "app", "Rider", "--swiftui"], in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
    let manifest = try #require(folder.read("Rider/Package.swift"))
    #expect(manifest.contains("platforms: [.macOS(.v14), .iOS(.v17)]"))
    #expect(manifest.components(separatedBy: "\"RibcageSwiftUI\"").count == 3)  // library, tests
    #expect(folder.exists("Rider/Sources/Rider/Home/HomeScreen.swift"))
    #expect(folder.exists("Rider/Tests/RiderTests/Home/HomeViewTests.swift"))
  }

  @Test func anAppWithoutSwiftUIKeepsItsPlatformsAndDependencies() throws {
    let run = ribcage(["new", "app", "Rider"], in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
    let manifest = try #require(folder.read("Rider/Package.swift"))
    #expect(manifest.contains("platforms: [.macOS(.v13), .iOS(.v16)]"))
    #expect(!manifest.contains("RibcageSwiftUI"))
    #expect(!folder.exists("Rider/Sources/Rider/Home/HomeScreen.swift"))
  }
}
