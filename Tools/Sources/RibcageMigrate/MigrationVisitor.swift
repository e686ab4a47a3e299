import SwiftSyntax

/// One syntax pass over a file: the token edits to make and the findings to report.
final class MigrationVisitor: SyntaxVisitor {
  struct Edit {
    let start: Int
    let end: Int
    let replacement: String
  }

  struct Finding {
    let position: AbsolutePosition
    let message: String
    let section: String
  }

  private(set) var edits: [Edit] = []
  private(set) var findings: [Finding] = []
  private var source: MigrationSource?
  /// `import RxSwift`/`RxCocoa`/`RxRelay`/`Combine` declarations: removed when nothing else in
  /// the file was found to use them, reported otherwise.
  private var reactiveImports: [(node: ImportDeclSyntax, name: String)] = []
  /// Whether anything besides an import was found to use Rx / Combine.
  private var usesReactiveCode = false
  private var usesCombine = false

  private static let rxTypes: Set<String> = [
    "Observable", "BehaviorRelay", "PublishRelay", "PublishSubject", "BehaviorSubject",
    "ReplaySubject", "Single", "Completable", "Maybe", "DisposeBag", "Disposable", "Disposables",
    "ObservableType", "Driver", "Signal",
  ]
  private static let combineTypes: Set<String> = [
    "AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Just", "Future",
    "AnyCancellable", "Cancellable",
  ]
  private static let rxMembers: Set<String> = [
    "disposed", "subscribe", "flatMapLatest", "asObservable", "bind", "drive", "take", "skip",
    "distinctUntilChanged", "observe", "subscribeOn", "observeOn",
  ]
  private static let combineMembers: Set<String> = [
    "sink", "store", "eraseToAnyPublisher", "receive", "assign", "removeDuplicates",
  ]

  /// Whether the file imports RxSwift (or RxCocoa) / Combine (or RibcageCombine, after a first
  /// run): member names such as `subscribe` or `sink` are only Rx or Combine chains then.
  private let importsRx: Bool
  private let importsCombine: Bool

  /// Whether the migrated file needs the RibcageCombine package (it keeps Combine code).
  private(set) var needsRibcageCombine = false

  /// Ribcage's activeness streams, which are `StateStream`s where ModernRIBs' were publishers.
  private static let publisherStreams: Set<String> = ["isActiveStream", "isStartedStream"]

  init(source: MigrationSource?, text: String) {
    self.source = source
    importsRx = text.contains("import RxSwift") || text.contains("import RxCocoa")
    importsCombine = text.contains("import Combine") || text.contains("import RibcageCombine")
    if source == nil {
      // No --from: the file's import says which library it used.
      if text.contains("import ModernRIBs") {
        self.source = .modernribs
      } else if text.contains("import RIBs") {
        self.source = .ribs
      }
    }
    super.init(viewMode: .sourceAccurate)
  }

  private func replace(_ token: TokenSyntax, with text: String) {
    edits.append(
      Edit(
        start: token.positionAfterSkippingLeadingTrivia.utf8Offset,
        end: token.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text))
  }

  /// Called after the walk: an Rx or Combine import that nothing in the file uses is emptied
  /// (its line stays, so lines never move). A used `import Combine` becomes
  /// `import RibcageCombine` (Combine on Apple platforms, OpenCombine elsewhere, and the bridges:
  /// the chains keep working); a used Rx import is reported.
  func finish() {
    for (node, name) in reactiveImports {
      if name == "Combine" && usesCombine {
        needsRibcageCombine = true
        if let component = node.path.first { replace(component.name, with: "RibcageCombine") }
      } else if name == "Combine" ? usesCombine : usesReactiveCode {
        note(
          node, "\(name) stays until its chains are rewritten; add the guide's Disposable bridge",
          section: "keeping-rxswift-or-combine-during-the-move")
      } else {
        edits.append(
          Edit(
            start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
            end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""))
      }
    }
    reactiveImports = []
  }

  private func note(_ node: some SyntaxProtocol, _ message: String, section: String) {
    if section == "keeping-rxswift-or-combine-during-the-move" { usesReactiveCode = true }
    findings.append(
      Finding(position: node.positionAfterSkippingLeadingTrivia, message: message, section: section)
    )
  }

  // MARK: Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.path.count == 1, let component = node.path.first else { return .skipChildren }
    switch component.name.text {
    case "RIBs", "ModernRIBs":
      replace(component.name, with: "Ribcage")
    case "RxSwift", "RxCocoa", "RxRelay", "Combine":
      reactiveImports.append((node, component.name.text))
    case "RibcageCombine":
      needsRibcageCombine = true
    default:
      break
    }
    return .skipChildren
  }

  // MARK: Binding calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
      return .visitChildren
    }
    let name = member.declName.baseName.text
    let labels = node.arguments.map { $0.label?.text }
    switch (name, labels) {
    case ("disposeOnDeactivate", ["interactor"]):
      if source == .modernribs {
        replace(member.declName.baseName, with: "cancelOnDeactivate")
      } else {
        note(
          member.declName,
          "disposeOnDeactivate(interactor:) on an Rx Disposable needs the "
            + "guide's bridge (or rewrite the chain on Ribcage streams and use "
            + "cancelOnDeactivate)", section: "keeping-rxswift-or-combine-during-the-move")
      }
    case ("disposeOnStop", ["worker"]):
      note(
        member.declName, "disposeOnStop(worker:) on an Rx Disposable needs the guide's bridge",
        section: "keeping-rxswift-or-combine-during-the-move")
    case ("cancelOnStop", [nil]), ("disposeOnStop", [nil]):
      if source == .modernribs, let argument = node.arguments.first {
        replace(member.declName.baseName, with: "cancelOnStop")
        edits.append(
          Edit(
            start: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
            end: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
            replacement: "worker: "))
      }
    case ("confineTo", _) where importsRx:
      note(
        member.declName,
        "confineTo(_:) on an Rx Observable: on Ribcage streams it is stream.confineTo(interactor) "
          + "(or observe(stream) { } inside the interactor)", section: "lifecycle")
    case ("expectDeallocate", _), ("expectViewControllerDisappear", _):
      if member.base?.trimmedDescription.hasSuffix("LeakDetector.instance") == true {
        note(
          member.declName,
          "LeakDetector.instance is gone: use the tree's detector "
            + "(router.context.leakDetector) or, in tests, RIBHarness.expectNoLeaks()",
          section: "leak-detection-and-utilities")
      }
    case ("disposeWith", _), ("cancelWith", _):
      note(
        member.declName,
        "a WorkflowRun is CancellableWork: bind it with "
          + "run.cancelOnDeactivate(interactor:)", section: "workflows")
    default:
      break
    }
    return .visitChildren
  }

  // MARK: Types

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    for inherited in node.inheritanceClause?.inheritedTypes ?? [] {
      let type = inherited.type.trimmedDescription
      if type.hasPrefix("Workflow<") {
        note(
          node.name,
          "\(node.name.text) subclasses Workflow: write it as a function returning "
            + "Workflow(\"kind\").onStep { ... }.commit() with didComplete/didReceiveError",
          section: "workflows")
      } else if type.hasPrefix("Presenter<") {
        note(
          node.name,
          "\(node.name.text) subclasses Presenter<VC>, which is a protocol in "
            + "Ribcage: keep it as a plain class or move to Presenter + RenderLoop",
          section: "presenters")
      }
    }
    return .visitChildren
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text
    if Self.rxTypes.contains(name) {
      note(
        node,
        "\(name) is RxSwift: rewrite with StateStream/EventRelay or async code, or keep it "
          + "behind the bridge", section: "keeping-rxswift-or-combine-during-the-move")
    } else if Self.combineTypes.contains(name) {
      usesCombine = true  // kept: RibcageCombine makes it work with Ribcage
    } else if name == "RouterLifecycle" {
      note(
        node, "Router.lifecycle is gone: override didLoad() or observe TreeContext.events",
        section: "routing")
    }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.declName.baseName.text
    if Self.rxMembers.contains(name), node.base != nil, importsRx {
      note(
        node.declName,
        "an Rx chain (.\(name)): rewrite on Ribcage streams or async code, or "
          + "keep it behind the guide's bridge",
        section: "keeping-rxswift-or-combine-during-the-move")
    } else if Self.combineMembers.contains(name), node.base != nil, importsCombine {
      usesCombine = true  // kept: RibcageCombine makes it work with Ribcage
    } else if Self.publisherStreams.contains(name), importsCombine,
      let parent = node.parent?.as(MemberAccessExprSyntax.self),
      parent.base?.id == node.id, parent.declName.baseName.text != "publisher"
    {
      // ModernRIBs' `isActiveStream.sink { … }`: a Combine chain on what is a StateStream here.
      usesCombine = true
      edits.append(
        Edit(
          start: node.endPositionBeforeTrailingTrivia.utf8Offset,
          end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ".publisher"))
    } else if name == "lifecycle", source != nil {
      note(
        node.declName, "Router.lifecycle is gone: override didLoad() or observe TreeContext.events",
        section: "routing")
    }
    return .visitChildren
  }
}
