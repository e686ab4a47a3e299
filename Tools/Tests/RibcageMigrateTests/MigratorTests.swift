import Foundation
import RibcageCommands
import RibcageMigrate
import Testing

// Fixtures written for these tests in the style of uber/RIBs and ModernRIBs code.

private let modernRIBsInteractor = """
  import Combine
  import ModernRIBs

  final class GameInteractor: PresentableInteractor<GamePresentable>, GameInteractable {
    override func didBecomeActive() {
      super.didBecomeActive()
      scores.sink { [weak self] in self?.show($0) }.disposeOnDeactivate(interactor: self)
      ticks.sink { _ in }.cancelOnStop(worker)
    }
  }
  """

private let ribsWorkflow = """
  import RIBs
  import RxSwift

  public class LaunchGameWorkflow: Workflow<RootActionableItem> {
    public init(url: URL) {
      super.init()
      onStep { root in root.waitForLogin() }
        .commit()
    }
  }

  final class ScorePresenter: Presenter<ScoreViewController> {}

  final class ScoreInteractor: Interactor {
    override func didBecomeActive() {
      super.didBecomeActive()
      stream.subscribe(onNext: { _ in }).disposeOnDeactivate(interactor: self)
      LeakDetector.instance.expectDeallocate(object: self)
    }
  }
  """

@Suite(.timeLimit(.minutes(10))) struct MigratorTests {
  @Test func modernRIBsImportsAndBindingCallsAreRewritten() {
    let result = Migrator().migrate(modernRIBsInteractor, path: "GameInteractor.swift")
    #expect(result.changed)
    #expect(result.text.contains("import Ribcage\n"))
    #expect(!result.text.contains("ModernRIBs"))
    #expect(result.text.contains(".cancelOnDeactivate(interactor: self)"))
    #expect(result.text.contains(".cancelOnStop(worker: worker)"))
    // Combine stays, through RibcageCombine: nothing is left for a person.
    #expect(result.text.hasPrefix("import RibcageCombine\n"))
    #expect(result.needsRibcageCombine)
    #expect(result.editCount == 5)
    #expect(result.notes.isEmpty)
  }

  @Test func modernRIBsActivenessPublishersBecomeTheStreamsPublisher() {
    let test = """
      import Combine
      import ModernRIBs

      func check(_ worker: Worker, _ interactor: Interactor, into bag: inout Set<AnyCancellable>) {
        worker.isStartedStream.prefix(1).sink { _ in }.store(in: &bag)
        interactor.isActiveStream
          .filter { $0 }
          .sink { _ in }
          .store(in: &bag)
        let active = interactor.isActiveStream
        _ = active
      }
      """
    let result = Migrator().migrate(test, path: "WorkerTests.swift")
    #expect(result.text.contains("worker.isStartedStream.publisher.prefix(1)"))
    #expect(result.text.contains("interactor.isActiveStream.publisher\n"))
    #expect(result.text.contains("let active = interactor.isActiveStream\n"), "not in a chain")
    #expect(result.notes.isEmpty)
    let again = Migrator().migrate(result.text, path: "WorkerTests.swift")
    #expect(!again.changed, "idempotent")
  }

  @Test func combineTypesCreatedInExpressionsKeepTheImport() {
    let text = "import Combine\nimport ModernRIBs\nlet subject = PassthroughSubject<Int, Never>()\n"
    let result = Migrator().migrate(text, path: "A.swift")
    #expect(result.text.hasPrefix("import RibcageCombine\nimport Ribcage\n"))
    #expect(result.needsRibcageCombine)
    #expect(result.notes.isEmpty)
  }

  @Test func aFileUsingUIViewControllerImportsRibcageUIKit() {
    let router = """
      import ModernRIBs

      final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
        func routeToDetail(_ detail: ViewableRouting) {
          viewController.uiviewController.present(detail.viewControllable.uiviewController, animated: true)
        }
      }
      """
    let result = Migrator(source: .modernribs).migrate(router, path: "HomeRouter.swift")
    #expect(result.text.hasPrefix("import RibcageUIKit\n"))
    #expect(result.notes.isEmpty)
    #expect(!Migrator().migrate(result.text, path: "HomeRouter.swift").changed, "idempotent")
    // A file migrated before this rule: its `import Ribcage` becomes `import RibcageUIKit` too.
    let older = router.replacingOccurrences(of: "import ModernRIBs", with: "import Ribcage")
    #expect(
      Migrator().migrate(older, path: "HomeRouter.swift").text.hasPrefix("import RibcageUIKit\n"))
  }

  @Test func aViewControllableWrapperAdoptsWrappingViewControllable() {
    let wrapper = """
      import UIKit
      import ModernRIBs

      final class NavigationControllable: ViewControllable {
        var uiviewController: UIViewController { self.navigationController }
        let navigationController: UINavigationController
        init(root: ViewControllable) {
          navigationController = UINavigationController(rootViewController: root.uiviewController)
        }
      }

      final class HomeViewController: UIViewController, ViewControllable {
        var uiviewController: UIViewController { self }
      }
      """
    let result = Migrator().migrate(wrapper, path: "RIBs+.swift")
    #expect(result.text.contains("import RibcageUIKit\n"))
    #expect(result.text.contains("final class NavigationControllable: WrappingViewControllable {"))
    #expect(
      result.text.contains(
        "  var wrappedViewController: UIViewController { self.navigationController }"))
    #expect(result.text.contains("rootViewController: root.uiviewController)"), "uses stay")
    #expect(
      result.text.contains(
        "HomeViewController: UIViewController, ViewControllable {\n  var uiviewController"),
      "a view controller is its own uiviewController: left alone")
    #expect(result.text.split(separator: "\n").count == wrapper.split(separator: "\n").count)
    #expect(!Migrator().migrate(result.text, path: "RIBs+.swift").changed, "idempotent")
  }

  @Test func anUnusedCombineImportIsEmptiedAndRxStaysReported() {
    let result = Migrator().migrate(
      "import Combine\nimport ModernRIBs\nfinal class A: Interactor {}\n", path: "A.swift")
    #expect(result.text == "\nimport Ribcage\nfinal class A: Interactor {}\n")
    #expect(!result.needsRibcageCombine)
  }

  @Test func migratingTwiceChangesNothingMore() {
    let migrator = Migrator()
    let once = migrator.migrate(modernRIBsInteractor, path: "A.swift")
    let twice = migrator.migrate(once.text, path: "A.swift")
    #expect(!twice.changed)
    #expect(twice.text == once.text)
  }

  @Test func ribsCodeIsRewrittenWhereSafeAndReportedWhereNot() {
    let result = Migrator(source: .ribs).migrate(ribsWorkflow, path: "Launch.swift")
    #expect(result.text.hasPrefix("import Ribcage\nimport RxSwift\n"))
    // An Rx Disposable keeps uber's call: the guide's bridge provides it.
    #expect(result.text.contains(".disposeOnDeactivate(interactor: self)"))
    let lines = result.notes.map(\.line)
    let sections = Set(result.notes.map(\.guideSection))
    #expect(lines == lines.sorted())
    #expect(sections.isSuperset(of: ["workflows", "presenters", "leak-detection-and-utilities"]))
    #expect(result.notes.contains { $0.line == 4 && $0.message.contains("subclasses Workflow") })
    #expect(result.notes.contains { $0.line == 12 && $0.message.contains("Presenter<VC>") })
    #expect(result.notes.contains { $0.line == 2 && $0.message.contains("Disposable bridge") })
    #expect(result.notes.contains { $0.line == 17 && $0.message.contains("observe { }") })
    #expect(result.notes.contains { $0.line == 18 && $0.message.contains("LeakDetector.instance") })
  }

  @Test func eachRxTypeAndOperatorNoteNamesItsRibcageFormInOneNotePerLine() {
    let text = """
      import RIBs
      import RxSwift

      final class FareInteractor: Interactor {
        let fares = PublishSubject<Int>()
        let total = BehaviorRelay<Int>(value: 0)
        let bag = DisposeBag()
        override func didBecomeActive() {
          super.didBecomeActive()
          fares.distinctUntilChanged().take(1).subscribe(onNext: { self.total.accept($0) })
            .disposed(by: bag)
        }
      }
      """
    let result = Migrator().migrate(text, path: "FareInteractor.swift")
    let byLine = Dictionary(grouping: result.notes, by: \.line)
    #expect(byLine[5]?.first?.message.contains("EventRelay<T>") == true)
    #expect(byLine[6]?.first?.message.contains("MutableStateStream<T>") == true)
    #expect(byLine[7]?.first?.message.contains("cancelOnDeactivate(interactor:)") == true)
    // The chain: one note naming each operator's form, in the order they are written.
    let chain = byLine[10] ?? []
    #expect(chain.count == 1)
    let message = chain.first?.message ?? ""
    for form in ["removeDuplicates()", "prefix(n)", "observe { }", "send(_:)"] {
      #expect(message.contains(form), "\(form) in \(message)")
    }
    #expect(
      message.range(of: "removeDuplicates")!.lowerBound < message.range(of: "prefix")!.lowerBound)
    #expect(byLine[11]?.first?.message.contains("cancelOnDeactivate") == true)
    #expect(
      result.notes.allSatisfy {
        $0.line == 2 || $0.guideSection == "rx-and-combine-operator-by-operator"
      })
  }

  @Test func everyNoteLinksToASectionOfTheGuide() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../../Sources/Ribcage/Ribcage.docc/Migration.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    // GitHub's anchors: lowercased heading, punctuation dropped, spaces as hyphens.
    let anchors = Set(
      text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { heading in
        String(
          heading.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            .compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" ? $0 : nil) })
      })
    let samples = [
      modernRIBsInteractor, ribsWorkflow,
      "import RIBs\nimport RxSwift\nlet o: Observable<Int>\nx.confineTo(self).subscribe { }\n"
        + "final class R: Router<I> { var l: RouterLifecycle? }\nw.disposeWith(workflow: f)\n",
    ]
    var sections = Set<String>()
    for sample in samples {
      sections.formUnion(Migrator().migrate(sample, path: "A.swift").notes.map(\.guideSection))
    }
    #expect(sections.count >= 6)
    for section in sections {
      #expect(anchors.contains(section), "Migration.md has no section #\(section)")
    }
  }

  @Test func anRxImportNothingUsesIsEmptied() {
    let text = "import RIBs\nimport RxSwift\n\nfinal class A: Interactor {}\n"
    let result = Migrator().migrate(text, path: "A.swift")
    #expect(result.text == "import Ribcage\n\n\nfinal class A: Interactor {}\n")
    #expect(result.notes.isEmpty)
    #expect(!Migrator().migrate(result.text, path: "A.swift").changed)
  }

  @Test func unrelatedCodeIsLeftAlone() {
    let text = "import Foundation\n\nstruct Point { var x = 0 }\n"
    let result = Migrator().migrate(text, path: "Point.swift")
    #expect(!result.changed)
    #expect(result.notes.isEmpty)
  }

  @Test func theDiffShowsEachChangedLine() {
    let diff = MigrationFiles.diff(old: "a\nimport RIBs\nb", new: "a\nimport Ribcage\nb", path: "X")
    #expect(diff == "--- a/X\n+++ b/X\n@@ -2 +2 @@\n-import RIBs\n+import Ribcage")
  }
}

/// A console that keeps what the command prints.
private final class CapturedConsole: @unchecked Sendable {
  private let lock = NSLock()
  private var outputLines: [String] = []
  private var errorLines: [String] = []
  private(set) var console: ToolConsole!

  init(workingDirectory: String) {
    console = ToolConsole(
      workingDirectory: workingDirectory,
      out: { [unowned self] line in self.append(line, errors: false) },
      error: { [unowned self] line in self.append(line, errors: true) })
  }

  private func append(_ line: String, errors: Bool) {
    lock.lock()
    if errors { errorLines.append(line) } else { outputLines.append(line) }
    lock.unlock()
  }

  func output() -> String {
    lock.lock()
    defer { lock.unlock() }
    return outputLines.joined(separator: "\n")
  }

  func errors() -> String {
    lock.lock()
    defer { lock.unlock() }
    return errorLines.joined(separator: "\n")
  }
}

@Suite(.timeLimit(.minutes(10))) struct MigrateCommandTests {
  private func makeFolder(_ files: [String: String]) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("ribcage-migrate-\(UUID().uuidString)").path
    for (name, text) in files {
      let path = folder + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    return folder
  }

  @Test func rewritesFilesReportsNotesAndExitsOneWhileNotesRemain() throws {
    let folder = try makeFolder([
      "Sources/Game/GameInteractor.swift": modernRIBsInteractor,
      "Sources/Game/LaunchGameWorkflow.swift": ribsWorkflow,
      "Sources/Game/Plain.swift": "import ModernRIBs\nfinal class A: Interactor {}\n",
    ])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let console = CapturedConsole(workingDirectory: folder)
    let status = RibcageTool.run(["migrate", "Sources"], on: console.console)
    #expect(status == 1)
    let migrated = try String(
      contentsOfFile: folder + "/Sources/Game/GameInteractor.swift", encoding: .utf8)
    #expect(migrated.contains("import Ribcage"))
    #expect(migrated.contains("import RibcageCombine"))
    #expect(!console.output().contains("GameInteractor.swift:"), "nothing left in it")
    #expect(console.output().contains("Sources/Game/LaunchGameWorkflow.swift:4: note:"))
    #expect(console.errors().contains("changed 3 of 3 file(s)"))
    #expect(console.errors().contains("1 file(s) keep Combine code and import RibcageCombine"))

    // Only the clean file: nothing left to do, exit 0; running again changes nothing.
    let plain = RibcageTool.run(["migrate", "Sources/Game/Plain.swift"], on: console.console)
    #expect(plain == 0)
    #expect(
      try String(contentsOfFile: folder + "/Sources/Game/Plain.swift", encoding: .utf8)
        == "import Ribcage\nfinal class A: Interactor {}\n")
  }

  @Test func dryRunAndDiffChangeNothing() throws {
    let folder = try makeFolder(["A.swift": "import RIBs\n"])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let console = CapturedConsole(workingDirectory: folder)
    #expect(RibcageTool.run(["migrate", "--diff"], on: console.console) == 0)
    #expect(console.output().contains("+import Ribcage"))
    #expect(RibcageTool.run(["migrate", "--dry-run", "A.swift"], on: console.console) == 0)
    #expect(try String(contentsOfFile: folder + "/A.swift", encoding: .utf8) == "import RIBs\n")
  }

  @Test func badInputExitsTwo() throws {
    let folder = try makeFolder([:])
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let console = CapturedConsole(workingDirectory: folder)
    #expect(RibcageTool.run(["migrate", "Missing"], on: console.console) == 2)
    #expect(RibcageTool.run(["migrate", "--from", "rx"], on: console.console) == 2)
  }
}
