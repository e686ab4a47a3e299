import SwiftSyntax

/// The type's own methods passed as closures (`publisher.sink(receiveValue: show)`,
/// `UIAction(handler: toggle)`, `configuration.provider = makeActions`): a bound method holds
/// `self` strongly, as a closure using `self` does, so it is checked where it is kept the same
/// way.
extension RetainCycleClosure {
  /// Checks the type's methods `call` is handed as arguments.
  func checkBoundMethods(handedTo call: FunctionCallExprSyntax) {
    guard let info = context.frame?.info else { return }
    for argument in call.arguments {
      if let method = boundMethod(argument.expression) {
        check(Held(method: method, at: argument.expression), in: info)
      }
    }
  }

  /// Checks `value` if it is one of the type's methods, assigned.
  func checkBoundMethod(assigned value: ExprSyntax) {
    guard let info = context.frame?.info, let method = boundMethod(value) else { return }
    check(Held(method: method, at: value), in: info)
  }

  /// The name of the instance method of the type being walked that `expression` names without
  /// calling it: `show`, `show(_:)`, `self.show`, `self?.show`. Not a name the member around
  /// it binds (a parameter, a local, a pattern), nor one the type or its UIKit superclass gives
  /// a property.
  private func boundMethod(_ expression: ExprSyntax) -> String? {
    // In the types whose closures are checked (RIB code, or a type with a role): the rest of a
    // large codebase pays for no lookup.
    guard let frame = context.frame, context.isRIBCode || !frame.info.roles.isEmpty else {
      return nil
    }
    var reference = expression.as(DeclReferenceExprSyntax.self)
    let isBare = reference != nil
    if let member = expression.as(MemberAccessExprSyntax.self) {
      var base = member.base
      if let optional = base?.as(OptionalChainingExprSyntax.self) { base = optional.expression }
      guard SyntaxQueries.isSelf(base) else { return nil }
      reference = member.declName
    }
    guard let reference, case .identifier(let name) = reference.baseName.tokenKind,
      !frame.storedProperties.contains(name), !Self.inheritedProperties.contains(name),
      instanceMethods(of: frame).contains(name),
      !isBare || !boundNames(around: expression).contains(name)
    else { return nil }
    return name
  }

  /// Properties UIKit's views and view controllers give their subclasses, which a method of
  /// the same base name (`title(for:)`, `view(for:)`) does not make a method reference.
  static let inheritedProperties: Set<String> = [
    "view", "title", "navigationItem", "navigationController", "tabBarItem",
    "tabBarController", "splitViewController", "parent", "children", "presentedViewController",
    "presentingViewController", "tableView", "collectionView", "traitCollection", "frame",
    "bounds", "center", "window", "superview", "subviews", "layer", "tag", "backgroundColor",
    "tintColor", "alpha", "isHidden", "contentView", "textLabel", "detailTextLabel",
    "imageView", "accessoryView", "backgroundView", "selectedBackgroundView", "delegate",
    "dataSource", "text", "image", "isEnabled", "isSelected", "isHighlighted", "state",
    "isEditing", "editButtonItem", "preferredContentSize", "transitioningDelegate",
    "toolbarItems", "contentConfiguration", "backgroundConfiguration", "modalPresentationStyle",
    "inputAccessoryView", "inputView", "viewController", "viewControllable", "presenter",
    "interactor", "router", "listener", "configuration",
  ]

  /// The instance methods the type being walked declares in this file (its declaration and
  /// extensions), read once per type: not the names it also gives a property, nor delegate
  /// callbacks named after their first parameter (`tableView(_ tableView:didSelectRowAt:)`,
  /// which nobody passes as a closure, and whose name is often a property's too).
  private func instanceMethods(of frame: FileContext.Frame) -> Set<String> {
    let key = Self.qualifiedName(of: frame.declaration)
    if let known = methodsByType[key] { return known }
    var names: Set<String> = []
    var properties: Set<String> = []
    for declaration in declarations(of: frame) {
      for member in declaration.members {
        if let variable = member.decl.as(VariableDeclSyntax.self) {
          for binding in variable.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
              properties.insert(name)
            }
          }
        }
        guard let function = member.decl.as(FunctionDeclSyntax.self),
          !function.modifiers.contains(where: {
            [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind)
          })
        else { continue }
        let name = function.name.text
        let first = function.signature.parameterClause.parameters.first
        if let first, (first.secondName ?? first.firstName).text == name { continue }
        names.insert(name)
      }
    }
    names.subtract(properties)
    methodsByType[key] = names
    return names
  }

  /// Whether the type being walked is a struct or an enum (declared so in this file, for an
  /// extension): its `self` is a copy.
  func isValueType(_ info: TypeInfo) -> Bool {
    if [.structType, .enumType].contains(info.shape) { return true }
    guard info.shape == .extensionType, let frame = context.frame else { return false }
    return declarations(of: frame).contains {
      $0.parent?.is(StructDeclSyntax.self) == true || $0.parent?.is(EnumDeclSyntax.self) == true
    }
  }

  /// Whether the type being walked declares `name` as a `weak` or `unowned` property, which
  /// keeps nothing.
  func isWeakProperty(_ name: String) -> Bool {
    guard let frame = context.frame else { return false }
    return declarations(of: frame).contains { declaration in
      declaration.members.contains { member in
        guard let variable = member.decl.as(VariableDeclSyntax.self),
          variable.modifiers.contains(where: {
            [.keyword(.weak), .keyword(.unowned)].contains($0.name.tokenKind)
          })
        else { return false }
        return variable.bindings.contains {
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
        }
      }
    }
  }

  /// The member blocks of the type being walked in this file: its declaration's and its
  /// extensions', told apart by their full names (`Home.ViewController`).
  func declarations(of frame: FileContext.Frame) -> [MemberBlockSyntax] {
    if declarationsByName == nil {
      declarationsByName = Dictionary(
        grouping: SyntaxQueries.nodes(MemberBlockSyntax.self, in: frame.declaration.root),
        by: { $0.parent.map(Self.qualifiedName(of:)) ?? "" })
    }
    return declarationsByName?[Self.qualifiedName(of: frame.declaration)] ?? []
  }

  /// The full name a type declaration or extension declares: `Home.ViewController` for a
  /// class nested in `Home`, or for `extension Home.ViewController`.
  static func qualifiedName(of declaration: Syntax) -> String {
    var names: [String] = []
    var node: Syntax? = declaration
    while let current = node {
      if let type = current.as(ClassDeclSyntax.self) {
        names.append(type.name.text)
      } else if let type = current.as(StructDeclSyntax.self) {
        names.append(type.name.text)
      } else if let type = current.as(EnumDeclSyntax.self) {
        names.append(type.name.text)
      } else if let type = current.as(ActorDeclSyntax.self) {
        names.append(type.name.text)
      } else if let type = current.as(ExtensionDeclSyntax.self) {
        names.append(type.extendedType.trimmedDescription)
      }
      node = current.parent
    }
    return names.reversed().joined(separator: ".")
  }

  /// The names the type's member around `node` binds — parameters (of the member, its local
  /// functions, closures, accessors and subscripts), locals, patterns (`case .custom(let
  /// refresh)`, `let (submit, cancel) = …`, `while let`), capture lists — read once per member.
  /// Anywhere in the member: a name bound in a sibling scope is taken as bound too.
  func boundNames(around node: some SyntaxProtocol) -> Set<String> {
    var current = Syntax(node)
    while let parent = current.parent, !parent.is(MemberBlockItemSyntax.self) {
      current = parent
    }
    guard current.parent != nil else { return [] }
    if let known = boundNamesByMember[current.id] { return known }
    // Names Swift binds without a pattern: a `catch`'s `error`, an accessor's `newValue` and
    // `oldValue`.
    var names: Set<String> = ["error", "newValue", "oldValue"]
    // The member's own name (a property's, a method's) is no local.
    var own: Set<Syntax.ID> = []
    if let variable = current.as(VariableDeclSyntax.self) {
      for binding in variable.bindings { own.insert(binding.pattern.id) }
    }
    for child in SyntaxQueries.nodes(Syntax.self, in: current) {
      if let pattern = child.as(IdentifierPatternSyntax.self), !own.contains(pattern.id) {
        names.insert(pattern.identifier.text)
      } else if let parameter = child.as(FunctionParameterSyntax.self) {
        names.insert((parameter.secondName ?? parameter.firstName).text)
      } else if let parameter = child.as(ClosureParameterSyntax.self) {
        names.insert((parameter.secondName ?? parameter.firstName).text)
      } else if let parameter = child.as(ClosureShorthandParameterSyntax.self) {
        names.insert(parameter.name.text)
      } else if let parameter = child.as(AccessorParametersSyntax.self) {
        names.insert(parameter.name.text)
      } else if let capture = child.as(ClosureCaptureSyntax.self) {
        names.insert(capture.name.text)
      } else if let function = child.as(FunctionDeclSyntax.self), child.id != current.id {
        names.insert(function.name.text)
      }
    }
    boundNamesByMember[current.id] = names
    return names
  }
}
