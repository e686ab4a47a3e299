/// What the leak detector found still alive, after its grace period, of one detached subtree.
public struct LeakReport: Sendable, Equatable, CustomStringConvertible {
  /// The tree path the subtree was detached from, e.g. `Root/LoggedIn/Request`.
  public let subtreePath: String
  /// Every object of the subtree that is still alive.
  public let leakedObjects: [LeakedObject]

  /// Creates a report.
  public init(subtreePath: String, leakedObjects: [LeakedObject]) {
    self.subtreePath = subtreePath
    self.leakedObjects = leakedObjects
  }

  public var description: String {
    var lines = [
      "Ribcage leak: \(leakedObjects.count) object(s) of \(subtreePath) still alive after detach:"
    ]
    for object in leakedObjects {
      lines.append("  \(object.role.rawValue) \(object.typeName) at \(object.path)")
    }
    lines.append(
      "  Look for strong references to them: listeners and delegates that are not weak, "
        + "closures that capture self, work not bound with cancelOnDeactivate.")
    return lines.joined(separator: "\n")
  }
}

/// One object that outlived its detached RIB.
public struct LeakedObject: Sendable, Equatable {
  /// Which part of a RIB the object was.
  public enum Role: String, Sendable, Equatable, CaseIterable {
    /// The RIB's router.
    case router
    /// The RIB's interactor.
    case interactor
    /// The presenter a presentable interactor held.
    case presenter
    /// The view (view controller) of a viewable router.
    case view
    /// Any other object handed to ``LeakDetector/expectDeallocation(of:named:)``.
    case object
  }

  /// Which part of its RIB the object was.
  public let role: Role
  /// The object's type name.
  public let typeName: String
  /// The tree path of its RIB when it was detached, e.g. `Root/LoggedIn/Request/Confirm`.
  public let path: String

  /// Creates a description of a leaked object.
  public init(role: Role, typeName: String, path: String) {
    self.role = role
    self.typeName = typeName
    self.path = path
  }
}
