extension GraphBuilder {
  /// `LoggedInRouter` → `LoggedIn`.
  static func ribName(_ router: String) -> String {
    router.hasSuffix("Router") && router.count > 6 ? String(router.dropLast(6)) : router
  }

  /// `LoggedInComponent(dependency: dependency)` → `LoggedInComponent`.
  static func createdTypeName(_ expression: String) -> String? {
    guard let open = expression.firstIndex(of: "("), expression.hasSuffix(")") else { return nil }
    let name = expression[..<open]
    guard let first = name.first, first.isUppercase,
      name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    else { return nil }
    return TypeText.baseName(String(name))
  }

  /// `RidesFlags.coupons` → `coupons` when the flag's key can be read.
  func flagKey(_ expression: String) -> String {
    if let key = index.featureFlags[expression] { return key }
    if let last = expression.split(separator: ".").last, let key = index.featureFlags[String(last)]
    {
      return key
    }
    return expression
  }
}
