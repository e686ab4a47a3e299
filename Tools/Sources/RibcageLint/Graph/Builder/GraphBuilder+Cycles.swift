extension GraphBuilder {
  /// Each cycle once, as the path that closes it — when building it recurses: every RIB on the
  /// loop creates the next one's builder. A loop through a builder handed down (made once by an
  /// ancestor's component, stored and built on demand) builds nothing eagerly: opening the RIBs
  /// in turn (a story's author, the author's story) is navigation, not a cycle.
  func findCycles(_ graph: inout RIBGraph) {
    var children: [String: [RIBGraph.Edge]] = [:]
    // A RIB opening another of its kind is no cycle: its edge to itself is never eager (a
    // builder building itself while building is not drawn).
    for edge in graph.edges where edge.parent != edge.child {
      children[edge.parent, default: []].append(edge)
    }
    var state: [String: Int] = [:]  // 1 on the path, 2 done
    var reported: Set<Set<String>> = []
    for start in graph.nodes.map(\.id) where state[start] == nil {
      var path: [String] = []
      var stack: [(id: String, next: Int)] = [(start, 0)]
      state[start] = 1
      path.append(start)
      while !stack.isEmpty {
        let (id, next) = stack[stack.count - 1]
        let edges = children[id] ?? []
        guard next < edges.count else {
          state[id] = 2
          stack.removeLast()
          path.removeLast()
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = edges[next]
        switch state[edge.child] {
        case nil:
          state[edge.child] = 1
          stack.append((edge.child, 0))
          path.append(edge.child)
        case 1:
          let cycle = Array(path[path.lastIndex(of: edge.child)!...]) + [edge.child]
          let eager = zip(cycle, cycle.dropFirst()).allSatisfy { parent, child in
            children[parent]?.contains { $0.child == child && Self.isCreation($0) } ?? false
          }
          if eager, reported.insert(Set(cycle)).inserted {
            graph.problems.append(
              .init(
                kind: .cycle,
                message:
                  "cycle: \(cycle.joined(separator: " → ")); a RIB that builds its own ancestor "
                  + "recurses without end if the builders are created eagerly — break it with a "
                  + "listener or a shared parent",
                path: edge.path, line: edge.line, column: edge.column, rib: edge.child))
          }
        default: break
        }
      }
    }
  }

  /// Whether the edge's parent creates the child's builder (or component) itself.
  static func isCreation(_ edge: RIBGraph.Edge) -> Bool {
    edge.evidence.hasPrefix("creates ")
  }
}
