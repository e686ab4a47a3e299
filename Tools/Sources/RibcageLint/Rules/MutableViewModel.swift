import SwiftSyntax

extension Rule {
  public static let mutableViewModel = Rule(
    id: "mutable-view-model", name: "MutableViewModel",
    summary: "A view model is a class or has var stored properties.",
    rationale: """
      View models are immutable values: the render loop compares them to skip renders that change \
      nothing, and a view can be rebuilt from a recorded one. A class (shared, mutable by anyone \
      holding it) or a `var` property breaks both. Make it a struct of `let` properties and build \
      a new one for every state.
      """,
    badExample: "struct TripViewModel { var title: String }",
    goodExample: "struct TripViewModel: Equatable { let title: String }",
    defaultSeverity: .warning, isOnByDefault: false)
}

/// `mutable-view-model` (off by default): view models declared as classes or with `var` stored
/// properties.
final class MutableViewModel: FileRule, LintRule {
  static let description = Rule.mutableViewModel
  override class var hooks: Set<Hook> { [.types, .properties] }

  override func typeDidStart(_ frame: FileContext.Frame) {
    let info = frame.info
    guard info.shape == .classType, info.roles.contains(.viewModel),
      let declaration = frame.declaration.as(ClassDeclSyntax.self)
    else { return }
    context.report(
      .mutableViewModel, declaration.name,
      "view model \(info.name) is a class: make it an immutable struct (let properties, Equatable)")
  }

  override func visit(_ property: PropertyDeclaration) {
    guard !property.isTopLevel, let info = context.frame?.info, property.isStored,
      !property.isStatic, property.isVar, info.shape == .structType,
      info.roles.contains(.viewModel)
    else { return }
    context.report(
      .mutableViewModel, property.pattern,
      "view model \(info.name) has a var '\(property.name)': view models are immutable; make it "
        + "`let`")
  }
}
