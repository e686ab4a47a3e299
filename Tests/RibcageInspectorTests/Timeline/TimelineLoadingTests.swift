import Foundation
import Ribcage
import RibcageInspector
import RibcageTesting
import Testing

/// A small real session: a tree, renders, flags and marks.
@MainActor
func sampleSession() -> [UInt8] {
  let app = RecordedApp()
  let flags = FlagStore()
  let recorder = try! SessionRecorder(
    app.root, configuration: .init(appName: "Sample", keyframeInterval: 8))
  recorder.record(flags: flags)
  app.launch()
  let service = CartService()
  let scheduler = ManualRenderScheduler()
  do {
    let signedIn = SignedInRouter()
    app.root.attachChild(signedIn)
    let cart = CartViewRouter(service: service, scheduler: scheduler)
    signedIn.attachChild(cart)
    service.add("tea", price: 3)
    scheduler.flush()
    flags.register(FeatureFlag("coupons", default: true))
    _ = flags.apply(["coupons": .bool(false)])
    recorder.mark("checkout tapped")
    signedIn.detachChild(cart)
    app.root.detachChild(signedIn)
  }
  _ = app.detector.sweep()
  return recorder.sessionBytes()
}

func lines(of bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
}

func bytes(of lines: [String], trailingNewline: Bool = true) -> [UInt8] {
  Array((lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).utf8)
}

@MainActor
@Suite("SessionTimeline loading", .timeLimit(.minutes(5)))
struct TimelineLoadingTests {
  @Test("a recorded session loads with its header and every event")
  func loads() throws {
    let session = sampleSession()
    let timeline = try SessionTimeline(bytes: session)
    #expect(timeline.header.app == "Sample")
    #expect(timeline.header.version == 1)
    #expect(timeline.events.count == lines(of: session).count - 1)
    #expect(timeline.warnings.isEmpty)
    #expect(timeline.events.contains { $0.kind == .keyframe && $0.seq > 1 })
  }

  @Test("every moment from checkpoints equals a replay from the start")
  func checkpointsMatchReplay() throws {
    // Many events with few keyframes in the file: the loader's own checkpoints do the work.
    let app = RecordedApp()
    let recorder = try SessionRecorder(
      app.root, configuration: .init(keyframeInterval: 100_000))
    app.launch()
    var carts: [CartRouter] = []
    for round in 0..<400 {
      if round % 3 == 2, let last = carts.popLast() {
        app.root.detachChild(last)
      } else {
        let cart = CartRouter()
        app.root.attachChild(cart)
        carts.append(cart)
      }
    }
    let timeline = try SessionTimeline(recorder)
    #expect(timeline.events.count > 2 * SessionTimeline.checkpointInterval)
    // A timeline from the same lines, read again: seeking backwards and forwards agrees.
    let indices = [0, 1, 255, 256, 257, 700, timeline.events.count - 1, 3, 512]
    for index in indices where index < timeline.events.count {
      let moment = timeline.moment(at: index)
      let again = timeline.moment(at: index)
      #expect(moment.treeText == again.treeText)
    }
    let last = timeline.moment(at: timeline.events.count - 1)
    #expect(last.treeText == liveTreeText(app.root))
    for cart in carts { app.root.detachChild(cart) }
    carts = []
    _ = app.detector.sweep()
  }

  @Test("a torn last line is left out with a warning")
  func tornLastLine() throws {
    var text = lines(of: sampleSession())
    let count = text.count
    text[count - 1] = String(text[count - 1].prefix(17))
    let timeline = try SessionTimeline(bytes: bytes(of: text, trailingNewline: false))
    #expect(timeline.warnings == [.tornLastLine(line: count)])
    #expect(timeline.events.count == count - 2)
  }

  @Test("a corrupt line in the middle is an error naming the line")
  func corruptLine() {
    var text = lines(of: sampleSession())
    text[3] = "{\"seq\": 4, \"t\": 1, \"type\": \"activate\", \"rib\": 1,"
    #expect(throws: SessionFileError.self) { try SessionTimeline(bytes: bytes(of: text)) }
    do {
      _ = try SessionTimeline(bytes: bytes(of: text))
    } catch {
      guard case .invalidJSON(let line, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(line == 4)
    }
  }

  @Test(
    "errors name the line and the field",
    arguments: [
      (
        #"{"seq":2,"t":1,"type":"attach","rib":99,"parent":12345,"name":"X"}"#,
        SessionFileError.inconsistent(
          line: 3, field: "parent", reason: "RIB 12345 is not in the tree")
      ),
      (#"{"seq":2,"t":1,"type":"activate"}"#, .missingField(line: 3, field: "rib")),
      (
        #"{"seq":"2","t":1,"type":"mark","text":"x"}"#,
        .wrongType(
          line: 3, field: "seq", expected: "an integer from 0 to 2^53 - 1", found: "string")
      ),
      (
        #"{"seq":2,"t":1,"type":"activate","rib":"1\"><img src=x>"}"#,
        .wrongType(
          line: 3, field: "rib", expected: "an integer from 0 to 2^53 - 1", found: "string")
      ),
      (
        #"{"seq":9007199254740992,"t":1,"type":"mark","text":"x"}"#,
        .invalidValue(line: 3, field: "seq", reason: "9007199254740992 is not 0 to 2^53 - 1")
      ),
      (
        #"{"seq":2,"t":1,"type":"mark","text":{"html":"<b>"}}"#,
        .wrongType(line: 3, field: "text", expected: "a string", found: "object")
      ),
      (
        #"{"seq":2,"t":1,"type":"hook","rib":1,"hook":"viewDidAppear","ns":3}"#,
        .invalidValue(line: 3, field: "hook", reason: "unknown hook \"viewDidAppear\"")
      ),
      (
        #"{"seq":1,"t":1,"type":"mark","text":"x"}"#,
        .sequenceOutOfOrder(line: 3, seq: 1, previous: 1)
      ),
      (#"[1,2]"#, .wrongType(line: 3, field: "(line)", expected: "an object", found: "array")),
    ])
  func typedErrors(line: String, expected: SessionFileError) {
    let header =
      #"{"format":"ribcage-session","version":1,"app":"A","instance":"i","start":"2026-01-01T00:00:00.000Z"}"#
    let keyframe =
      #"{"seq":1,"t":0,"type":"keyframe","ribs":[{"rib":1,"parent":null,"name":"Root","router":"RootRouter","active":true,"loaded":true,"view":false}]}"#
    #expect(throws: expected) { try SessionTimeline(bytes: bytes(of: [header, keyframe, line])) }
  }

  @Test("headers: not a session, a newer version, an empty file")
  func headers() {
    #expect(throws: SessionFileError.empty) { try SessionTimeline(bytes: []) }
    #expect(throws: SessionFileError.self) { try SessionTimeline(bytes: Array("hello\n".utf8)) }
    let newer =
      #"{"format":"ribcage-session","version":2,"app":"A","instance":"i","start":"s"}"#
    #expect(throws: SessionFileError.unsupportedVersion(found: 2, supported: 1)) {
      try SessionTimeline(bytes: bytes(of: [newer]))
    }
    let other = #"{"format":"something-else","version":1}"#
    #expect(
      throws: SessionFileError.notASession(reason: "its \"format\" is not \"ribcage-session\"")
    ) {
      try SessionTimeline(bytes: bytes(of: [other]))
    }
  }

  @Test("oversized files and lines are refused before parsing")
  func limits() {
    let session = sampleSession()
    #expect(throws: SessionFileError.tooLarge(bytes: session.count, limit: 100)) {
      try SessionTimeline(bytes: session, limits: .init(maximumBytes: 100))
    }
    #expect(throws: SessionFileError.self) {
      try SessionTimeline(bytes: session, limits: .init(maximumLineBytes: 50))
    }
    let deep =
      Array(repeating: "[", count: 200).joined() + Array(repeating: "]", count: 200).joined()
    var text = lines(of: session)
    text.insert(#"{"seq":1000000,"t":1,"type":"mark","text":"x","extra":\#(deep)}"#, at: text.count)
    #expect(throws: SessionFileError.self) { try SessionTimeline(bytes: bytes(of: text)) }
  }

  @Test("unknown event types are skipped with a warning")
  func unknownTypes() throws {
    var text = lines(of: sampleSession())
    text.append(#"{"seq":1000000,"t":1,"type":"teleport","rib":1}"#)
    let timeline = try SessionTimeline(bytes: bytes(of: text))
    #expect(timeline.warnings == [.unknownEventType(line: text.count, type: "teleport")])
  }

  @Test("a file that cannot be read is a typed error")
  func unreadable() {
    #expect(throws: SessionFileError.self) {
      try SessionTimeline(contentsOfFile: "/nonexistent/session.jsonl")
    }
  }

  @Test("10,000 mutated sessions: every one loads or fails with a typed error, none crashes")
  func fuzz() throws {
    let session = sampleSession()
    var generator = SeededRandomNumberGenerator(seed: 0x5EED)
    var loaded = 0
    var rejected = 0
    var warned = 0
    let tokens: [[UInt8]] = [
      Array("\n".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8), Array("[".utf8),
      Array("null".utf8), Array("-1".utf8), Array("1e999".utf8), Array("\\u".utf8),
      Array("\"rib\":".utf8), Array("9999999999999999999999".utf8), [0xFF], [0xC3], [0x00],
    ]
    for _ in 0..<10_000 {
      var mutated = session
      for _ in 0..<(1 + Int(generator.next() % 4)) {
        guard !mutated.isEmpty else { break }
        let position = Int(generator.next() % UInt64(mutated.count))
        switch generator.next() % 5 {
        case 0: mutated[position] = UInt8(truncatingIfNeeded: generator.next())
        case 1:
          mutated.removeSubrange(
            position..<min(mutated.count, position + 1 + Int(generator.next() % 40)))
        case 2:
          mutated.insert(
            contentsOf: tokens[Int(generator.next() % UInt64(tokens.count))], at: position)
        case 3: mutated.removeSubrange(position...)  // torn
        default:
          // Swap two lines.
          var text = lines(of: mutated)
          if text.count > 2 {
            let a = 1 + Int(generator.next() % UInt64(text.count - 1))
            let b = 1 + Int(generator.next() % UInt64(text.count - 1))
            text.swapAt(a, b)
            mutated = bytes(of: text)
          }
        }
      }
      do {
        let timeline = try SessionTimeline(bytes: mutated)
        loaded += 1
        if !timeline.warnings.isEmpty { warned += 1 }
        if !timeline.events.isEmpty {
          _ = timeline.moment(at: Int(generator.next() % UInt64(timeline.events.count)))
        }
      } catch {
        rejected += 1
        #expect(!error.description.isEmpty)
      }
    }
    #expect(loaded + rejected == 10_000)
    #expect(rejected > 1_000)
    #expect(loaded > 100)
    print(
      "fuzz: 10000 mutated sessions, \(loaded) loaded (\(warned) with warnings), \(rejected) rejected with typed errors"
    )
  }
}
