import SwiftSyntax

extension RetainCycleClosure {
  /// What holds its owner when it is kept: a closure, or one of the type's own methods passed
  /// as a closure (`sink(receiveValue: show)`, `provider = makeActions`) — a bound method,
  /// which holds `self` strongly whatever it is written in.
  struct Held {
    /// The closure, or the reference to the method.
    let node: ExprSyntax
    let closure: ClosureExprSyntax?
    /// The method's name, for a method passed as a closure.
    let method: String?

    init(_ closure: ClosureExprSyntax) {
      node = ExprSyntax(closure)
      self.closure = closure
      method = nil
    }

    init(method: String, at reference: ExprSyntax) {
      node = reference
      closure = nil
      self.method = method
    }

    /// Whether it holds `name` (or `self`) strongly.
    func capturesStrongly(_ name: String) -> Bool {
      guard let closure else { return name == "self" }
      return RetainCycleClosure.capturesStrongly(closure, name)
    }

    /// What to do instead.
    func advice(for name: String) -> String {
      guard let method else { return "capture [weak \(name)]" }
      return "pass a closure capturing [weak self] instead ({ [weak self] in self?.\(method)(…) })"
    }

    /// What the finding calls it.
    var noun: String { method.map { "method '\($0)' passed as a closure" } ?? "closure" }
  }
}
