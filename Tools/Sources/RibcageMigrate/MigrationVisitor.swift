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

  private static let combineTypes: Set<String> = [
    "AnyPublisher", "PassthroughSubject", "CurrentValueSubject", "Just", "Future",
    "AnyCancellable", "Cancellable",
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

  /// The guide's section with the few lines that keep RxSwift's `Disposable` bindable.
  private static let rxBridgeSection = "rxswift-a-few-lines-in-the-app"

  /// The `import RIBs`/`import ModernRIBs` (or, migrated before, `import Ribcage`) token: it
  /// becomes `RibcageUIKit` when the file uses `uiviewController`, which comes with that module.
  private var ribsImport: TokenSyntax?
  private var ribcageImport: TokenSyntax?
  private var importsRibcageUIKit = false
  private var usesUIViewController = false

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
    let uikitBridge = usesUIViewController && !importsRibcageUIKit
    if let ribsImport {
      replace(ribsImport, with: uikitBridge ? "RibcageUIKit" : "Ribcage")
    } else if let ribcageImport, uikitBridge {
      replace(ribcageImport, with: "RibcageUIKit")
    }
    for (node, name) in reactiveImports {
      if name == "Combine" && usesCombine {
        needsRibcageCombine = true
        if let component = node.path.first { replace(component.name, with: "RibcageCombine") }
      } else if name != "Combine" && usesReactiveCode {
        note(
          node,
          "\(name) stays until its chains are rewritten: add the guide's Disposable bridge "
            + "so its subscriptions bind to interactors and workers",
          section: Self.rxBridgeSection)
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
    if section == RxEquivalent.section || section == Self.rxBridgeSection {
      usesReactiveCode = true
    }
    findings.append(
      Finding(position: node.positionAfterSkippingLeadingTrivia, message: message, section: section)
    )
  }

  // MARK: Imports

  override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
    guard node.path.count == 1, let component = node.path.first else { return .skipChildren }
    switch component.name.text {
    case "RIBs", "ModernRIBs":
      ribsImport = component.name
    case "Ribcage":
      ribcageImport = component.name
    case "RibcageUIKit":
      importsRibcageUIKit = true
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
            + "cancelOnDeactivate)", section: Self.rxBridgeSection)
      }
    case ("disposeOnStop", ["worker"]):
      note(
        member.declName, "disposeOnStop(worker:) on an Rx Disposable needs the guide's bridge",
        section: Self.rxBridgeSection)
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
        "Rx .confineTo: on Ribcage, stream.confineTo(interactor) (subscribed now, delivered "
          + "while active, the latest value again at activation)", section: RxEquivalent.section)
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
    adoptWrappingViewControllable(node)
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

  /// uber-style `NavigationControllable: ViewControllable` with its own `uiviewController`: in
  /// Ribcage `uiviewController` is an extension (RibcageUIKit) that would not see the wrapper's,
  /// so the class adopts `WrappingViewControllable` and its property becomes
  /// `wrappedViewController`, which that extension returns.
  private func adoptWrappingViewControllable(_ node: ClassDeclSyntax) {
    let inherited = node.inheritanceClause?.inheritedTypes ?? []
    guard
      let conformance = inherited.first(where: {
        $0.type.as(IdentifierTypeSyntax.self)?.name.text == "ViewControllable"
      }),
      !inherited.contains(where: { $0.type.trimmedDescription.hasSuffix("Controller") })
    else { return }
    for member in node.memberBlock.members {
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
      for binding in variable.bindings {
        guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
          pattern.identifier.text == "uiviewController"
        else { continue }
        usesUIViewController = true
        if let name = conformance.type.as(IdentifierTypeSyntax.self)?.name {
          replace(name, with: "WrappingViewControllable")
        }
        replace(pattern.identifier, with: "wrappedViewController")
      }
    }
  }

  override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text
    if let rxNote = RxEquivalent.note(forType: name) {
      note(node, rxNote, section: RxEquivalent.section)
    } else if Self.combineTypes.contains(name) {
      usesCombine = true  // kept: RibcageCombine makes it work with Ribcage
    } else if name == "RouterLifecycle" {
      note(
        node, "Router.lifecycle is gone: override didLoad() or observe TreeContext.events",
        section: "routing")
    }
    return .visitChildren
  }

  /// A type named in an expression: `PublishSubject<Int>()`, `DisposeBag()`,
  /// `PassthroughSubject<Int, Never>()`.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if name == "uiviewController" { usesUIViewController = true }
    if importsRx, let rxNote = RxEquivalent.note(forType: name) {
      note(node, rxNote, section: RxEquivalent.section)
    } else if importsCombine, Self.combineTypes.contains(name) {
      usesCombine = true  // kept: RibcageCombine makes it work with Ribcage
    }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.declName.baseName.text
    if name == "uiviewController" { usesUIViewController = true }
    if node.base != nil, importsRx, let rxNote = RxEquivalent.note(forMember: name) {
      note(node.declName, rxNote, section: RxEquivalent.section)
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
