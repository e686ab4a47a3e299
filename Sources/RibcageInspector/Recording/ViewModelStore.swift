/// Where a recorder keeps the view models of one type: in chunks, as the values they are, so a
/// render copies its view model into memory that is already there instead of boxing it (a box
/// is an allocation for a view model over three words). A chunk nothing holds any more (the
/// segments with renders in it and the keyframes with values in it left the ring) is emptied
/// and reused: once the ring is warm, keeping a view model allocates nothing.
final class ViewModelStore {
  /// Values a chunk holds.
  static let chunkCapacity = 32
  /// How many of the oldest retired chunks a new chunk is looked for among.
  private static let chunksLookedAt = 4

  private let layout: ViewModelLayout
  @exclusivity(unchecked) private var current: ViewModelChunk {
    didSet { currentChunk = Unmanaged.passUnretained(current) }
  }
  /// ``current``, read without retaining it: a render appends to it and retains nothing.
  @exclusivity(unchecked) private var currentChunk: Unmanaged<ViewModelChunk>
  /// Full chunks, oldest first from ``oldest`` (the slots before it are empty), kept so they can
  /// be reused once nothing points into them.
  @exclusivity(unchecked) private var retired: [ViewModelChunk?] = []
  @exclusivity(unchecked) private var oldest = 0

  init<ViewModel>(of type: ViewModel.Type) {
    layout = ViewModelLayout(of: type)
    let first = ViewModelChunk(layout: layout, capacity: Self.chunkCapacity)
    current = first
    currentChunk = Unmanaged.passUnretained(first)
  }

  /// Keeps a copy of `value`, which must be of the type the store was made for; returns where,
  /// unretained: the caller holds the chunk (a render's segment does).
  @inline(__always)
  func keep<ViewModel>(_ value: ViewModel) -> (chunk: Unmanaged<ViewModelChunk>, index: Int32) {
    if currentChunk._withUnsafeGuaranteedRef({ $0.isFull }) { replaceCurrent() }
    let chunk = currentChunk
    return (chunk, chunk._withUnsafeGuaranteedRef { $0.append(value) })
  }

  /// Retires the full current chunk and takes one nothing points into any more, or a new one.
  ///
  /// The ring drops its oldest segments first, so the oldest chunks are the first to be free:
  /// only a few of the oldest are looked at, and one still pointed into (by a RIB that has not
  /// rendered since, or a keyframe) goes to the back.
  private func replaceCurrent() {
    retired.append(current)
    var reused: ViewModelChunk?
    var looked = 0
    while reused == nil, looked < Self.chunksLookedAt, oldest < retired.count {
      looked += 1
      var chunk = retired[oldest]!
      retired[oldest] = nil
      oldest += 1
      if isKnownUniquelyReferenced(&chunk) { reused = chunk } else { retired.append(chunk) }
    }
    if oldest >= 64, oldest * 2 >= retired.count {
      retired.removeFirst(oldest)
      oldest = 0
    }
    if let reused {
      reused.removeAll()
      current = reused
    } else {
      current = ViewModelChunk(layout: layout, capacity: Self.chunkCapacity)
    }
  }
}
