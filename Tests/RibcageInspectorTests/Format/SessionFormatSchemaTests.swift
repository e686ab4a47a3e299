import Foundation
@_spi(RibcageTools) import Ribcage
import RibcageTesting
import Testing

@_spi(RibcageTools) @testable import RibcageInspector

/// The format's one definition (`docs/session-format.json`) against the Swift reader's table
/// (`SessionLineSchema`), the reader itself (`SessionTimeline`: the table and `TimelineReplay`),
/// and the recorder's writer. The page's reader is checked against the same file and the same
/// golden sessions by `Tests/Golden/session-model.test.js`.
@Suite("The session format's schema", .timeLimit(.minutes(5)))
@MainActor
struct SessionFormatSchemaTests {
  let schema: FormatSchema

  init() throws {
    schema = try FormatSchema.load()
  }

  @Test(
    "SessionLineSchema's table is the schema's: every event type, field, type and nested object")
  func readerTable() {
    #expect(Set(SessionEvent.Kind.allCases.map(\.rawValue)) == Set(schema.events.keys))
    compare(SessionLineSchema.header, schema.header, "header")
    compare(SessionLineSchema.dropped, schema.dropped, "dropped")
    compare(SessionLineSchema.common, schema.common, "every event")
    for kind in SessionEvent.Kind.allCases {
      compare(
        SessionLineSchema.fields(of: kind), schema.events[kind.rawValue] ?? [:], kind.rawValue)
    }
  }

  private func compare(
    _ table: [SessionLineSchema.Field], _ fields: FormatSchema.Fields, _ context: String
  ) {
    #expect(Set(table.map(\.name)) == Set(fields.keys), "\(context)")
    for field in table {
      guard let expected = fields[field.name] else { continue }
      let place = "\(context).\(field.name)"
      #expect(field.required == expected.required, "\(place) required")
      // An optional field's null means absent on both sides; only a required one's matters.
      if field.required { #expect(field.nullable == expected.nullable, "\(place) nullable") }
      switch field.type {
      case .id: #expect(expected.type == "id", "\(place)")
      case .integer: #expect(expected.type == "integer", "\(place)")
      case .string: #expect(expected.type == "string", "\(place)")
      case .bool: #expect(expected.type == "bool", "\(place)")
      case .scalar: #expect(expected.type == "scalar", "\(place)")
      case .any: #expect(expected.type == "json", "\(place)")
      case .object(let nested):
        #expect(expected.type == "object", "\(place)")
        compare(nested, schema.objects[expected.of ?? ""] ?? [:], place)
      case .objects(let nested):
        #expect(expected.type == "array", "\(place)")
        compare(nested, schema.objects[expected.of ?? ""] ?? [:], place)
      }
    }
  }

  // MARK: The reader, on events made from the schema

  @Test("every event type: the required fields are enough, each is required, each is typed")
  func readerOnGeneratedEvents() {
    for (kind, eventFields) in schema.events.sorted(by: { $0.key < $1.key }) {
      for all in [false, true] {
        let event = self.event(kind, all: all)
        #expect(load(event) == nil, "\(kind) \(all ? "with every field" : "with required fields")")
      }
      let fields = schema.common.merging(eventFields) { $1 }
      for (name, field) in fields.sorted(by: { $0.key < $1.key }) where name != "type" {
        let place = "\(kind).\(name)"
        if field.required {
          var missing = event(kind, all: true)
          missing[name] = nil
          #expect(load(missing)?.field == name, "\(place) missing")
        }
        var nulled = event(kind, all: true)
        nulled[name] = .null
        if !field.required || field.nullable {
          #expect(load(nulled) == nil, "\(place) null")
        } else {
          #expect(load(nulled)?.field == name, "\(place) null")
        }
        guard let wrong = wrongValue(field.type) else { continue }
        var wronged = event(kind, all: true)
        wronged[name] = wrong
        #expect(load(wronged)?.field == name, "\(place) wrong type")
      }
    }
  }

  /// An event of `kind` that fits a session whose keyframe holds RIB 1 (Root) and RIB 2.
  private func event(_ kind: String, all: Bool) -> [String: JSONValue] {
    var event: [String: JSONValue] = [
      "seq": .integer(10), "t": .integer(100), "type": .string(kind),
    ]
    if all {
      event["rib"] = .integer(kind == "attach" ? 3 : 2)
      event["path"] = .string("Root/Child")
    }
    event.merge(object(kind, schema.events[kind] ?? [:], all: all)) { $1 }
    return event
  }

  private func object(_ kind: String, _ fields: FormatSchema.Fields, all: Bool)
    -> [String: JSONValue]
  {
    var object: [String: JSONValue] = [:]
    for (name, field) in fields where field.required || all {
      object[name] = value(kind, name, field)
    }
    if kind == "keyframe", object["rib"] != nil, object["parent"] != nil {
      object["parent"] = .null
    }
    return object
  }

  private func value(_ kind: String, _ name: String, _ field: FormatSchema.Field) -> JSONValue {
    if let first = field.values?.first { return .string(first) }
    switch field.type {
    case "id":
      if kind == "attach" && name == "rib" { return .integer(3) }
      return .integer(name == "rib" ? 2 : 1)
    case "integer": return .integer(7)
    case "string": return .string(name == "path" ? "Root/Child" : "text")
    case "bool": return .bool(true)
    case "scalar": return .bool(false)
    case "json": return .object(["a": .array([.integer(1), .string("two")])])
    case "object": return .object(object(kind, schema.objects[field.of ?? ""] ?? [:], all: false))
    default:
      return .array([.object(object(kind, schema.objects[field.of ?? ""] ?? [:], all: false))])
    }
  }

  /// A value no field of `type` takes.
  private func wrongValue(_ type: String) -> JSONValue? {
    switch type {
    case "id": .integer(-1)
    case "integer": .number(1.5)
    case "string": .integer(12)
    case "bool": .string("yes")
    case "scalar": .array([.integer(1)])
    case "object": .array([])
    case "array": .object([:])
    default: nil
    }
  }

  /// Loads a header, a keyframe of RIB 1 (Root) and RIB 2 (Child), then `event`: the line and
  /// field of the error, or nil when it loads.
  private func load(_ event: [String: JSONValue]) -> (line: Int, field: String)? {
    let header: JSONValue = .object([
      "format": .string("ribcage-session"), "version": .integer(1), "app": .string("Test"),
      "instance": .string("I"), "start": .string("2026-11-27T12:00:00.000Z"),
    ])
    func rib(_ id: Int64, parent: Int64?, _ name: String) -> JSONValue {
      .object([
        "rib": .integer(id), "parent": parent.map { .integer($0) } ?? .null,
        "name": .string(name), "active": .bool(true),
      ])
    }
    let keyframe: JSONValue = .object([
      "seq": .integer(1), "t": .integer(0), "type": .string("keyframe"),
      "ribs": .array([rib(1, parent: nil, "Root"), rib(2, parent: 1, "Child")]),
    ])
    let text = [header, keyframe, .object(event)].map { $0.serialized() + "\n" }.joined()
    do {
      _ = try SessionTimeline(bytes: Array(text.utf8))
      return nil
    } catch {
      return error.lineAndField ?? (0, "\(error)")
    }
  }

  // MARK: The writer

  @Test("every line the recorder writes fits the schema, and it writes every event type")
  func writerLines() async throws {
    let app = RecordedApp()
    let flags = FlagStore()
    let runner = WorkflowRunner()
    let links = DeepLinkRouter<Int>()
    try links.register("app://item/{id}") { try $0.int("id") }
    let recorder = SessionRecorder(app.root)
    recorder.record(flags: flags)
    recorder.record(workflows: runner)
    recorder.record(links: links)
    app.launch()

    let coupons = FeatureFlag("coupons", default: true)
    let point = RIBPluginPoint<Void>("checkout", flags: flags, router: app.root)
    point.register("coupon", gatedBy: coupons) { _, _ in CartRouter() }
    point.evaluate(())
    _ = flags.apply(["coupons": .bool(false)])
    flags.isCoreOnly = true
    flags.isCoreOnly = false
    let workflow = Workflow<HookInteractor>("open-item").onStep { $0 }.commit()
    _ = runner.open("app://item/7", with: links, on: app.root.interactor) { _ in workflow }
    _ = runner.open("app://item/seven", with: links, on: app.root.interactor) { _ in workflow }
    for _ in 0..<20 { await Task.yield() }

    let service = CartService()
    let scheduler = ManualRenderScheduler()
    do {
      let cart = CartViewRouter(service: service, scheduler: scheduler)
      app.root.attachChild(cart)
      service.add("tea \u{8}\u{C}\u{1F680}", price: 3)
      scheduler.flush()
      app.root.detachChild(cart)
    }
    app.root.attachChild(app.root)  // a misuse: a diagnostic
    let kept = CheckoutRouter()
    app.root.attachChild(kept)
    app.root.detachChild(kept)
    #expect(app.detector.sweep().count == 1)  // a leak report: `kept` is still held here
    recorder.mark("done")
    withExtendedLifetime(kept) {}

    let parser = JSONParser(maximumDepth: 128)
    let lines = recorder.sessionBytes().split(separator: UInt8(ascii: "\n"))
    var kinds: Set<String> = []
    for (index, line) in lines.enumerated() {
      guard case .object(let object) = try parser.parse(line) else {
        Issue.record("line \(index + 1) is no object")
        continue
      }
      let problem: String?
      if index == 0 {
        problem = schema.problem(in: object, against: schema.header)
      } else if object["type"] == .string("dropped") {
        problem = schema.problem(in: object, against: schema.dropped)
      } else {
        let kind = object["type"]?.stringValue ?? "?"
        kinds.insert(kind)
        let fields = schema.common.merging(schema.events[kind] ?? [:]) { $1 }
        problem = schema.problem(in: object, against: fields)
      }
      #expect(problem == nil, "line \(index + 1): \(String(decoding: line, as: UTF8.self))")
    }
    #expect(kinds == Set(schema.events.keys))
  }

  @Test("the writer's names for sources, hooks, leaked roles are the schema's values")
  func writerNames() {
    let flagSources = schema.events["flag"]?["source"]?.values ?? []
    for source in FlagSource.allCases {
      #expect(flagSources.contains(SessionFormat.name(of: source)), "\(source)")
    }
    let hooks = schema.events["hook"]?["hook"]?.values ?? []
    for hook in LifecycleHook.allCases {
      #expect(hooks.contains(SessionFormat.literal(hook).description), "\(hook)")
    }
    let roles = schema.objects["leakedObject"]?["role"]?.values ?? []
    for role in LeakedObject.Role.allCases { #expect(roles.contains(role.rawValue)) }
  }

  // MARK: Golden sessions

  @Test(
    "golden sessions load to their expected outcome",
    arguments: try FileManager.default.contentsOfDirectory(atPath: FormatSchema.goldens.path)
      .filter { $0.hasSuffix(".ribcage-session") }.sorted())
  func golden(_ name: String) throws {
    let file = FormatSchema.goldens.appendingPathComponent(name)
    let expectedFile = FormatSchema.goldens.appendingPathComponent(
      String(name.dropLast(".ribcage-session".count)) + ".expected.json")
    let expected = try JSONParser(maximumDepth: 64).parse(
      [UInt8](try Data(contentsOf: expectedFile)))
    if let rejects = expected["rejects"] {
      #expect(throws: SessionFileError.self) { try SessionTimeline(contentsOfFile: file.path) }
      do {
        _ = try SessionTimeline(contentsOfFile: file.path)
      } catch {
        #expect(error.lineAndField?.line == rejects["line"]?.int64Value.map(Int.init), "\(error)")
        #expect(error.lineAndField?.field == rejects["field"]?.stringValue, "\(error)")
      }
      return
    }
    let outcome = GoldenOutcome(try SessionTimeline(contentsOfFile: file.path))
    for key in ["events", "dropped", "skippedLines", "tree", "flags", "coreOnly", "workflows"] {
      #expect(outcome.value[key] == expected[key], "\(key)")
    }
  }
}

/// What a reader made of a whole session, in the words of the golden `.expected.json` files.
struct GoldenOutcome {
  let value: JSONValue

  init(_ timeline: SessionTimeline) {
    let last = timeline.moment(at: timeline.events.count - 1)
    var names: [Int64: String] = [:]
    var tree: [JSONValue] = []
    for (rib, _) in last.ribs {
      let path = rib.parent.flatMap { names[$0] }.map { "\($0)/\(rib.name)" } ?? rib.name
      names[rib.id] = path
      tree.append(
        .object([
          "path": .string(path), "router": .string(rib.routerType), "active": .bool(rib.isActive),
          "loaded": .bool(rib.isLoaded), "view": .bool(rib.hasView),
          "viewModelType": rib.viewModelType.map { .string($0) } ?? .null,
          "viewModel": rib.viewModel ?? .null,
        ]))
    }
    let skipped: [JSONValue] = timeline.warnings.compactMap {
      guard case .unknownEventType(let line, _) = $0 else { return nil }
      return .integer(Int64(line))
    }
    value = .object([
      "events": .integer(Int64(timeline.events.count)),
      "dropped": .integer(timeline.droppedEventCount),
      "skippedLines": .array(skipped),
      "tree": .array(tree),
      "flags": .object(
        last.flags.mapValues { .object(["value": $0.value, "source": .string($0.source)]) }),
      "coreOnly": .bool(last.isCoreOnly),
      "workflows": .object(
        Dictionary(uniqueKeysWithValues: last.workflows.map { ("\($0.key)", .string($0.value)) })),
    ])
  }
}
