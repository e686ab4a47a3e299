import FuzzSupport
@_spi(RibcageTools) import Ribcage
@_spi(RibcageFuzzing) import RibcageInspector

// The page's remote actions as the app reads them (one WebSocket message each): accepted or
// refused with a reason, never a trap. An accepted action means the same when its message is
// written again with only the fields the action reads.

enum Target {
  static func run(_ bytes: [UInt8]) {
    guard case .success(let action) = InspectorFuzzing.remoteAction(bytes) else { return }
    guard let value = try? JSONParser(maximumDepth: 8).parse(bytes) else {
      fatalError("an action from a message that is not JSON: \(action)")
    }
    var kept: [String: JSONValue] = [:]
    for field in ["action", "key", "value", "url"] { kept[field] = value[field] }
    let written = Array(JSONValue.object(kept).serialized().utf8)
    guard case .success(let again) = InspectorFuzzing.remoteAction(written) else {
      fatalError("\(action) written again is refused")
    }
    invariant(again == action, "\(action) -> \(again)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRemoteAction(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
