import Ribcage

/// The live objects of an app's registries, counted between two soak cycles: RIBs attached,
/// subtrees the leak detector waits for, observers of long-lived streams, workflow runs, and
/// whatever else of your own could grow.
///
/// A count is either *flat* — after the first cycles it must stay what it was, whatever the
/// app's age — or *bounded*: it may move, but never above its budget (a cache, a history kept
/// to its last hundred entries, a recorder's bytes).
///
/// ```swift
/// var census = SoakCensus.tree(root)                 // RIBs, leak detector, tree observers
/// census.count("flag observers", flags.observerCount)
/// census.count("profile observers", profile.stream.subscriberCount)
/// census.count("cached avatars", avatars.count, atMost: 200)
/// ```
public struct SoakCensus: Equatable, Sendable, CustomStringConvertible {
  /// One named count.
  public struct Entry: Equatable, Sendable {
    /// What is counted, as reports print it.
    public var name: String
    /// The count.
    public var value: Int
    /// The budget of a bounded count; `nil` for a count that must stay flat.
    public var bound: Int?
  }

  /// The counts, in the order they were taken.
  public private(set) var entries: [Entry] = []

  /// An empty census.
  public init() {}

  /// Adds a count that must stay flat. Counting the same name again replaces it.
  public mutating func count(_ name: String, _ value: Int) {
    set(Entry(name: name, value: value, bound: nil))
  }

  /// Adds a count that may move but must stay at most `bound`.
  public mutating func count(_ name: String, _ value: Int, atMost bound: Int) {
    set(Entry(name: name, value: value, bound: bound))
  }

  /// The count named `name`, if taken.
  public subscript(name: String) -> Int? {
    entries.first { $0.name == name }?.value
  }

  /// What grew, shrank or broke its budget since `first` (a census taken the same way, earlier).
  /// A count missing from either census is reported as a change from or to zero.
  public func drift(from first: SoakCensus) -> [SoakDrift] {
    var drifts: [SoakDrift] = []
    for entry in entries {
      let before = first.entries.first { $0.name == entry.name }
      if let bound = entry.bound {
        if entry.value > bound {
          drifts.append(
            SoakDrift(name: entry.name, first: before?.value, now: entry.value, bound: bound))
        }
      } else if before?.value != entry.value {
        drifts.append(
          SoakDrift(name: entry.name, first: before?.value, now: entry.value, bound: nil))
      }
    }
    for entry in first.entries where !entries.contains(where: { $0.name == entry.name }) {
      drifts.append(SoakDrift(name: entry.name, first: entry.value, now: nil, bound: entry.bound))
    }
    return drifts
  }

  /// The counts as `name value` (`name value/bound` for a bounded one), comma-separated.
  public var description: String {
    entries.map { entry in
      entry.bound.map { "\(entry.name) \(entry.value)/\($0)" } ?? "\(entry.name) \(entry.value)"
    }.joined(separator: ", ")
  }

  private mutating func set(_ entry: Entry) {
    if let index = entries.firstIndex(where: { $0.name == entry.name }) {
      entries[index] = entry
    } else {
      entries.append(entry)
    }
  }
}

extension SoakCensus {
  /// What the core knows of a tree: the RIBs attached from `root` down, the subtrees its leak
  /// detector still waits for, and the observers of its context's streams (tree events, renders,
  /// hook timings, plugin events, diagnostics) — all flat once an app has warmed up.
  @MainActor
  public static func tree(_ root: RouterNode) -> SoakCensus {
    var census = SoakCensus()
    var ribs = 0
    var stack: [RouterNode] = [root]
    while let node = stack.popLast() {
      ribs += 1
      stack.append(contentsOf: node.children)
    }
    census.count("RIBs attached", ribs)
    let context = root.context
    census.count("leak detector waiting", context.leakDetector?.waitingSubtreeCount ?? 0)
    let observers =
      context.events.subscriberCount + context.renders.subscriberCount
      + context.hookTimings.subscriberCount + context.pluginEvents.subscriberCount
      + context.reportedDiagnostics.subscriberCount
    census.count("tree observers", observers)
    return census
  }

  /// Adds the observers of a flag store's changes (flat).
  @MainActor
  public mutating func count(_ flags: FlagStore, as name: String = "flag observers") {
    count(name, flags.observerCount)
  }

  /// Adds the runs a workflow runner has in progress (flat between cycles: every cycle's runs
  /// have ended).
  @MainActor
  public mutating func count(_ workflows: WorkflowRunner, as name: String = "workflow runs") {
    count(name, workflows.runningCount)
  }
}
