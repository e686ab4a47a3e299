import SwiftSyntax

/// Appearance: a theme singleton (`ThemeManager.shared.theme.text`) holds colours, fonts and
/// bar styles, and the views it restyles. What views read from it, or register with it, is
/// presentation, like an overlay's. A type is appearance only when everything it holds is, all
/// the way down: UIKit and Core Graphics values, weak references, case-only enums, and the
/// app's own types made of those, each showing some UI (a UIKit value stored or taken by its
/// initializer), so that an app type of enums alone, or one keeping a string, is state. A case-only
/// enum counts only when its name names a look (`Tint`, `ThemeViewType`, `FontWeight`): a `Plan`
/// or a `LoginStep` is what a `Bool` would be. A view controller, or a holder of one, is never
/// appearance: a screen kept is routing state.
extension GlobalState {
  /// Notes what a stored instance property of `info` holds, for ``appearanceTypes(in:)``.
  func noteHeldType(of property: PropertyDeclaration, in info: TypeInfo) {
    guard !property.isStatic, property.isStored, !property.isTopLevel else { return }
    let held = property.isWeak ? Self.weakReference : Self.heldTypeName(of: property)
    context.facts.heldTypes[info.name, default: []].append(held)
    if Self.holdsUIObject(property) { context.facts.showsUI.insert(info.name) }
  }

  /// Notes an initializer of `info` taking a UIKit value (`init(view: UIView, tint: Tint)`).
  func noteUIParameters(of initializer: InitializerDeclSyntax, in info: TypeInfo) {
    let parameters = initializer.signature.parameterClause.parameters
    if parameters.contains(where: { Self.isUIType($0.type.baseName) }) {
      context.facts.showsUI.insert(info.name)
    }
  }

  /// Notes an enum whose cases carry nothing (`enum Tint { case text, accent }`).
  func noteCaseOnlyEnum(_ frame: FileContext.Frame) {
    guard let declaration = frame.declaration.as(EnumDeclSyntax.self) else { return }
    let carriesValues = declaration.memberBlock.members.contains { member in
      member.decl.as(EnumCaseDeclSyntax.self)?.elements.contains { $0.parameterClause != nil }
        ?? false
    }
    if !carriesValues { context.facts.caseOnlyEnums.insert(frame.info.name) }
  }

  /// What ``FileFacts/heldTypes`` records for a `weak` or `unowned` property.
  static let weakReference = "weak"

  /// The type a property holds, optionals and arrays looked through (`[ThemeView]` holds
  /// `ThemeView`); "?" when the declaration does not say, or holds a dictionary or a tuple.
  static func heldTypeName(of property: PropertyDeclaration) -> String {
    var type = property.binding.typeAnnotation?.type
    while let current = type {
      if let optional = current.as(OptionalTypeSyntax.self) {
        type = optional.wrappedType
      } else if let implicit = current.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
        type = implicit.wrappedType
      } else if let array = current.as(ArrayTypeSyntax.self) {
        type = array.element
      } else {
        break
      }
    }
    let name = type?.baseName ?? property.storedType
    let isName =
      name.first?.isUppercase == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    return isName ? name : "?"
  }

  /// The app's types that are appearance (see the extension's comment), over every file.
  static func appearanceTypes(in run: RunFacts) -> Set<String> {
    var held: [String: Set<String>] = [:]
    var showsUI: Set<String> = []
    var caseOnly: Set<String> = []
    for analysis in run.analyses {
      for (type, fields) in analysis.facts.heldTypes { held[type, default: []].formUnion(fields) }
      showsUI.formUnion(analysis.facts.showsUI)
      caseOnly.formUnion(analysis.facts.caseOnlyEnums)
    }
    // Each type decided once (types of the same name share their fields: without this, types
    // nesting same-named types would be walked once per path, exponentially); a type met again
    // while it is decided holds itself, which shows nothing.
    var decided: [String: Bool] = [:]
    func isAppearance(_ type: String) -> Bool {
      if let known = decided[type] { return known }
      decided[type] = false
      guard showsUI.contains(type), held[type] != nil,
        !inheritsUIType(type, in: run) || inheritsUIType(type, in: run, viewsOnly: true)
      else { return false }
      let result = holdsOnlyAppearance(type)
      decided[type] = result
      return result
    }
    // What a type stores, and what its app superclasses store (a `Theme` subclassing an
    // account snapshot keeps the account); each type's once, as above.
    var holds: [String: Bool] = [:]
    func holdsOnlyAppearance(_ type: String) -> Bool {
      if let known = holds[type] { return known }
      holds[type] = false
      let result =
        (held[type] ?? []).allSatisfy {
          $0 == weakReference || (isUIType($0) && !$0.hasSuffix("Controller"))
            || $0.hasPrefix("CG") || (caseOnly.contains($0) && namesALook($0)) || isAppearance($0)
        } && (run.inheritance[type] ?? []).allSatisfy { holdsOnlyAppearance($0) }
      holds[type] = result
      return result
    }
    return Set(held.keys.filter { isAppearance($0) })
  }

  /// Words of a type's name that say it is about looks.
  static let lookWords: Set<String> = [
    "Theme", "Style", "Appearance", "Tint", "Color", "Colour", "Font", "Palette", "Skin", "View",
    "Layout", "Icon", "Shade", "Weight", "Shadow", "Corner",
  ]

  /// Whether one of the capitalised words of `name` (`ThemeViewType`: Theme, View, Type) says
  /// it is about looks.
  static func namesALook(_ name: String) -> Bool {
    var words: [String] = []
    for character in name {
      if character.isUppercase || words.isEmpty { words.append("") }
      words[words.count - 1].append(character)
    }
    return words.contains { lookWords.contains($0) }
  }
}
