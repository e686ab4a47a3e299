import SwiftSyntax

/// Appearance: a theme singleton (`ThemeManager.shared.theme.text`) holds colours, fonts and
/// bar styles, and the views it restyles. What views read from it, or register with it, is
/// presentation, like an overlay's. A type is appearance only when everything it holds is, all
/// the way down: UIKit and Core Graphics values, weak references, case-only enums, and the
/// app's own types made of those, each showing some UI (a UIKit value stored or taken by its
/// initializer), so that an app type of enums alone, or one keeping a string, is state.
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
    var held: [String: [String]] = [:]
    var showsUI: Set<String> = []
    var caseOnly: Set<String> = []
    for analysis in run.analyses {
      held.merge(analysis.facts.heldTypes, uniquingKeysWith: +)
      showsUI.formUnion(analysis.facts.showsUI)
      caseOnly.formUnion(analysis.facts.caseOnlyEnums)
    }
    func isAppearance(_ type: String, depth: Int) -> Bool {
      guard depth < 6, showsUI.contains(type), let fields = held[type] else { return false }
      return fields.allSatisfy {
        $0 == weakReference || isUIType($0) || $0.hasPrefix("CG") || caseOnly.contains($0)
          || isAppearance($0, depth: depth + 1)
      }
    }
    return Set(held.keys.filter { isAppearance($0, depth: 0) })
  }
}
