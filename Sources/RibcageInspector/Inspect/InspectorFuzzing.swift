/// Entry points for the fuzzing package (`Fuzzing/`, see docs/fuzzing.md): they reach the
/// parsers of what the inspector's server sends an app without making those parsers' types API.
/// Not for apps; the SPI name says so.
@_spi(RibcageFuzzing)
public enum InspectorFuzzing {
  /// What one page message asks the app to do, in words (`set flag coupons to false`), or why
  /// it is refused.
  public static func remoteAction(_ message: [UInt8]) -> Result<String, any Error> {
    do {
      return .success(try RemoteAction(message).description)
    } catch {
      return .failure(error)
    }
  }

  /// What the app's WebSocket client makes of `bytes` from the server, given to it in pieces
  /// ending at `cuts` (offsets): every complete message and control frame, in order, up to a
  /// close frame (the connection ends there), and the error that ends it, if one does.
  public static func webSocketFrames(_ bytes: [UInt8], cuts: [Int]) -> (
    frames: [String], error: String?
  ) {
    let client = WebSocketClient(descriptor: -1)
    var frames: [String] = []
    var start = 0
    for end in cuts.filter({ $0 > 0 && $0 < bytes.count }).sorted() + [bytes.count]
    where end >= start {
      client.buffer.append(contentsOf: bytes[start..<end])
      start = end
      do {
        let parsed = try client.parseFrames()
        frames += parsed.map { "\($0)" }
        // A close frame ends the connection: nothing after it is read.
        if case .close? = parsed.last { return (frames, nil) }
      } catch {
        return (frames, error.description)
      }
    }
    return (frames, nil)
  }

  /// The key the fuzzing package's upgrade answers are checked against (RFC 6455's sample).
  public static let upgradeKey = "dGhlIHNhbXBsZSBub25jZQ=="

  /// What the app's client makes of a server's answer to its upgrade request (sent with
  /// ``upgradeKey``), given in pieces ending at `cuts`: `accepted <head length>`, `refused
  /// <status>`, `incomplete`, or the error's description; and, when it is refused, the reason the
  /// client would show from the same bytes read as a plain answer.
  public static func upgradeAnswer(_ bytes: [UInt8], cuts: [Int]) -> (
    answer: String, refusal: String?
  ) {
    var answer = "incomplete"
    var reader = UpgradeAnswerReader(key: upgradeKey)
    for end in cuts.filter({ $0 > 0 && $0 < bytes.count }).sorted() + [bytes.count] {
      do {
        switch try reader.read(Array(bytes[..<end])) {
        case .incomplete: continue
        case .accepted(let length): answer = "accepted \(length)"
        case .refused(let status): answer = "refused \(status)"
        }
      } catch {
        answer = error.description
      }
      break
    }
    return (answer, WebSocketClient.refusalReason(answer: bytes))
  }
}
