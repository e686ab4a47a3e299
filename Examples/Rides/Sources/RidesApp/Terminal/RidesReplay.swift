import Foundation
import Ribcage
import RibcageInspector

/// Replays a recorded Rides session: the screens exactly as they were at any event, rebuilt from
/// the recorded view models alone — no services, no backend, no RIBs.
///
/// ```text
/// $ rides --record /tmp/ride.jsonl --demo
/// $ rides --replay /tmp/ride.jsonl --at 120
/// replay> next          # the end of the next turn (command)
/// replay> prev 2        # two turns back
/// replay> at 300        # event 300
/// replay> step          # one event forward (back: one event back)
/// ```
@MainActor
public final class RidesReplay {
  /// The mark the terminal adds at the end of every turn, followed by the command.
  public static let turnMarkPrefix = "turn: "

  /// The recorded session.
  public let timeline: SessionTimeline
  /// The position shown now (in the timeline's events).
  public private(set) var position: Int
  /// Whether `quit` was typed.
  public private(set) var hasQuit = false
  private let turns: [(index: Int, command: String)]

  /// Opens `timeline` at the event with sequence number `seq` (or the last one before it), or at
  /// the end of the first turn.
  public init(timeline: SessionTimeline, at seq: Int64? = nil) {
    self.timeline = timeline
    turns = timeline.marks.compactMap { index, text in
      text.hasPrefix(Self.turnMarkPrefix)
        ? (index, String(text.dropFirst(Self.turnMarkPrefix.count))) : nil
    }
    if let seq {
      position = timeline.index(ofSequence: seq) ?? 0
    } else {
      position = turns.first?.index ?? 0
    }
  }

  /// The screens shown at event `index`, in tree order, with the RIB that shows each: every RIB
  /// attached then whose last recorded view model is one of Rides' screens.
  public func screens(at index: Int) -> [(rib: String, screen: Screen)] {
    timeline.moment(at: index).ribs.compactMap { rib, _ in
      guard let type = rib.viewModelType, let json = rib.viewModel,
        let screen = Self.screen(type: type, json: json)
      else { return nil }
      return (rib.name, screen)
    }
  }

  /// The screen a recorded view model shows, decoded by its type name.
  static func screen(type: String, json: JSONValue) -> Screen? {
    guard let decode = screenDecoders[type] else { return nil }
    return try? decode(Data(json.serialized().utf8))
  }

  /// Every view model type Rides renders, by the name a recording gives it.
  private static let screenDecoders: [String: @Sendable (Data) throws -> Screen] = {
    func decoder<Model: ScreenModel>(_: Model.Type) -> (String, @Sendable (Data) throws -> Screen) {
      (String(reflecting: Model.self), { data in try decodeScreen(Model.self, from: data) })
    }
    return Dictionary(
      uniqueKeysWithValues: [
        decoder(LoggedOutViewModel.self), decoder(HomeViewModel.self),
        decoder(LocationEditorViewModel.self), decoder(ProductSelectionViewModel.self),
        decoder(CardViewModel.self), decoder(ConfirmViewModel.self), decoder(CouponViewModel.self),
        decoder(RefinementViewModel.self), decoder(PendingViewModel.self),
        decoder(MatchedViewModel.self), decoder(OnTripViewModel.self),
        decoder(DroppedOffViewModel.self), decoder(LiveActivityViewModel.self),
      ])
  }()

  private nonisolated static func decodeScreen<Model: ScreenModel>(
    _: Model.Type, from data: Data
  ) throws -> Screen {
    let model = try JSONDecoder().decode(Model.self, from: data)
    return model.screen
  }

  // MARK: The replay terminal

  /// What is shown now: where in the session, the event, then every screen.
  public func render() -> String {
    let event = timeline.events[position]
    var lines = ["── event \(event.seq) of \(timeline.events.last?.seq ?? 0)\(turnDescription) ──"]
    lines.append("   " + event.summary)
    for (_, screen) in screens(at: position) {
      lines.append(RidesTerminal.text(of: screen, colour: false))
    }
    return lines.joined(separator: "\n")
  }

  /// `after turn 3 of 23: "login alice"` at a turn's end, `during turn 4 of 23: "request"`
  /// inside one.
  private var turnDescription: String {
    guard let turn = turns.firstIndex(where: { $0.index >= position }) else { return "" }
    let phase = turns[turn].index == position ? "after" : "during"
    return ", \(phase) turn \(turn + 1) of \(turns.count): \"\(turns[turn].command)\""
  }

  /// Runs one replay command; returns what to print.
  public func run(_ line: String) -> String {
    let words = line.split(separator: " ").map(String.init)
    guard let verb = words.first?.lowercased() else { return "" }
    let count = words.count > 1 ? Int(words[1]) : 1
    switch verb {
    case "next", "prev":
      guard let count, count > 0 else { return "✗ \(verb) takes a number of turns, e.g. \(verb) 2" }
      let targets =
        verb == "next"
        ? turns.filter { $0.index > position }.map(\.index)
        : turns.filter { $0.index < position }.map(\.index).reversed()
      guard !targets.isEmpty else {
        return
          "✗ no \(verb == "next" ? "later" : "earlier") turn; at event \(timeline.events[position].seq)"
      }
      position = targets[min(count, targets.count) - 1]
    case "step", "back":
      guard let count, count > 0 else {
        return "✗ \(verb) takes a number of events, e.g. \(verb) 5"
      }
      position =
        verb == "step"
        ? min(position + count, timeline.events.count - 1) : max(position - count, 0)
    case "at":
      guard words.count == 2, let seq = Int64(words[1]), let index = timeline.index(ofSequence: seq)
      else {
        return
          "✗ at takes an event number from \(timeline.events.first?.seq ?? 0) to \(timeline.events.last?.seq ?? 0)"
      }
      position = index
    case "tree":
      return timeline.moment(at: position).treeText
    case "changes":
      let changes = timeline.moment(at: position).changes
      return changes.isEmpty
        ? "(nothing changed)" : changes.map(\.description).joined(separator: "\n")
    case "help":
      return """
        next [n] / prev [n]   the end of the next / previous turn (command)
        step [n] / back [n]   n events forward / back
        at <event>            the screens at that event
        tree                  the RIB tree at this event
        changes               what this event changed
        quit
        """
    case "quit", "exit":
      hasQuit = true
      return ""
    default:
      return "✗ unknown replay command '\(verb)'; type help"
    }
    return render()
  }
}
