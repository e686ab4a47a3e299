import RibcageToolInfo

/// SARIF 2.1.0 (OASIS), as `ribcage lint` and `ribcage graph` write it: one run, the rules as
/// the tool's `reportingDescriptor`s with their help, one `result` per finding or problem with a
/// location relative to `%SRCROOT%`, and the files skipped or partly read as notifications. Rule
/// ids are stable and paths relative to the working folder, so alerts deduplicate from run to
/// run; past `options.resultLimit` results (GitHub takes 25,000 a run) the rest are left out,
/// errors kept first, and a notification says how many.
struct SARIFLog {
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The command (`lint`, `graph`): the driver is `ribcage-<command>`.
  var command: String
  var rules: [SARIFRule]
  var results: [SARIFResult]
  var notes: [FileNote]
  var options: SARIFOptions

  func render() -> String {
    let indices = Dictionary(
      rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    let kept = options.kept(results) { $0.level == .error }
    var notifications: [JSONValue] = notes.map { note in
      [
        "level": .string(note.kind == .skipped ? "warning" : "note"),
        "message": ["text": .string("\(note.path): \(note.reason)")],
        "locations": [
          ["physicalLocation": ["artifactLocation": SARIFLocation.artifact(note.path)]]
        ],
      ]
    }
    if kept.count < results.count {
      let message =
        "\(results.count - kept.count) of \(results.count) results left out: this report keeps "
        + "\(options.resultLimit) (GitHub code scanning takes at most 25,000 a run), errors "
        + "first; `ribcage \(command)` prints them all"
      notifications.append(["level": "warning", "message": ["text": .string(message)]])
    }
    var driver: [(key: String, value: JSONValue)] = [("name", .string("ribcage-" + command))]
    if let url = options.rulesURL { driver.append(("informationUri", .string(url))) }
    driver += [
      ("semanticVersion", .string(ToolVersion.current)),
      ("rules", .array(rules.map { $0.json(options: options) })),
    ]
    let run: JSONValue = [
      "tool": ["driver": .object(driver)],
      "invocations": [
        ["executionSuccessful": true, "toolExecutionNotifications": .array(notifications)]
      ],
      "results": .array(kept.map { $0.json(ruleIndex: indices[$0.ruleID] ?? 0) }),
    ]
    let log: JSONValue = ["$schema": .string(Self.schema), "version": "2.1.0", "runs": [run]]
    return JSONWriter.render(log, layout: .indented)
  }
}
