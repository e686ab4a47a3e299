/// A rule as SARIF lists it (a `reportingDescriptor`): a lint rule or a graph problem kind, each
/// documented at `docs/rules/<id>.md` in the Ribcage repository.
struct SARIFRule {
  var id: String
  /// The rule's PascalCase name, when it has one.
  var name: String? = nil
  var summary: String
  /// Why it matters, when there is more to say than the summary.
  var rationale: String? = nil
  /// The help text and its Markdown form, before the line pointing at the rule's page.
  var help: (text: String, markdown: String)
  var level: Severity

  /// The rule's page, relative to the repository: where its help points when no `--rules-url`
  /// says where the docs are published.
  var page: String { "docs/rules/\(id).md" }

  func json(options: SARIFOptions) -> JSONValue {
    let link = options.rulesURL.map { "\($0)/\(id).md" }
    let pointer = "Documentation: \(page) in the Ribcage repository."
    let markdownPointer =
      link.map { "Documentation: [\(page)](\($0))." }
      ?? "Documentation: `\(page)` in the Ribcage repository."
    var members: [(key: String, value: JSONValue)] = [("id", .string(id))]
    if let name { members.append(("name", .string(name))) }
    members.append(("shortDescription", ["text": .string(summary)]))
    if let rationale { members.append(("fullDescription", ["text": .string(rationale)])) }
    members.append(
      (
        "help",
        [
          "text": .string(help.text + "\n\n" + pointer),
          "markdown": .string(help.markdown + "\n\n" + markdownPointer),
        ]
      ))
    if let link { members.append(("helpUri", .string(link))) }
    members.append(("defaultConfiguration", ["level": .string(level.rawValue)]))
    return .object(members)
  }
}
