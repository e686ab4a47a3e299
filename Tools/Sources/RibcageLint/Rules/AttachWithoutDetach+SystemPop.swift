import SwiftSyntax

/// A child pushed onto a navigation stack, detached only by a route of its own.
///
/// UIKit pops a pushed screen by itself — the system back button, a back-swipe — and tells
/// nobody but the view controller (`isMovingFromParent` in `viewDidDisappear`,
/// `didMove(toParent: nil)`) or a navigation controller's delegate. A RIB pushed by its parent's
/// router and detached only when its listener asks (a close button) stays attached and active
/// after such a pop: its interactor keeps reacting, and a guard on the kept child then blocks
/// the route for good.
extension AttachWithoutDetach {
  /// How a view learns that it left the stack (`rx.viewDidDisappear` and a view's
  /// `viewDidDisAppearTrigger` too).
  static let popSignals = [
    "isMovingFromParent", "isBeingDismissed", "didMove(toParent", "willMove(toParent",
    "viewDidDisappear", "viewWillDisappear", "viewDidDisAppear", "viewWillDisAppear",
  ]
  /// A back button of the view's own: UIKit then shows no back button of its own and turns
  /// the back-swipe off — unless the app turns it back on (`interactivePopGestureRecognizer`).
  static let backReplacements = ["leftBarButtonItem", "hidesBackButton", "setHidesBackButton(true"]
  /// A bar button of the view's own that pops it (set in a storyboard, say: `@IBAction func
  /// back(_: UIBarButtonItem) { navigationController?.popViewController(…) }`) is one too.
  static let poppingBarButton = ["UIBarButtonItem", ".popViewController("]
  /// A hidden navigation bar turns the back-swipe off too, with the same exception.
  static let hiddenBars = ["isNavigationBarHidden = true", "setNavigationBarHidden(true"]

  /// Notes what tells whether UIKit can pop a screen by itself, from a type's text (its
  /// declaration or an extension): a view (any class: a base view controller too) that can tell
  /// it was popped or replaces the back button, a hidden navigation bar, the back-swipe turned
  /// back on; and which types are a RIB's views.
  func notePopAwareness(in frame: FileContext.Frame) {
    let info = frame.info
    if info.roles.contains(.view), let rib = info.ribPrefix {
      context.facts.ribViews[rib, default: []].insert(info.name)
    }
    let range = frame.declaration.position.utf8Offset..<frame.declaration.endPosition.utf8Offset
    // An extension of UIKit's own classes (`extension UIViewController { func setUpBackItem… }`)
    // is a helper some views call, not something every view does: see `notePopAwareness(of:)`.
    let isPlatformExtension =
      frame.declaration.is(ExtensionDeclSyntax.self) && GlobalState.isUIType(info.name)
    if !isPlatformExtension, Self.popSignals.contains(where: { context.mentions($0, in: range) }) {
      context.facts.popAwareTypes.insert(info.name)
    }
    noteDismissalAwareness(in: frame, range: range, isPlatformExtension: isPlatformExtension)
    if !isPlatformExtension,
      Self.backReplacements.contains(where: { context.mentions($0, in: range) })
        || Self.poppingBarButton.allSatisfy({ context.mentions($0, in: range) })
    {
      context.facts.backReplacingTypes.insert(info.name)
    }
    guard context.frames.count == 1 else { return }
    if Self.hiddenBars.contains(where: { context.mentions($0, in: range) }) {
      context.facts.hidesNavigationBars = true
    }
    // Turned on or handed a delegate: the back-swipe works with a back button of the view's
    // own. Turned off (`isEnabled = false`), it does not: that is no exception.
    if context.mentions("interactivePopGestureRecognizer", in: range),
      !context.mentions("isEnabled = false", in: range)
    {
      context.facts.mentionsBackSwipe = true
    }
  }

  /// Notes a navigation delegate telling the app what is shown, and the helpers giving a view a
  /// back button of its own (`setupNavigationItem(with: .back, …)` in an extension).
  func notePopAwareness(of function: FunctionDeclSyntax) {
    guard let info = context.frame?.info else { return }
    let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
    if function.name.text == "navigationController",
      labels.contains("didShow") || labels.contains("willShow")
    {
      context.facts.navigationDelegates.insert(info.name)
      return
    }
    let range = function.position.utf8Offset..<function.endPosition.utf8Offset
    notePresenting(function)
    if Self.backReplacements.contains(where: { context.mentions($0, in: range) }) {
      context.facts.backReplacingFunctions.insert(function.name.text)
    }
    // A view's own method that pushes what it is handed (`func present(view:) {
    // navigationController?.pushViewController(view.uiviewController, …) }`).
    if context.mentions("pushViewController(", in: range) {
      context.facts.pushingMethods.insert("\(info.name).\(function.name.text)")
    }
  }

  /// A router handing its view a child it has just built (`push(viewControllable:
  /// router.viewControllable)`, `pushViewController(child.viewControllable, …)`, or a method of
  /// its view's that pushes, known once every file is read): the child's RIB, from the builder
  /// that built it.
  func notePush(_ call: FunctionCallExprSyntax, named name: String, in info: TypeInfo) {
    guard name != "attachChild", let function = SyntaxQueries.enclosingFunction(of: call),
      let body = SyntaxQueries.enclosingFunctionBody(of: call)
    else { return }
    for argument in call.arguments {
      var expression = argument.expression
      // `router.viewControllable.uiviewController`: the view controller of the child's view.
      if let outer = expression.as(MemberAccessExprSyntax.self),
        outer.declName.baseName.text == "uiviewController",
        let inner = outer.base?.as(MemberAccessExprSyntax.self)
      {
        expression = ExprSyntax(inner)
      }
      guard let member = expression.as(MemberAccessExprSyntax.self),
        ["viewControllable", "viewController", "uiviewController"].contains(
          member.declName.baseName.text),
        let local = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
        let built = SyntaxQueries.initializer(ofLocal: local, in: body, before: call)?
          .as(FunctionCallExprSyntax.self),
        let build = built.calledExpression.as(MemberAccessExprSyntax.self),
        build.declName.baseName.text == "build",
        let builder = build.base.flatMap({ SyntaxQueries.propertyName($0) }),
        let rib = Self.rib(builtBy: builder, type: context.propertyTypes[info.name]?[builder])
      else { continue }
      let route = body.position.utf8Offset..<body.endPosition.utf8Offset
      context.facts.pushes[info.name, default: []].append(
        .init(
          place: context.place(call), function: function, rib: rib, method: name,
          labels: call.arguments.map { $0.label?.text ?? "_" },
          coversScreen: coversOrWatches(route)))
      return
    }
  }

  /// `Record` for a builder property `recordBuilder: RecordBuildable`.
  static func rib(builtBy property: String, type: String?) -> String? {
    let name = type.flatMap { $0.isEmpty ? nil : $0 } ?? property
    for suffix in ["Buildable", "Building", "Builder"] where name.hasSuffix(suffix) {
      let stem = name.dropLast(suffix.count)
      guard let first = stem.first else { return nil }
      return first.uppercased() + stem.dropFirst()
    }
    return nil
  }

  /// Pushed children, and children presented as sheets, detached only by a route: reported at
  /// the push or the presentation.
  static func systemPopFindings(
    in run: RunFacts, detaching: Set<String>, detachingMethods: [String: Set<String>]
  ) -> [(file: Int, finding: RawFinding)] {
    var views: [String: Set<String>] = [:]
    var aware: Set<String> = []
    var replacing: Set<String> = []
    var helpers: Set<String> = []
    var viewCalls: [String: Set<String>] = [:]
    var pushing: Set<String> = []
    var routerRIBs: [String: String] = [:]
    var appWatchesPops = false
    var barsHidden = false
    var swipeTouched = false
    for analysis in run.analyses {
      views.merge(analysis.facts.ribViews) { $0.union($1) }
      aware.formUnion(analysis.facts.popAwareTypes)
      replacing.formUnion(analysis.facts.backReplacingTypes)
      pushing.formUnion(analysis.facts.pushingMethods)
      helpers.formUnion(analysis.facts.backReplacingFunctions)
      routerRIBs.merge(analysis.facts.routerRIBs) { first, _ in first }
      for (rib, calls) in analysis.facts.viewCalls {
        viewCalls[rib, default: []].formUnion(calls.values.joined())
      }
      if !analysis.facts.navigationDelegates.isEmpty { appWatchesPops = true }
      barsHidden = barsHidden || analysis.facts.hidesNavigationBars
      swipeTouched = swipeTouched || analysis.facts.mentionsBackSwipe
    }
    // A navigation delegate watches every pop; hidden bars without the back-swipe turned back
    // on leave UIKit no way to pop.
    let stacksPopByThemselves = !appWatchesPops && !(barsHidden && !swipeTouched)
    let sheets = SheetPresentations(run)
    // A type, or a class it inherits from, among `types` (each class looked at once: a cycle
    // of inheritance in code that does not compile ends).
    func isAmong(_ types: Set<String>, _ type: String) -> Bool {
      var seen: Set<String> = []
      var queue = [type]
      while let next = queue.popLast() {
        guard seen.insert(next).inserted else { continue }
        if types.contains(next) { return true }
        queue += run.inheritance[next] ?? []
      }
      return false
    }
    let popAware = swipeTouched ? aware : aware.union(replacing)
    let dismissAware = aware.union(sheets.dismissAware)
    // A method of the router's own view that pushes (`viewController.present(view:)`).
    func pushesThroughView(_ router: String, _ method: String) -> Bool {
      guard let rib = routerRIBs[router] else { return false }
      return (views[rib] ?? []).contains { pushing.contains("\($0).\(method)") }
    }
    func replacesBack(_ rib: String) -> Bool {
      !swipeTouched && !(viewCalls[rib] ?? []).isDisjoint(with: helpers)
    }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for (router, pushes) in analysis.facts.pushes.sorted(by: { $0.key < $1.key }) {
        let key = "\(run.modules[index])|\(router)"
        guard detaching.contains(key) else { continue }
        // A route that detaches from a closure it sets up (on the pushed view's
        // `didMove(toParent:)`, say) watches the pop itself.
        let detachingHere = detachingMethods[key] ?? []
        let attaching = Set((analysis.facts.attaches[router] ?? []).compactMap(\.function))
        for push in pushes
        where attaching.contains(push.function) && !detachingHere.contains(push.function) {
          guard let shown = views[push.rib], !shown.isEmpty else { continue }
          if push.method.hasPrefix("push") || pushesThroughView(router, push.method) {
            guard stacksPopByThemselves, !shown.contains(where: { isAmong(popAware, $0) }),
              !replacesBack(push.rib)
            else { continue }
            result.append(
              (
                index,
                RawFinding(
                  rule: .attachWithoutDetach, place: push.place,
                  message: "\(router) pushes \(push.rib) onto a navigation stack, and only a "
                    + "route of its own detaches it: the system back button or a back-swipe pops "
                    + "the screen without detaching \(push.rib), which stays attached and active "
                    + "(its view never checks isMovingFromParent or didMove(toParent:)); detach "
                    + "it when its view leaves the stack")
              ))
          } else if sheets.presentsAsSheet(
            push, parentViews: routerRIBs[router].flatMap { views[$0] } ?? [],
            isCovering: { isAmong(sheets.dismissAware, $0) }),
            !sheets.isCovered(push.rib, views: shown, isAware: { isAmong(dismissAware, $0) })
          {
            result.append(
              (
                index,
                RawFinding(
                  rule: .attachWithoutDetach, place: push.place,
                  message: "\(router) presents \(push.rib) as a sheet (iOS 13's default style), "
                    + "and only a route of its own detaches it: a swipe down dismisses the screen "
                    + "without detaching \(push.rib), which stays attached and active (nothing "
                    + "sees presentationControllerDidDismiss or isBeingDismissed); present it "
                    + "with modalPresentationStyle = .fullScreen, or detach it when the sheet "
                    + "is dismissed")
              ))
          }
        }
      }
    }
    return result
  }
}
