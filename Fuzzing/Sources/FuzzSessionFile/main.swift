import FuzzSupport
import Ribcage
import RibcageInspector

// Session files loaded whole (`SessionTimeline(bytes:)`): a file either loads or is a typed
// error; a loaded one, written again line by line from what was loaded, loads equal; and every
// moment of it can be rebuilt.

enum Target {
  static let limits = SessionTimeline.Limits(maximumBytes: 1 << 20, maximumLineBytes: 1 << 18)

  static func run(_ bytes: [UInt8]) {
    let timeline: SessionTimeline
    do {
      timeline = try SessionTimeline(bytes: bytes, limits: limits)
    } catch {
      _ = error.description
      return
    }
    var written: [UInt8] = []
    JSONValue.object(timeline.header.fields).serialize(into: &written)
    written.append(0x0A)
    for event in timeline.events {
      JSONValue.object(event.fields).serialize(into: &written)
      written.append(0x0A)
    }
    let again: SessionTimeline
    do {
      again = try SessionTimeline(bytes: written, limits: limits)
    } catch {
      fatalError("a loaded session written again does not load: \(error)")
    }
    invariant(again.header == timeline.header, "header \(timeline.header) -> \(again.header)")
    invariant(
      again.events.count == timeline.events.count,
      "\(timeline.events.count) events -> \(again.events.count)")
    for (old, new) in zip(timeline.events, again.events) {
      invariant(
        old.seq == new.seq && old.nanoseconds == new.nanoseconds && old.kind == new.kind
          && old.rib == new.rib && old.path == new.path && old.fields == new.fields,
        "\(old) -> \(new)")
    }
    guard !timeline.events.isEmpty else { return }
    let last = timeline.events.count - 1
    for index in Set([0, last / 2, last]) {
      let moment = timeline.moment(at: index)
      _ = moment.treeText
      invariant(moment.event == timeline.events[index], "moment \(index)")
    }
    _ = timeline.marks
    _ = timeline.index(ofSequence: timeline.events[last].seq)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
