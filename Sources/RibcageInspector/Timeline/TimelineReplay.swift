/// Applies one event to a timeline state: the only place that knows what each kind of event
/// changes. Loading uses it to check every event against the tree built so far; seeking uses it
/// to go from a checkpoint to the moment asked for, collecting what the last event changed.
enum TimelineReplay {
  static func apply(
    _ event: SessionEvent, to state: inout TimelineState, changes: inout [TimelineChange]?
  ) throws(SessionFileError) {
    let reader = FieldReader(object: event.fields, line: event.line)
    switch event.kind {
    case .keyframe:
      state = try keyframe(reader)
      changes?.append(.keyframe)
    case .attach:
      let id = try reader.integer("rib")
      let parent = try reader.optionalInteger("parent")
      guard state.ribs[id] == nil else {
        throw .inconsistent(line: event.line, field: "rib", reason: "RIB \(id) is already attached")
      }
      if let parent, state.ribs[parent] == nil {
        throw .inconsistent(
          line: event.line, field: "parent", reason: "RIB \(parent) is not in the tree")
      }
      state.ribs[id] = TimelineRIB(
        id: id, parent: parent, name: try reader.string("name"),
        routerType: try reader.optionalString("router") ?? "",
        isActive: try reader.optionalBool("active") ?? false,
        isLoaded: try reader.optionalBool("loaded") ?? false,
        hasView: try reader.optionalBool("view") ?? false, children: [])
      if let parent { state.ribs[parent]!.children.append(id) } else { state.roots.append(id) }
      changes?.append(.attached(rib: id, path: state.path(of: id)))
    case .detach:
      let id = try existingRIB(reader, in: state)
      changes?.append(.detached(rib: id, path: state.path(of: id)))
      state.remove(subtree: id)
    case .activate, .deactivate:
      let id = try existingRIB(reader, in: state)
      let active = event.kind == .activate
      state.ribs[id]!.isActive = active
      changes?.append(.activeChanged(rib: id, path: state.path(of: id), isActive: active))
    case .load:
      let id = try existingRIB(reader, in: state)
      state.ribs[id]!.isLoaded = true
      changes?.append(.loaded(rib: id, path: state.path(of: id)))
    case .hook:
      _ = try existingRIB(reader, in: state)
      let hook = try reader.string("hook")
      guard ["didBecomeActive", "willResignActive", "didLoad"].contains(hook) else {
        throw .invalidValue(line: event.line, field: "hook", reason: "unknown hook \"\(hook)\"")
      }
      _ = try reader.integer("ns")
    case .render:
      let type = try reader.string("viewModelType")
      guard let id = try reader.optionalInteger("rib") else { return }
      guard state.ribs[id] != nil else {
        throw .inconsistent(line: event.line, field: "rib", reason: "RIB \(id) is not in the tree")
      }
      let old = state.ribs[id]!.viewModel
      let new = event.fields["viewModel"]
      state.ribs[id]!.viewModelType = type
      state.ribs[id]!.viewModel = new
      if changes != nil {
        changes!.append(
          .viewModel(
            rib: id, path: state.path(of: id), fields: ViewModelFieldChange.diff(old, new)))
      }
    case .flag:
      let key = try reader.string("key")
      let to = try reader.value("to")
      let source = try reader.string("source")
      let from = state.flags[key]?.value ?? event.fields["from"]
      state.flags[key] = TimelineFlag(value: to, source: source)
      changes?.append(.flag(key: key, from: from, to: to, source: source))
    case .coreOnly:
      state.isCoreOnly = try reader.bool("on")
      changes?.append(.coreOnly(state.isCoreOnly))
    case .workflow:
      let run = try reader.integer("run")
      let kind = try reader.string("kind")
      let phase = try reader.string("phase")
      switch phase {
      case "started":
        state.workflows[run] = kind
        changes?.append(.workflow(run: run, kind: kind, phase: phase))
      case "completed", "cancelled", "failed":
        state.workflows[run] = nil
        changes?.append(.workflow(run: run, kind: kind, phase: phase))
      case "waiting", "acting":
        _ = try reader.integer("step")
      default:
        throw .invalidValue(line: event.line, field: "phase", reason: "unknown phase \"\(phase)\"")
      }
    case .link:
      _ = try reader.string("input")
      _ = try reader.bool("handled")
    case .plugin:
      for field in ["point", "plugin", "event", "flag"] { _ = try reader.string(field) }
    case .leak:
      _ = try reader.string("subtree")
      _ = try reader.array("objects")
    case .diagnostic:
      for field in ["kind", "severity", "message"] { _ = try reader.string(field) }
    case .mark:
      _ = try reader.string("text")
    }
  }

  private static func existingRIB(_ reader: FieldReader, in state: TimelineState)
    throws(SessionFileError) -> Int64
  {
    let id = try reader.integer("rib")
    guard state.ribs[id] != nil else {
      throw .inconsistent(line: reader.line, field: "rib", reason: "RIB \(id) is not in the tree")
    }
    return id
  }

  /// The state a keyframe holds.
  private static func keyframe(_ reader: FieldReader) throws(SessionFileError) -> TimelineState {
    var state = TimelineState()
    for rib in try reader.objects("ribs") {
      let id = try rib.integer("rib")
      let parent = try rib.optionalInteger("parent")
      guard state.ribs[id] == nil else {
        throw .inconsistent(
          line: reader.line, field: rib.prefix + "rib", reason: "RIB \(id) is listed twice")
      }
      if let parent, state.ribs[parent] == nil {
        throw .inconsistent(
          line: reader.line, field: rib.prefix + "parent",
          reason: "RIB \(parent) is not listed before its child")
      }
      state.ribs[id] = TimelineRIB(
        id: id, parent: parent, name: try rib.string("name"),
        routerType: try rib.optionalString("router") ?? "",
        isActive: try rib.bool("active"), isLoaded: try rib.optionalBool("loaded") ?? false,
        hasView: try rib.optionalBool("view") ?? false, children: [],
        viewModelType: try rib.optionalString("viewModelType"), viewModel: rib.object["viewModel"])
      if let parent { state.ribs[parent]!.children.append(id) } else { state.roots.append(id) }
    }
    // An optional field given as null is absent (docs/session-format.json).
    if reader.object["flags", default: .null] != .null {
      for flag in try reader.objects("flags") {
        state.flags[try flag.string("key")] = TimelineFlag(
          value: try flag.value("value"), source: try flag.string("source"))
      }
    }
    state.isCoreOnly = try reader.optionalBool("coreOnly") ?? false
    if reader.object["workflows", default: .null] != .null {
      for run in try reader.objects("workflows") {
        state.workflows[try run.integer("run")] = try run.string("kind")
      }
    }
    return state
  }
}
