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
  /// The file's imports and the names it writes, read before the walk.
  private let names: FileNames
  /// `import RxSwift`/`RxCocoa`/`RxRelay`/`Combine` declarations: kept, rewritten, reported or
  /// (when nothing in the file could use them) emptied in ``finish()``.
  private var reactiveImports: [(node: ImportDeclSyntax, name: String)] = []
  /// Whether a note was made about Rx code, so the Rx import stays with the bridge's note.
  private var usesReactiveCode = false
  /// Whether the parser met syntax errors anywhere in the file: then no import is emptied. How
  /// broken text around an import is read depends on the lines near it, so emptying one import
  /// can change how the parser reads the next: a second run would empty that one too.
  var fileHasSyntaxErrors = false
  /// Whether the walk rewrote a RIB API call, which makes the file RIB code whatever it imports.
  private var rewroteRIBCall = false

  /// Whether the file imports RxSwift (or RxCocoa, RxRelay) and is RIB code: Rx names are only
  /// Rx there (ReplaySubject, Observable are CombineExt's or Observation's elsewhere).
  private let rxInScope: Bool
  /// Whether the file imports Combine (or RibcageCombine, after a first run): member names such
  /// as `sink` are only Combine chains then.
  private let importsCombine: Bool

  /// Whether the migrated file needs the RibcageCombine package (it keeps Combine code).
  private(set) var needsRibcageCombine = false

  /// The guide's section with the few lines that keep RxSwift's `Disposable` bindable.
  private static let rxBridgeSection = "rxswift-a-few-lines-in-the-app"
  /// The guide's section on test doubles and XCTest.
  private static let portingTestsSection = "porting-tests"

  /// The `import RIBs`/`import ModernRIBs` (or, migrated before, `import Ribcage`) tokens —
  /// every one, a file may repeat an import: they become `RibcageUIKit` when the file uses
  /// `uiviewController`, which comes with that module.
  private var ribsImports: [TokenSyntax] = []
  private var ribcageImports: [TokenSyntax] = []
  private var usesUIViewController = false

  /// Ribcage's activeness streams, which are `StateStream`s where ModernRIBs' were publishers.
  private static let publisherStreams: Set<String> = ["isActiveStream", "isStartedStream"]

  /// The protocol-style test doubles being walked (innermost last): a `RouterLifecycle` inside
  /// one is part of the double's note, which points to Porting tests.
  private var doubles: [RIBNames.DoubleKind] = []

  init(source: MigrationSource?, names: FileNames) {
    self.source = source
    self.names = names
    rxInScope = names.importsRx && names.importsRIBs
    importsCombine =
      names.importedModules.contains("Combine") || names.importedModules.contains("RibcageCombine")
    if source == nil {
      // No --from: the file's import says which library it used.
      if names.importedModules.contains("ModernRIBs") {
        self.source = .modernribs
      } else if names.importedModules.contains("RIBs") {
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

  /// Whether the file is RIB code: it imports a RIB library, or the walk rewrote a RIB call in
  /// it. Only RIB code moves to Ribcage: any other file keeps its imports as they are.
  private var isRIBCode: Bool { names.importsRIBs || rewroteRIBCall }

  /// Called after the walk. In RIB code, a Combine or Rx import that nothing in the file could
  /// use is emptied (its line stays, so lines never move); a Combine import anything could use
  /// becomes `import RibcageCombine` (Combine on Apple platforms, OpenCombine elsewhere, and
  /// the bridges: the chains keep working); an Rx import with Rx chains is reported. Files that
  /// are not RIB code keep theirs untouched.
  func finish() {
    let uikitBridge = usesUIViewController && !names.importedModules.contains("RibcageUIKit")
    if !ribsImports.isEmpty {
      for token in ribsImports { replace(token, with: uikitBridge ? "RibcageUIKit" : "Ribcage") }
    } else if uikitBridge {
      for token in ribcageImports { replace(token, with: "RibcageUIKit") }
    }
    if names.importedModules.contains("RibcageCombine") { needsRibcageCombine = true }
    defer { reactiveImports = [] }
    guard isRIBCode else { return }
    for (node, name) in reactiveImports {
      let exported = node.attributes.contains {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "_exported"
      }
      if name == "Combine" {
        if exported || names.couldUseCombine {
          needsRibcageCombine = true
          if let component = node.path.first { replace(component.name, with: "RibcageCombine") }
        } else if !fileHasSyntaxErrors {
          empty(node)
        }
      } else if usesReactiveCode {
        note(
          node,
          "\(name) stays until its chains are rewritten: add the guide's Disposable bridge "
            + "so its subscriptions bind to interactors and workers",
          section: Self.rxBridgeSection)
      } else if !exported && !names.couldUseRx && !fileHasSyntaxErrors {
        empty(node)
      }
    }
  }

  private func empty(_ node: ImportDeclSyntax) {
    edits.append(
      Edit(
        start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
        end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ""))
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
    guard node.path.count == 1, node.importKindSpecifier == nil, let component = node.path.first
    else { return .skipChildren }
    switch component.name.text {
    case "RIBs", "ModernRIBs":
      ribsImports.append(component.name)
    case "Ribcage":
      ribcageImports.append(component.name)
    case "RxSwift", "RxCocoa", "RxRelay", "Combine":
      // An import the parser read together with broken text before it (as modifiers or
      // unexpected tokens) is not removed or renamed: its range is more than the import.
      guard node.modifiers.isEmpty, !node.hasError else { break }
      reactiveImports.append((node, component.name.text))
    default:
      break
    }
    return .skipChildren
  }

  // MARK: Binding calls

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    noteBareInteractorUsedAsInteractable(node)
    guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else {
      return .visitChildren
    }
    let name = member.declName.baseName.text
    let labels = node.arguments.map { $0.label?.text }
    switch (name, labels) {
    case ("disposeOnDeactivate", ["interactor"]):
      if source == .modernribs {
        rewroteRIBCall = true
        replace(member.declName.baseName, with: "cancelOnDeactivate")
      } else {
        note(
          member.declName,
          "disposeOnDeactivate(interactor:) on an Rx Disposable needs the "
            + "guide's bridge (or rewrite the chain on Ribcage streams and use "
            + "cancelOnDeactivate)", section: Self.rxBridgeSection)
      }
    case ("cancelOnDeactivate", ["interactor"]) where source == .modernribs:
      rewroteRIBCall = true  // ModernRIBs' own spelling, which RibcageCombine provides
    case ("disposeOnStop", ["worker"]):
      note(
        member.declName, "disposeOnStop(worker:) on an Rx Disposable needs the guide's bridge",
        section: Self.rxBridgeSection)
    case ("cancelOnStop", [nil]), ("disposeOnStop", [nil]):
      // Not in a call the parser could not read whole: a missing argument sits after whatever
      // trivia follows the parenthesis, and the label would go there again on every run.
      if source == .modernribs, !node.hasError, let argument = node.arguments.first {
        rewroteRIBCall = true
        replace(member.declName.baseName, with: "cancelOnStop")
        edits.append(
          Edit(
            start: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
            end: argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset,
            replacement: "worker: "))
      }
    case ("confineTo", _) where rxInScope:
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

  /// `Interactor()` where an `Interactable` is expected (`Router<Interactable>(interactor:
  /// Interactor())`, `let i: Interactable = Interactor()`): ModernRIBs' `Interactor` adopted
  /// `Interactable`, Ribcage's does not (`Interactable` refines it).
  private func noteBareInteractorUsedAsInteractable(_ call: FunctionCallExprSyntax) {
    let called = call.calledExpression.trimmedDescription
    guard source != nil, call.arguments.isEmpty, call.trailingClosure == nil,
      ["Interactor", "Ribcage.Interactor", "ModernRIBs.Interactor", "RIBs.Interactor"]
        .contains(called)
    else { return }
    var expected: String?
    if let argument = call.parent?.as(LabeledExprSyntax.self),
      let outer = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
    {
      expected = outer.calledExpression.trimmedDescription
    } else if let binding = call.parent?.parent?.as(PatternBindingSyntax.self) {
      expected = binding.typeAnnotation?.type.trimmedDescription
    } else if let cast = call.parent?.as(AsExprSyntax.self) {
      expected = cast.type.trimmedDescription
    }
    guard let expected, expected.contains("Interactable") else { return }
    note(
      call,
      "Interactor() is not Interactable in Ribcage (Interactable refines Interactor): pass "
        + "InteractableMock() from RibcageTesting, or an Interactor subclass adopting it",
      section: Self.portingTestsSection)
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
      } else if type == "XCTestCase" && (names.importsRIBs || names.namesRIBParts) {
        note(
          node.name,
          "\(node.name.text) is an XCTestCase: Ribcage's types are main-actor isolated, and "
            + "under .defaultIsolation(MainActor.self) the class would be too (its overrides no "
            + "longer match XCTestCase's; XCTest's @MainActor classes crash on Linux): port it to "
            + "Swift Testing, @MainActor @Suite struct",
          section: Self.portingTestsSection)
      }
    }
    return enterPossibleDouble(node.name, node.inheritanceClause)
  }

  override func visitPost(_ node: ClassDeclSyntax) {
    leavePossibleDouble(node.inheritanceClause)
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    enterPossibleDouble(node.name, node.inheritanceClause)
  }

  override func visitPost(_ node: StructDeclSyntax) {
    leavePossibleDouble(node.inheritanceClause)
  }

  /// The kind of double a type is: its first inherited name (a superclass, when it has one)
  /// is a routing or interactable protocol, so it has no router or interactor to subclass.
  private func doubleKind(_ inheritance: InheritanceClauseSyntax?) -> RIBNames.DoubleKind? {
    guard source != nil, let first = inheritance?.inheritedTypes.first?.type else { return nil }
    let name: String
    if let identifier = first.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil
    {
      name = identifier.name.text
    } else if let member = first.as(MemberTypeSyntax.self),
      RIBNames.modules.contains(member.baseType.trimmedDescription)
    {
      name = member.name.text
    } else {
      return nil
    }
    return RIBNames.doubleKind(ofProtocol: name)
  }

  private func enterPossibleDouble(
    _ name: TokenSyntax, _ inheritance: InheritanceClauseSyntax?
  ) -> SyntaxVisitorContinueKind {
    guard let kind = doubleKind(inheritance) else { return .visitChildren }
    doubles.append(kind)
    switch kind {
    case .routing:
      note(
        name,
        "\(name.text) adopts a routing protocol without subclassing a router: Ribcage's Routing "
          + "refines the class RouterNode, so make the double a RouterMock<InteractableMock> "
          + "(or ViewableRouterMock<I, V>) subclass that adopts the protocol",
        section: Self.portingTestsSection)
    case .interactable:
      note(
        name,
        "\(name.text) adopts an interactable protocol without subclassing an interactor: "
          + "Ribcage's Interactable refines Interactor, so make the double an InteractableMock "
          + "subclass that adopts the protocol",
        section: Self.portingTestsSection)
    }
    return .visitChildren
  }

  private func leavePossibleDouble(_ inheritance: InheritanceClauseSyntax?) {
    if doubleKind(inheritance) != nil { doubles.removeLast() }
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
    if rxInScope, let rxNote = RxEquivalent.note(forType: name) {
      note(node, rxNote, section: RxEquivalent.section)
    } else if name == "RouterLifecycle", source != nil {
      noteRouterLifecycle(node)
    }
    return .visitChildren
  }

  /// `RouterLifecycle` is gone; inside a test double the double's rewrite drops it.
  private func noteRouterLifecycle(_ node: some SyntaxProtocol) {
    if doubles.contains(.routing) {
      note(
        node,
        "RouterMock has no lifecycle publisher: drop it (tests observe didLoad() or "
          + "router.context.events)", section: Self.portingTestsSection)
    } else {
      note(
        node, "Router.lifecycle is gone: override didLoad() or observe TreeContext.events",
        section: "routing")
    }
  }

  /// `ModernRIBs.ViewControllable`, `RIBs.Interactor`: the module is gone, so the qualifier
  /// becomes `Ribcage` (which `RibcageUIKit` and `RibcageCombine` re-export); a name Ribcage
  /// does not keep is noted.
  override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
    if let base = node.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil {
      qualified(base.name, member: node.name)
    }
    return .visitChildren
  }

  private func qualified(_ module: TokenSyntax, member: TokenSyntax) {
    guard source != nil, RIBNames.modules.contains(module.text) else { return }
    rewroteRIBCall = true
    replace(module, with: "Ribcage")
    if member.text == "RouterLifecycle" {
      noteRouterLifecycle(member)
    } else if !RIBNames.keptInRibcage.contains(member.text) {
      note(
        member,
        "\(module.text).\(member.text) has no counterpart of that name in Ribcage: see the "
          + "API map for what replaces it", section: "api-map")
    }
  }

  /// A type named in an expression: `PublishSubject<Int>()`, `DisposeBag()`.
  override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.baseName.text
    if name == "uiviewController" { usesUIViewController = true }
    if rxInScope, let rxNote = RxEquivalent.note(forType: name) {
      note(node, rxNote, section: RxEquivalent.section)
    }
    return .visitChildren
  }

  override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
    let name = node.declName.baseName.text
    if name == "uiviewController" { usesUIViewController = true }
    if let base = node.base?.as(DeclReferenceExprSyntax.self), base.argumentNames == nil {
      qualified(base.baseName, member: node.declName.baseName)
    }
    if node.base != nil, rxInScope, let rxNote = RxEquivalent.note(forMember: name) {
      note(node.declName, rxNote, section: RxEquivalent.section)
    } else if Self.publisherStreams.contains(name), importsCombine,
      let parent = node.parent?.as(MemberAccessExprSyntax.self),
      parent.base?.id == node.id, parent.declName.baseName.text != "publisher"
    {
      // ModernRIBs' `isActiveStream.sink { … }`: a Combine chain on what is a StateStream here.
      rewroteRIBCall = true
      edits.append(
        Edit(
          start: node.endPositionBeforeTrailingTrivia.utf8Offset,
          end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ".publisher"))
    } else if name == "lifecycle", source != nil {
      if doubles.contains(.routing) { return .visitChildren }  // the double's note covers it
      note(
        node.declName, "Router.lifecycle is gone: override didLoad() or observe TreeContext.events",
        section: "routing")
    }
    return .visitChildren
  }
}
