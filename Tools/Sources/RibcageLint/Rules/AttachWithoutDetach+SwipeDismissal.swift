import SwiftSyntax

/// A child presented as a sheet, detached only by a route of its own.
///
/// Since iOS 13 a screen presented with the default style is a page sheet the user can swipe
/// down, and UIKit tells nobody but the view controller (`isBeingDismissed` in
/// `viewDidDisappear`) or the presentation controller's delegate
/// (`presentationControllerDidDismiss`). A RIB presented so and detached only when its
/// listener asks (a close button) stays attached and active after the swipe, as a pushed one
/// does after a back-swipe (see `AttachWithoutDetach+SystemPop.swift`).
extension AttachWithoutDetach {
  /// Styles a screen cannot be swiped down from, when set as its `modalPresentationStyle`.
  static let coveringStyles = [
    ".fullScreen", ".overFullScreen", ".custom", ".currentContext", ".overCurrentContext",
  ]
  /// What keeps a screen from being swiped down, or tells the app it was: a screen that refuses
  /// the swipe, a presentation controller's delegate, PanModal's switch and dismissal hooks.
  static let dismissalSignals = [
    "isModalInPresentation", "presentationController", "allowsDragToDismiss",
    "panModalDidDismiss", "panModalWillDismiss",
  ]

  /// Whether the text in `range` gives a screen a covering style or watches its dismissal.
  func coversOrWatches(_ range: Range<Int>) -> Bool {
    Self.dismissalSignals.contains { context.mentions($0, in: range) }
      || (context.mentions("modalPresentationStyle", in: range)
        && Self.coveringStyles.contains { context.mentions($0, in: range) })
  }

  /// A view controller made from a storyboard: its presentation style may be set there.
  static let storyboardSignals = ["nstantiate", "UIStoryboard("]

  /// Notes the types whose screens cannot be swiped down, or that watch it, and the files
  /// telling the app that a sheet went (`presentationControllerDidDismiss`).
  func noteDismissalAwareness(
    in frame: FileContext.Frame, range: Range<Int>, isPlatformExtension: Bool
  ) {
    // A test double's (a mock watching dismissals) says nothing of the app's screens.
    guard context.includesTests || !frame.info.isTestDouble, !context.inTestDouble else { return }
    let name = frame.info.name
    // Every signal below says "resent" or "Dismiss" (`modalPresentationStyle`,
    // `presentationController…`, `allowsDragToDismiss`): one scan rules most types out.
    if context.mentions("resent", in: range) || context.mentions("Dismiss", in: range) {
      if !isPlatformExtension, coversOrWatches(range) {
        context.facts.dismissAwareTypes.insert(name)
      }
      if context.frames.count == 1,
        context.mentions("presentationControllerDidDismiss", in: range)
          || context.mentions("presentationControllerWillDismiss", in: range)
      {
        context.facts.watchesSheetDismissals = true
      }
    }
    if Self.storyboardSignals.contains(where: { context.mentions($0, in: range) }) {
      context.facts.storyboardTypes.insert(name)
    }
  }

  /// Notes a method named `present…` or `show…` (a view's `present(viewController:)`, a
  /// helper on `ViewControllable`) and what it does with what it is handed.
  func notePresenting(_ function: FunctionDeclSyntax) {
    let name = function.name.text
    // A test double's override (`ViewControllableMock.present(…)` counting calls) is not how
    // the app presents.
    guard name.hasPrefix("present") || name.hasPrefix("show"), let body = function.body,
      let owner = context.frame?.info.name, !context.inTestDouble
    else { return }
    let range = body.position.utf8Offset..<body.endPosition.utf8Offset
    // The signature too: a covering style may be a parameter's default value.
    let whole = function.position.utf8Offset..<function.endPosition.utf8Offset
    let kind: FileFacts.PresentingMethod.Kind =
      if context.mentions("pushViewController(", in: range) {
        .push
      } else if coversOrWatches(whole) {
        .covering
      } else if context.mentions("present(", in: range)
        || context.mentions("presentPanModal(", in: range)
      {
        .sheet
      } else {
        .other
      }
    let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
    // The types it makes (a navigation controller of the app's that gives a covering style),
    // unless it sets the style itself (copying the screen's own onto the container).
    var creates: [String] = []
    if kind == .sheet, !context.mentions("modalPresentationStyle", in: range) {
      for token in body.tokens(viewMode: .sourceAccurate)
      where token.text.first?.isUppercase == true
        && token.nextToken(viewMode: .sourceAccurate)?.tokenKind == .leftParen
      {
        creates.append(token.text)
      }
    }
    context.facts.presentingMethods[name, default: []].append(
      .init(owner: owner, labels: labels, kind: kind, creates: creates))
  }

  /// What the run says about sheets: which calls present one, which RIBs' screens cannot be
  /// swiped down or watch it.
  struct SheetPresentations {
    var methods: [String: [FileFacts.PresentingMethod]] = [:]
    var dismissAware: Set<String> = []
    var storyboard: Set<String> = []
    var appWatchesDismissals = false

    init(_ run: RunFacts) {
      for analysis in run.analyses {
        methods.merge(analysis.facts.presentingMethods) { $0 + $1 }
        dismissAware.formUnion(analysis.facts.dismissAwareTypes)
        storyboard.formUnion(analysis.facts.storyboardTypes)
        appWatchesDismissals = appWatchesDismissals || analysis.facts.watchesSheetDismissals
      }
    }

    /// Whether `push` presents its child as a sheet: UIKit's `present(_:animated:)` (or
    /// PanModal's), or a method of the app's with those labels — the presenting view's own
    /// (`parentViews`) if it declares one, else every one the app declares — that presents
    /// without a covering style; and the route gives it none either.
    func presentsAsSheet(
      _ push: FileFacts.Push, parentViews: Set<String>, isCovering: (String) -> Bool
    ) -> Bool {
      guard !appWatchesDismissals, !push.coversScreen else { return false }
      // The call's labels in order among the declaration's (defaulted parameters left out).
      let declared = (methods[push.method] ?? []).filter { method in
        var rest = method.labels[...]
        return push.labels.allSatisfy { label in
          guard let found = rest.firstIndex(of: label) else { return false }
          rest = rest[rest.index(after: found)...]
          return true
        }
      }
      if declared.isEmpty {
        return push.method == "presentPanModal"
          || (push.method == "present" && push.labels.first == "_")
      }
      let own = declared.filter { parentViews.contains($0.owner) }
      return (own.isEmpty ? declared : own).allSatisfy {
        $0.kind == .sheet && !$0.creates.contains(where: isCovering)
      }
    }

    /// Whether a screen of `rib` (its views `views`) cannot be swiped down or watches it, or
    /// may take its style from a storyboard.
    func isCovered(_ rib: String, views: Set<String>, isAware: (String) -> Bool) -> Bool {
      // The style is often given where the screen is made: the child's builder or router.
      views.contains { isAware($0) || dismissAware.contains($0) || storyboard.contains($0) }
        || [rib + "Builder", rib + "Router"].contains {
          storyboard.contains($0) || dismissAware.contains($0)
        }
    }
  }
}
