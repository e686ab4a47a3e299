// The graph's records as `ribcage-graph` JSON writes them: every key always present, in the
// order `docs/graph.md` documents, a missing value `null`.

extension RIBGraph.Node {
  var json: JSONValue {
    [
      "id": .string(id), "name": .string(name), "module": .string(module),
      "router": .string(router), "builder": JSONValue(builder),
      "interactor": JSONValue(interactor), "component": JSONValue(component),
      "dependency": JSONValue(dependency), "listener": JSONValue(listener),
      "view": JSONValue(view), "presenter": JSONValue(presenter), "hasView": .bool(hasView),
      "path": .string(path), "line": .integer(line),
    ]
  }
}

extension RIBGraph.Edge {
  var json: JSONValue {
    [
      "parent": .string(parent), "child": .string(child), "plugin": .bool(isPlugin),
      "flag": JSONValue(flag), "evidence": .string(evidence), "path": .string(path),
      "line": .integer(line), "column": .integer(column),
    ]
  }
}

extension RIBGraph.Problem {
  var json: JSONValue {
    [
      "kind": .string(kind.rawValue), "severity": .string(severity.rawValue),
      "rib": JSONValue(rib), "message": .string(message), "path": .string(path),
      "line": .integer(line), "column": .integer(column),
    ]
  }
}

extension RIBGraph.Unplaced {
  var json: JSONValue {
    [
      "type": .string(type), "path": .string(path), "line": .integer(line),
      "reason": .string(reason),
    ]
  }
}

extension RIBGraph.Workflow {
  var json: JSONValue {
    let steps: [JSONValue] = steps.map { step in
      [
        "method": JSONValue(step.method), "actionable": JSONValue(step.actionable),
        "rib": JSONValue(step.rib),
      ]
    }
    return [
      "name": .string(name), "root": JSONValue(root), "steps": .array(steps),
      "path": .string(path), "line": .integer(line),
    ]
  }
}
