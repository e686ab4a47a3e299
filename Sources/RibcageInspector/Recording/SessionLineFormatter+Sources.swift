@_spi(RibcageInspection) import Ribcage

extension SessionLineFormatter {
  /// The members of a keyframe line: every RIB's whole state, the flags, the workflows.
  mutating func writeKeyframe(
    _ keyframe: Keyframe, tables: inout RecorderTables, into out: JSONLineWriter
  ) {
    out.openNested("ribs", array: true)
    var nextViewModel = 0
    for (index, rib) in keyframe.ribs.enumerated() {
      let naming = tables.ribs.namings[Int(rib.naming)]
      out.openNested(nil)
      out.member("rib", rib.id)
      if rib.parent != 0 { out.member("parent", rib.parent) } else { out.memberNull("parent") }
      out.member("name", naming.name)
      out.member("router", naming.routerType)
      out.member("active", rib.isActive)
      out.member("loaded", rib.isLoaded)
      out.member("view", rib.hasView)
      if nextViewModel < keyframe.viewModels.count,
        keyframe.viewModels[nextViewModel].rib == index
      {
        let viewModel = keyframe.viewModels[nextViewModel].viewModel
        nextViewModel += 1
        out.member("viewModelType", tables.viewModelTypes.entries[Int(viewModel.type)].name)
        let value = viewModel.value.value
        if !deferEncoding(
          of: value, type: viewModel.type, tables: &tables, writingOmission: false, at: out.count),
          case .success(let json) = encode(value, type: viewModel.type, tables: &tables)
        {
          out.member("viewModel", json: json)
        }
      }
      out.close()
    }
    out.closeArray()
    if let flags = keyframe.flags {
      out.openNested("flags", array: true)
      for (key, value, source) in flags {
        out.openNested(nil)
        out.member("key", key)
        out.key("value")
        out.appendScalar(value)
        out.member("source", SessionFormat.name(of: source))
        out.close()
      }
      out.closeArray()
      out.member("coreOnly", keyframe.isCoreOnly)
    }
    if !keyframe.workflows.isEmpty {
      out.openNested("workflows", array: true)
      for (run, kind) in keyframe.workflows {
        out.openNested(nil)
        out.member("run", run)
        out.member("kind", kind)
        out.close()
      }
      out.closeArray()
    }
  }

  /// The members of the events the app's sources send: plugins, diagnostics, leaks, flags,
  /// workflows, deep links and marks.
  func writeSource(
    _ record: EventRecord, _ payload: EventPayload, tables: inout RecorderTables,
    into out: JSONLineWriter
  ) {
    switch payload {
    case .plugin(let event):
      out.appendFragment("plugin\"")
      // The point's RIB, and the plugin's own RIB while it was attached.
      if record.path >= 0 { rib(record, tables: &tables, into: out) }
      if record.bits & EventBits.hasRIB != 0 {
        out.appendFragment(",\"pluginRib\":")
        out.appendDecimal(record.other)
      }
      out.member("point", event.point)
      out.member("plugin", event.plugin)
      out.member("event", event.kind.rawValue)
      out.member("flag", event.flag)
      if let reason = event.reason { out.member("reason", reason) }
    case .diagnostic(let diagnostic):
      out.appendFragment("diagnostic\"")
      out.member("kind", diagnostic.kind.rawValue)
      out.member("severity", diagnostic.severity.rawValue)
      out.member("message", diagnostic.message)
    case .leak(let report):
      out.appendFragment("leak\"")
      out.member("subtree", report.subtreePath)
      out.openNested("objects", array: true)
      for object in report.leakedObjects {
        out.openNested(nil)
        out.member("role", object.role.rawValue)
        out.member("typeName", object.typeName)
        out.member("path", object.path)
        out.close()
      }
      out.closeArray()
    case .flag(.value(let key, let from, let to, let source)):
      out.appendFragment("flag\"")
      out.member("key", key)
      out.key("from")
      out.appendScalar(from)
      out.key("to")
      out.appendScalar(to)
      out.member("source", SessionFormat.name(of: source))
    case .flag(.coreOnly(let on)):
      out.appendFragment("coreOnly\"")
      out.member("on", on)
    case .workflow(let event):
      out.appendFragment("workflow\"")
      writeWorkflow(event, into: out)
    case .link(let event):
      out.appendFragment("link\"")
      out.member("input", event.input)
      out.member("handled", event.isHandled)
      if let pattern = event.pattern { out.member("pattern", pattern) }
      if let error = event.error {
        out.openNested("error")
        out.member("case", SessionFormat.caseName(of: error))
        out.member("message", error.description)
        out.close()
      }
    case .mark(let text):
      out.appendFragment("mark\"")
      out.member("text", text)
    case .none, .viewModel:
      // Not written by this function (the record's kind has its own case).
      out.appendFragment("mark\"")
    }
  }

  private func writeWorkflow(_ event: WorkflowEvent, into out: JSONLineWriter) {
    out.member("run", event.run)
    out.member("kind", event.kind)
    switch event.phase {
    case .started(let trigger):
      out.member("phase", literal: "started")
      if let trigger { out.member("trigger", trigger) }
    case .waiting(let step, let item):
      out.member("phase", literal: "waiting")
      out.member("step", step)
      out.member("item", item)
    case .acting(let step, let item):
      out.member("phase", literal: "acting")
      out.member("step", step)
      out.member("item", item)
    case .completed:
      out.member("phase", literal: "completed")
    case .cancelled:
      out.member("phase", literal: "cancelled")
    case .failed(let error):
      out.member("phase", literal: "failed")
      out.member("error", error)
    }
  }
}
