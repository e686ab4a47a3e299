import SwiftSyntax

/// A property wrapper resolving from a shared container (`@Injected var useCase: UseCase`, whose
/// initializer reads `DIContainer.shared.resolve()`, or Resolver's and Factory's): a service
/// locator behind an attribute — the RIB's dependency hidden from its component, and every RIB
/// able to reach whatever the container holds.
extension GlobalState {
  /// Resolver's and Factory's wrappers (in a file importing either library).
  static let resolverWrappers: Set<String> = [
    "Injected", "LazyInjected", "WeakLazyInjected", "OptionalInjected", "InjectedObject",
  ]
  private static let resolverImports = ["import Resolver", "import Factory"]

  /// Notes a `@propertyWrapper` type whose code reaches a shared instance or resolves.
  func noteLocatorWrapper(_ frame: FileContext.Frame) {
    let attributes =
      frame.declaration.as(StructDeclSyntax.self)?.attributes
      ?? frame.declaration.as(ClassDeclSyntax.self)?.attributes
    guard
      let attributes,
      attributes.contains(where: {
        $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "propertyWrapper"
      })
    else { return }
    let range = frame.declaration.position.utf8Offset..<frame.declaration.endPosition.utf8Offset
    if context.mentions(".resolve(", in: range)
      || Self.reachesSingleton(context.bytes[range])
    {
      context.facts.locatorWrappers.insert(frame.info.name)
    }
  }

  /// Notes a RIB-code property under a custom attribute, for the run to tell whether the
  /// attribute is a locator.
  func noteWrappedProperty(_ property: PropertyDeclaration) {
    guard !property.isTopLevel, !property.isStatic,
      let user = context.outermostRIBType, !context.inTestDouble, !Self.isCompositionRoot(user)
    else { return }
    for attribute in property.declaration.attributes {
      guard
        let name = attribute.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?
          .name.text, name.first?.isUppercase == true
      else { continue }
      let importsResolver = Self.resolverImports.contains { context.mentions($0) }
      context.facts.wrappedProperties.append(
        (user.name, property.name, name, importsResolver, context.place(property.pattern)))
    }
  }

  /// RIB code's properties under a locator's wrapper.
  static func wrapperLocatorFindings(in run: RunFacts, roots: Set<String>) -> [(
    file: Int, finding: RawFinding
  )] {
    var wrappers: Set<String> = []
    for analysis in run.analyses { wrappers.formUnion(analysis.facts.locatorWrappers) }
    var result: [(file: Int, finding: RawFinding)] = []
    for (index, analysis) in run.analyses.enumerated() {
      for use in analysis.facts.wrappedProperties where !roots.contains(use.user) {
        guard
          wrappers.contains(use.wrapper)
            || (use.importsResolver && resolverWrappers.contains(use.wrapper))
        else { continue }
        result.append(
          (
            index,
            RawFinding(
              rule: .globalState, place: use.place,
              message: "\(use.user) gets '\(use.property)' from @\(use.wrapper), which resolves "
                + "from a shared container: a service locator every RIB can reach, hiding what "
                + "the RIB depends on; ask for it in the dependency protocol and have the "
                + "parent's component provide it")
          ))
      }
    }
    return result
  }
}
