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
}
