import FuzzSupport
@_spi(RibcageFuzzing) import RibcageInspectServer
@_spi(RibcageFuzzing) import RibcageInspector

// A page's request to the inspector server (one WebSocket message): refused with a reason, or
// re-encoded by the server as the one message the app receives — which the app's own parser
// must then accept, as the same action when the server re-encodes it again.

enum Target {
  static func run(_ text: String) {
    guard case .success(let message) = InspectFuzzing.pageRequest(text) else { return }
    let action = InspectorFuzzing.remoteAction(Array(message.utf8))
    guard case .success = action else {
      fatalError("the server passed on \(message), which the app refuses: \(action)")
    }
    let request = #"{"type":"action","session":"s","action":"# + message + "}"
    let again = InspectFuzzing.pageRequest(request)
    guard case .success(let messageAgain) = again else {
      fatalError("\(message) sent again is refused: \(again)")
    }
    invariant(messageAgain == message, "\(message) -> \(messageAgain)")
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageAction(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).text)
  return 0
}
