import SwiftSyntax

/// What a type is in RIB terms, from its name (the configured suffixes) and what it inherits.
enum Role: Sendable, Hashable {
  case interactor, router, builder, component, view, presenter, service, worker, coordinator
  case viewModel, listener

  /// Roles that own closures and subscriptions (where retain cycles matter).
  static let owners: Set<Role> = [
    .interactor, .router, .presenter, .worker, .service, .coordinator,
  ]

  /// Roles that make a type part of a RIB (for `child-knows-parent`).
  static let ribParts: Set<Role> = [.interactor, .router, .builder, .component, .view, .presenter]

  /// Superclasses and protocols that give a role whatever the type's name (the table the graph
  /// reads too).
  static let inherited: [String: Role] = RoleBases.all

  /// Roles a type takes from conforming to a RIB's own protocols, whatever its name: a class
  /// conforming to `LoggedOutPresentable` is that RIB's view (or presenter), to
  /// `LoggedOutInteractable` its interactor.
  static func conformance(_ parent: String) -> Role? {
    if let role = inherited[parent] { return role }
    if parent.hasSuffix("Interactable") { return .interactor }
    if parent.hasSuffix("ViewControllable") || parent.hasSuffix("Presentable") { return .view }
    if parent.hasSuffix("Routing") { return .router }
    if parent.hasSuffix("Buildable") { return .builder }
    return nil
  }
}

/// A type declaration as the rules see it.
struct TypeInfo: Sendable {
  enum Shape: Sendable {
    case classType, structType, enumType, actorType, protocolType, extensionType
  }

  let name: String
  let shape: Shape
  var roles: Set<Role>
  /// Roles that come from what the type inherits or conforms to (not from its name).
  var codeRoles: Set<Role> = []
  /// A test double (`…Mock`, `MockFoo`, see ``TestDoubleName``): findings in it are test code.
  var isTestDouble: Bool { TestDoubleName.matches(name) }
  /// The RIB the type belongs to: its name without the role suffix (`LoggedOut` for
  /// `LoggedOutInteractor`), if it has a RIB role.
  var ribPrefix: String?

  init(name: String, shape: Shape, inherited: [String], naming: Naming) {
    self.name = name
    self.shape = shape
    var roles: Set<Role> = []
    var prefix: String?
    func check(_ role: Role, _ suffixes: [String]) {
      for suffix in suffixes where name.hasSuffix(suffix) && name.count > suffix.count {
        roles.insert(role)
        if prefix == nil, role != .service, role != .worker, role != .coordinator {
          prefix = String(name.dropLast(suffix.count))
        }
        return
      }
    }
    // viewModel before view: `TripViewModel` is a view model, not a view. An extension of the
    // platform's own view class (`extension UIImageView`) is a utility for every view, not one
    // of the app's views.
    check(.viewModel, naming.viewModel)
    if !roles.contains(.viewModel), !(shape == .extensionType && Self.isPlatformType(name)) {
      check(.view, naming.view)
    }
    check(.interactor, naming.interactor)
    check(.router, naming.router)
    check(.builder, naming.builder)
    check(.component, naming.component)
    check(.presenter, naming.presenter)
    check(.service, naming.service)
    check(.worker, naming.worker)
    check(.coordinator, naming.coordinator)
    if shape == .protocolType { check(.listener, naming.listener) }
    var codeRoles: Set<Role> = []
    for parent in inherited {
      if let role = Role.conformance(parent) {
        // A protocol refining `FooPresentable` is not a view; `FooListener` types stay protocols.
        if shape != .protocolType { codeRoles.insert(role) }
      }
    }
    // `SwiftUI.View` conformers are views even when called `…Screen`; a view model or TCA state
    // named `…View` that conforms to nothing view-like is not.
    roles.formUnion(codeRoles)
    if roles.contains(.presenter) || roles.contains(.viewModel) {
      roles.remove(.view)
      codeRoles.remove(.view)
    }
    self.roles = roles
    self.codeRoles = codeRoles
    // A part named plainly (`Router`, `Interactor`: apps that give each RIB a module) is its
    // module's one RIB, which the module's name tells apart.
    if prefix == nil, !codeRoles.isDisjoint(with: Role.ribParts),
      [naming.router, naming.interactor, naming.builder, naming.component].contains(where: {
        $0.contains(name)
      })
    {
      prefix = ""
    }
    self.ribPrefix = roles.isDisjoint(with: Role.ribParts) ? nil : prefix
  }

  var canHoldWeak: Bool { shape == .classType || shape == .actorType || shape == .extensionType }

  /// A UIKit or AppKit type by Apple's prefix (`UIImageView`, `NSButton`): `UI`/`NS` and a
  /// capital letter.
  static func isPlatformType(_ name: String) -> Bool {
    let letters = Array(name.unicodeScalars.prefix(3))
    guard letters.count == 3, name.hasPrefix("UI") || name.hasPrefix("NS") else { return false }
    return letters[2].properties.isUppercase
  }
}

extension TypeSyntax {
  /// The type's base name: `(any FooListener)?` → `FooListener`, `Foo<Bar>` → `Foo`.
  var baseName: String {
    if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.baseName }
    if let implicit = self.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
      return implicit.wrappedType.baseName
    }
    if let some = self.as(SomeOrAnyTypeSyntax.self) { return some.constraint.baseName }
    if let tuple = self.as(TupleTypeSyntax.self), tuple.elements.count == 1,
      let only = tuple.elements.first
    {
      return only.type.baseName
    }
    if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
    if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.baseName }
    return ""
  }
}
