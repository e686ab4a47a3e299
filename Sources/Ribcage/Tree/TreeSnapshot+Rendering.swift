extension TreeSnapshot {
  /// An indented outline, one RIB per line with its state in brackets:
  ///
  /// ```
  /// Root [active, view]
  /// ├─ LoggedOut [inactive, view]
  /// └─ Ride [active]
  ///    └─ Matched [active, view]
  /// ```
  public func textRendering() -> String {
    var lines: [String] = []
    // Each stack entry carries the prefix for the node's own line and for its children's lines.
    var stack: [(node: TreeSnapshot, linePrefix: String, childPrefix: String)] = [(self, "", "")]
    while let (node, linePrefix, childPrefix) = stack.popLast() {
      var line = linePrefix + node.name + " [" + node.stateLabel + "]"
      if !node.notes.isEmpty { line += " (" + node.notes.joined(separator: "; ") + ")" }
      lines.append(line)
      let count = node.children.count
      for (offset, child) in node.children.enumerated().reversed() {
        let isLast = offset == count - 1
        stack.append(
          (child, childPrefix + (isLast ? "└─ " : "├─ "), childPrefix + (isLast ? "   " : "│  ")))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// JSON with the keys `name`, `type`, `active`, `view` and `children`, in that order, so that
  /// snapshots diff well in review.
  public func jsonRendering(prettyPrinted: Bool = true) -> String {
    var output = ""
    let newline = prettyPrinted ? "\n" : ""
    let separator = prettyPrinted ? ": " : ":"
    func indent(_ level: Int) -> String {
      prettyPrinted ? String(repeating: "  ", count: level) : ""
    }
    enum Step {
      case open(TreeSnapshot, level: Int, isLast: Bool)
      case close(level: Int, hadChildren: Bool, isLast: Bool)
    }
    var stack: [Step] = [.open(self, level: 0, isLast: true)]
    while let step = stack.popLast() {
      switch step {
      case .open(let node, let level, let isLast):
        let inner = indent(level + 1)
        output += indent(level) + "{" + newline
        output += inner + "\"name\"" + separator + Self.jsonString(node.name) + "," + newline
        output += inner + "\"type\"" + separator + Self.jsonString(node.routerType) + "," + newline
        output += inner + "\"active\"" + separator + (node.isActive ? "true" : "false") + ","
        output += newline
        output += inner + "\"view\"" + separator + (node.hasView ? "true" : "false") + "," + newline
        if !node.notes.isEmpty {
          output += inner + "\"notes\"" + separator + "["
          output += node.notes.map(Self.jsonString).joined(separator: prettyPrinted ? ", " : ",")
          output += "]," + newline
        }
        output += inner + "\"children\"" + separator + "["
        if node.children.isEmpty {
          output += "]" + newline + indent(level) + "}" + (isLast ? "" : ",") + newline
          continue
        }
        output += newline
        stack.append(.close(level: level, hadChildren: true, isLast: isLast))
        let count = node.children.count
        for (offset, child) in node.children.enumerated().reversed() {
          stack.append(.open(child, level: level + 2, isLast: offset == count - 1))
        }
      case .close(let level, _, let isLast):
        output += indent(level + 1) + "]" + newline + indent(level) + "}" + (isLast ? "" : ",")
        output += newline
      }
    }
    return output
  }

  /// A Mermaid flowchart: RIBs with a view are boxes, viewless RIBs are rounded, inactive RIBs
  /// are dashed.
  public func mermaidRendering() -> String {
    var lines = ["flowchart TD"]
    var edges: [String] = []
    var inactive: [String] = []
    var index = 0
    forEachNode { node, _, parent in
      let id = "n\(index)"
      let label = Self.mermaidLabel(node.name)
      lines.append("  " + id + (node.hasView ? "[\"\(label)\"]" : "(\"\(label)\")"))
      if parent >= 0 { edges.append("  n\(parent) --> \(id)") }
      if !node.isActive { inactive.append(id) }
      index += 1
    }
    lines += edges
    lines.append("  classDef inactive stroke-dasharray: 5 5,color:#888")
    if !inactive.isEmpty {
      lines.append("  class " + inactive.joined(separator: ",") + " inactive")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A Graphviz DOT digraph: RIBs with a view are boxes, viewless RIBs are ellipses, inactive
  /// RIBs are dashed and grey.
  public func dotRendering() -> String {
    var lines = ["digraph RIBTree {", "  node [fontname=\"Helvetica\"];"]
    var edges: [String] = []
    var index = 0
    forEachNode { node, _, parent in
      var attributes = ["label=\(Self.dotString(node.name))"]
      attributes.append(node.hasView ? "shape=box" : "shape=ellipse")
      if !node.isActive { attributes.append("style=dashed, color=gray50, fontcolor=gray50") }
      lines.append("  n\(index) [" + attributes.joined(separator: ", ") + "];")
      if parent >= 0 { edges.append("  n\(parent) -> n\(index);") }
      index += 1
    }
    lines += edges
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  var stateLabel: String {
    (isActive ? "active" : "inactive") + (hasView ? ", view" : "")
  }

  /// `text` as a JSON string, escaped as every JSON writer of the package does.
  static func jsonString(_ text: String) -> String {
    JSONText.quoted(text)
  }

  static func mermaidLabel(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      default: result.append(character)
      }
    }
    return result
  }

  static func dotString(_ text: String) -> String {
    var result = "\""
    for character in text {
      switch character {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result + "\""
  }
}
