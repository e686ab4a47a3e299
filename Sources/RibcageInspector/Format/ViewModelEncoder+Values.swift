extension ViewModelEncoder.Stream {
  // MARK: Values

  /// Writes `value` at `place` in `level`: directly when it is a number, string or boolean,
  /// else by letting it encode itself into a new level. If it throws, the text and `level`
  /// are put back as they were, so a value whose own code catches the error (`try?`) still
  /// produces valid JSON, without the member that failed.
  @inline(__always)
  func encode<T: Encodable>(_ value: T, at place: Place, in level: LevelID) throws {
    try reach(level)
    let mark = count
    let levelCount = top.count
    try enter(place)
    do {
      if try appendScalar(value) { return }
      try encodeNested(value, at: place, in: level)
    } catch let number as NonFiniteNumber {
      restore(level, count: mark, levelCount: levelCount, place: place)
      throw ViewModelEncodingError(
        codingPath: path(to: level.depth, then: place), reason: number.reason)
    } catch {
      restore(level, count: mark, levelCount: levelCount, place: place)
      noteForeignError(error, at: level, then: place)
      throw error
    }
  }

  func encodeNull(at place: Place, in level: LevelID) throws {
    try reach(level)
    try enter(place)
    appendLiteral("null")
  }

  private func encodeNested<T: Encodable>(
    _ value: T, at place: Place, in level: LevelID
  ) throws {
    guard canNest else {
      throw fail(Self.tooDeep, path: path(to: level.depth, then: place))
    }
    let slot =
      switch place {
      case .member(let name): push(.pending, name: name, index: -1)
      case .element: push(.pending, name: nil, index: top.count &- 1)
      case .slot: push(.pending, name: nil, index: -1)
      }
    try value.encode(to: ValueEncoder(stream: self, slot: slot))
    if let failure { throw failure }
    if slot.serial != top.serial {
      guard isLive(slot) else { throw fail(Self.finishedContainer) }
      while below.count > slot.depth { closeTop() }
    }
    closeTop()
  }

  /// Undoes a value that threw: its text, the levels it opened, its place in `level`.
  private func restore(_ level: LevelID, count mark: Int, levelCount: Int, place: Place) {
    guard isLive(level) else { return }
    while below.count > level.depth { top = below.removeLast() }
    count = mark
    top.count = levelCount
    if case .slot = place { top.shape = .pending }
  }

  private func noteForeignError(_ error: any Error, at level: LevelID, then place: Place) {
    guard !(error is ViewModelEncodingError) else { return }
    // Each level the error passes out of calls this; the innermost one, first, knows where it
    // happened. A different description means a new error, after the value caught an old one.
    let description = String(describing: error)
    guard foreignError?.description != description else { return }
    foreignError = (description, path(to: level.depth, then: place))
  }

}
