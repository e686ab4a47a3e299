import Ribcage

/// A session at one event: the tree and every RIB's latest view model right after the event,
/// the flags and running workflows, and what the event changed.
public struct TimelineMoment: Sendable {
  /// The event's position in ``SessionTimeline/events``.
  public let index: Int
  /// The event.
  public let event: SessionEvent
  /// The tree after the event, parents before children, with each RIB's depth.
  public let ribs: [(rib: TimelineRIB, depth: Int)]
  /// Every flag's value after the event (flags are recorded when the app hands the recorder its
  /// flag store).
  public let flags: [String: TimelineFlag]
  /// Whether the core-only switch was on.
  public let isCoreOnly: Bool
  /// Running workflows by run number: their kinds.
  public let workflows: [Int64: String]
  /// What the event changed, compared with the moment before it.
  public let changes: [TimelineChange]

  /// The RIB at `path` (`Root/LoggedIn`), if it was attached.
  public func rib(at path: String) -> TimelineRIB? {
    var names: [Int64: String] = [:]
    for (rib, _) in ribs {
      let full = rib.parent.flatMap { names[$0] }.map { "\($0)/\(rib.name)" } ?? rib.name
      names[rib.id] = full
      if full == path { return rib }
    }
    return nil
  }

  /// The tree as `TreeSnapshot`s, one per root (a recorded tree has one), so a moment renders
  /// as the live tree does: `textRendering()`, JSON, Mermaid, DOT. Router notes are not recorded:
  /// the snapshots have none (plugin switch-offs are `plugin` events).
  public var snapshots: [TreeSnapshot] {
    // Children before parents: walk the parents-first list backwards, collecting each RIB's
    // finished children by id.
    var finished: [Int64: [TreeSnapshot]] = [:]
    var roots: [TreeSnapshot] = []
    for (rib, _) in ribs.reversed() {
      let node = TreeSnapshot(
        name: rib.name, routerType: rib.routerType, isActive: rib.isActive,
        hasView: rib.hasView, children: (finished.removeValue(forKey: rib.id) ?? []).reversed())
      if let parent = rib.parent {
        finished[parent, default: []].append(node)
      } else {
        roots.append(node)
      }
    }
    return roots.reversed()
  }

  /// The tree as text, as `TreeSnapshot.textRendering()` draws the live tree.
  public var treeText: String {
    snapshots.map { $0.textRendering() }.joined()
  }
}

/// One thing an event changed.
public enum TimelineChange: Sendable, Equatable, CustomStringConvertible {
  /// A RIB joined the tree at `path`.
  case attached(rib: Int64, path: String)
  /// A RIB (and everything below it) left the tree.
  case detached(rib: Int64, path: String)
  /// A RIB's active state changed.
  case activeChanged(rib: Int64, path: String, isActive: Bool)
  /// A RIB's router loaded.
  case loaded(rib: Int64, path: String)
  /// A RIB rendered a new view model; `fields` lists what differs from the one before, as
  /// JSON paths (`title`, `rows[2].price`) with old and new values.
  case viewModel(rib: Int64, path: String, fields: [ViewModelFieldChange])
  /// A flag's value changed.
  case flag(key: String, from: JSONValue?, to: JSONValue, source: String)
  /// The core-only switch changed.
  case coreOnly(Bool)
  /// A workflow run started or ended.
  case workflow(run: Int64, kind: String, phase: String)
  /// A keyframe replaced the state (its content equals what the events before built, unless
  /// events were dropped).
  case keyframe

  /// One line, e.g. `view model of Root/Home: title "Home" → "Trips"`.
  public var description: String {
    switch self {
    case .attached(_, let path): return "attached \(path)"
    case .detached(_, let path): return "detached \(path)"
    case .activeChanged(_, let path, let isActive):
      return "\(isActive ? "activated" : "deactivated") \(path)"
    case .loaded(_, let path): return "loaded \(path)"
    case .viewModel(_, let path, let fields):
      let parts = fields.map { field in
        let old = field.old?.serialized() ?? "—"
        let new = field.new?.serialized() ?? "—"
        return (field.path.isEmpty ? "" : "\(field.path) ") + "\(old) → \(new)"
      }
      return "view model of \(path): "
        + (parts.isEmpty ? "unchanged" : parts.joined(separator: "; "))
    case .flag(let key, let from, let to, let source):
      return "flag \(key): \(from?.serialized() ?? "—") → \(to.serialized()) (\(source))"
    case .coreOnly(let on): return "core only \(on ? "on" : "off")"
    case .workflow(let run, let kind, let phase): return "workflow \(kind) #\(run) \(phase)"
    case .keyframe: return "keyframe"
    }
  }
}

/// One field of a view model that changed between two renders.
public struct ViewModelFieldChange: Sendable, Equatable {
  /// The field's JSON path, e.g. `title` or `rows[2].price`; empty for the whole value.
  public var path: String
  /// The value before (`nil`: the field was absent).
  public var old: JSONValue?
  /// The value after (`nil`: the field is gone).
  public var new: JSONValue?

  /// Creates a field change.
  public init(path: String, old: JSONValue?, new: JSONValue?) {
    self.path = path
    self.old = old
    self.new = new
  }

  /// Lists the leaves that differ between `old` and `new`.
  public static func diff(_ old: JSONValue?, _ new: JSONValue?, at path: String = "")
    -> [ViewModelFieldChange]
  {
    if old == new { return [] }
    switch (old, new) {
    case (.object(let before)?, .object(let after)?):
      var changes: [ViewModelFieldChange] = []
      for key in Set(before.keys).union(after.keys).sorted() {
        changes += diff(before[key], after[key], at: path.isEmpty ? key : "\(path).\(key)")
      }
      return changes
    case (.array(let before)?, .array(let after)?) where before.count == after.count:
      var changes: [ViewModelFieldChange] = []
      for index in before.indices {
        changes += diff(before[index], after[index], at: "\(path)[\(index)]")
      }
      return changes
    default:
      return [ViewModelFieldChange(path: path, old: old, new: new)]
    }
  }
}
