@_spi(RibcageFuzzing) import RibcageInspector
import Testing

/// What an inspector error says: it carries text a server chose (its status line, its answer's
/// first line, its close reason), and it is printed to a terminal.
@Suite("Inspector: what its errors say", .timeLimit(.minutes(5)))
struct InspectorErrorTests {
  @Test("a server's control characters reach the text as U+FFFD, not as terminal escapes")
  func serverTextHasNoControlCharacters() {
    // ESC [2J clears a terminal; ESC ] 0; … BEL sets its title; a line feed starts a line of the
    // server's own in a log.
    let answer = "HTTP/1.1 401 No\u{1B}[2J\r\n\r\nbad\u{1B}]0;title\u{7} token\u{85}\n"
    let reason = InspectorFuzzing.upgradeAnswer(Array(answer.utf8), cuts: []).refusal ?? ""
    #expect(
      InspectorError.handshakeRefused(reason).description
        == "the inspector refused the connection: 401 No\u{FFFD}[2J: bad\u{FFFD}]0;title\u{FFFD}"
        + " token\u{FFFD}")
    #expect(
      InspectorError.connectionLost("closed 1000: a\nb\u{7F}").description
        == "the inspector connection was lost: closed 1000: a\u{FFFD}b\u{FFFD}")
    #expect(
      InspectorError.handshakeRefused("401 Unauthorized: no token é").description
        == "the inspector refused the connection: 401 Unauthorized: no token é")
  }

  @Test("a server's bidirectional controls and line separators reach the text as U+FFFD")
  func serverTextHasNoBidiControls() {
    // A right-to-left override shows the rest of the line reversed; an isolate or a mark moves
    // text around it; U+2028 and U+2029 end a line where Unicode is read.
    let answer =
      "HTTP/1.1 401 \u{202E}dekcolb\u{202C} \u{2067}x\u{2069}\u{200F}\r\n\r\n"
      + "ok\u{2028}a\u{2029}b\u{61C}\n"
    let reason = InspectorFuzzing.upgradeAnswer(Array(answer.utf8), cuts: [3, 20]).refusal ?? ""
    #expect(
      InspectorError.handshakeRefused(reason).description
        == "the inspector refused the connection: 401 \u{FFFD}dekcolb\u{FFFD} \u{FFFD}x\u{FFFD}"
        + "\u{FFFD}: ok\u{FFFD}a\u{FFFD}b\u{FFFD}")
    // Letters of right-to-left scripts and joiners are text, kept as they are.
    #expect(
      InspectorError.connectionLost("שלום \u{200D}").description
        == "the inspector connection was lost: שלום \u{200D}")
  }
}
