extension ViewModelEncoder.Stream {
  // MARK: Coding paths

  func level(at depth: Int) -> Level {
    depth == below.count ? top : below[depth]
  }

  func codingPath(to level: LevelID) -> [any CodingKey] {
    guard isLive(level), level.depth > 0 else { return [] }
    var path: [any CodingKey] = []
    for depth in 1...level.depth {
      let component = self.level(at: depth)
      if let name = component.name {
        path.append(PathKey(stringValue: name))
      } else if component.index >= 0 {
        path.append(PathKey(intValue: component.index))
      }
    }
    return path
  }

  /// The path to the level at `depth`, then to `place` in it, as `rows[2].price`.
  func path(to depth: Int, then place: Place? = nil) -> String {
    var components: [(name: String?, index: Int)] = []
    if depth > 0, depth <= below.count {
      for depth in 1...depth {
        let component = level(at: depth)
        if component.name != nil || component.index >= 0 {
          components.append((component.name, component.index))
        }
      }
    }
    switch place {
    case .member(let name): components.append((name, -1))
    case .element: if depth == below.count { components.append((nil, top.count)) }
    case .slot, nil: break
    }
    // A cycle's path has hundreds of components: its ends say enough.
    if components.count > 24 {
      components = components.prefix(8) + [("…", -1)] + components.suffix(12)
    }
    var path = ""
    for (name, index) in components {
      if let name {
        if !path.isEmpty { path += "." }
        path += name
      } else {
        path += "[\(index)]"
      }
    }
    return path
  }

}

extension ViewModelEncoder {
  /// A key in a coding path: a stand-in with the string value (or index) of the real key.
  struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
      self.stringValue = stringValue
    }

    init(intValue: Int) {
      stringValue = "Index \(intValue)"
      self.intValue = intValue
    }
  }
}
