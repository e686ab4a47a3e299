/// The view model types a recorder has seen, interned: each type's full name
/// (`RidesApp.HomeViewModel`), formatted and escaped once, and what one of its values takes
/// encoded — what the budget counts a kept view model as.
///
/// View models are kept as values and encoded only when the ring is read, so their size is
/// learnt by encoding a sample: the first value of a type, then one render in
/// ``sampleInterval``. A type that cannot be encoded counts as its name.
struct ViewModelTypes {
  struct Entry {
    var name: String
    var escapedName: [UInt8]
    var estimatedBytes: Int
    var rendersUntilSample: Int
    /// Where its values are kept, made at the first value kept in place.
    var store: ViewModelStore?
  }

  private(set) var entries: [Entry] = []
  private var index: [ObjectIdentifier: Int32] = [:]
  /// The type looked up last: an app's renders come in runs of one type.
  private var lastType: ObjectIdentifier?
  private var lastIndex: Int32 = 0
  static let sampleInterval = 1_024

  /// The index of `type`, and whether a value of it is due to be sampled.
  mutating func type(of type: Any.Type) -> (index: Int32, isSampleDue: Bool) {
    let key = ObjectIdentifier(type)
    if key == lastType {
      entries[Int(lastIndex)].rendersUntilSample -= 1
      return (lastIndex, entries[Int(lastIndex)].rendersUntilSample <= 0)
    }
    if let known = index[key] {
      (lastType, lastIndex) = (key, known)
      entries[Int(known)].rendersUntilSample -= 1
      return (known, entries[Int(known)].rendersUntilSample <= 0)
    }
    let name = String(reflecting: type)
    let escaped = JSONLineWriter()
    escaped.appendEscaped(name)
    entries.append(
      Entry(
        name: name, escapedName: escaped.bytes, estimatedBytes: name.utf8.count + 32,
        rendersUntilSample: 0))
    let known = Int32(entries.count - 1)
    index[ObjectIdentifier(type)] = known
    return (known, true)
  }

  /// Records what a sampled value of type `index` took encoded.
  mutating func sampled(_ index: Int32, bytes: Int) {
    entries[Int(index)].estimatedBytes = bytes + 32
    entries[Int(index)].rendersUntilSample = Self.sampleInterval
  }

  func estimatedBytes(of index: Int32) -> Int { entries[Int(index)].estimatedBytes }

  /// Keeps a copy of `value`, whose type is type `index`, in place.
  mutating func keep<ViewModel>(_ value: ViewModel, type index: Int32) -> KeptViewModel {
    if let store = entries[Int(index)].store { return store.keep(value) }
    let store = ViewModelStore(of: ViewModel.self)
    entries[Int(index)].store = store
    return store.keep(value)
  }
}
