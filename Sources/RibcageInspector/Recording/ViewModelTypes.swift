import Dispatch

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
    /// Whether every value rendered as this type is of this very type (a struct, an enum, or an
    /// existential, whose `type(of:)` in generic code is the existential: not a class, which a
    /// subclass's value may be rendered as): learnt from the first value rendered as it; `nil`
    /// until then.
    var holdsOnlyItself: Bool?
    /// Where its values are kept, made at the first value kept in place.
    var store: ViewModelStore?
    /// Whether a loop that rendered it knew it to be `Sendable`: its values (of this very type,
    /// ``holdsOnlyItself``) may be encoded on another thread.
    var isSendable = false
    /// Turns a value of the type, boxed, into `any Encodable` (`nil` inside: not `Encodable`);
    /// learnt from the first value of the type itself encoded (an existential type's values are
    /// of other types: never learnt). A cast to a protocol searches the conformances at every
    /// call (over a thousand instructions), a cast to the type does not.
    var encodable: ((Any) -> (any Encodable)?)??
    /// Whether its `Encodable` conformance is found off the main actor (it is not isolated to
    /// the main actor): learnt once, before its values are first encoded in the background.
    var encodesOffMainActor: Bool?
    /// The type's identity.
    let key: ObjectIdentifier
    /// Whether its values are kept: until they are found never to be written (view models not
    /// encoded, or the type not `Encodable`).
    var keepsValues = true
  }

  /// Where a type's `Encodable` conformance is looked for off the main actor.
  private static let probe = DispatchQueue(
    label: "ribcage.session-encoding-probe", qos: .userInitiated)

  private(set) var entries: [Entry] = []
  private var index: [ObjectIdentifier: Int32] = [:]
  /// The type looked up last: an app's renders come in runs of one type.
  private var lastType: ObjectIdentifier?
  private var lastIndex: Int32 = 0
  /// The store of type `lastIndex`, read without retaining it (stores live as long as their
  /// entries, which are never removed).
  private var lastStore: Unmanaged<ViewModelStore>?
  static let sampleInterval = 1_024

  /// The index of `type`.
  @inline(__always)
  mutating func index(of type: Any.Type) -> Int32 {
    let key = ObjectIdentifier(type)
    if key == lastType { return lastIndex }
    if let known = index[key] {
      (lastType, lastIndex) = (key, known)
      lastStore = entries[Int(known)].store.map { Unmanaged.passUnretained($0) }
      return known
    }
    return add(type)
  }

  private mutating func add(_ type: Any.Type) -> Int32 {
    let name = String(reflecting: type)
    let escaped = JSONLineWriter()
    escaped.appendEscaped(name)
    entries.append(
      Entry(
        name: name, escapedName: escaped.bytes, estimatedBytes: name.utf8.count + 32,
        rendersUntilSample: 0, key: ObjectIdentifier(type)))
    let known = Int32(entries.count - 1)
    index[ObjectIdentifier(type)] = known
    (lastType, lastIndex, lastStore) = (ObjectIdentifier(type), known, nil)
    return known
  }

  /// Counts a render of type `index`; whether its value is due to be sampled.
  @inline(__always)
  mutating func isSampleDue(_ index: Int32) -> Bool {
    entries[Int(index)].rendersUntilSample -= 1
    return entries[Int(index)].rendersUntilSample <= 0
  }

  /// Whether `value`, rendered as `ViewModel` (type `index`), is of that very type: looked up
  /// only for types that can hold another (`type(of:)` on a generic value is a run-time call).
  @inline(__always)
  mutating func isExactly<ViewModel>(_ value: ViewModel, type index: Int32) -> Bool {
    if entries[Int(index)].holdsOnlyItself == true { return true }
    let isExact = ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(ViewModel.self)
    if entries[Int(index)].holdsOnlyItself == nil {
      entries[Int(index)].holdsOnlyItself = isExact && !(ViewModel.self is AnyClass)
    }
    return isExact
  }

  /// Records what a sampled value of type `index` took encoded.
  mutating func sampled(_ index: Int32, bytes: Int) {
    entries[Int(index)].estimatedBytes = bytes + 32
    entries[Int(index)].rendersUntilSample = Self.sampleInterval
  }

  func estimatedBytes(of index: Int32) -> Int { entries[Int(index)].estimatedBytes }

  /// `value`, of type `index`, as `any Encodable`, if its type is `Encodable`.
  mutating func encodable(_ value: Any, type index: Int32) -> (any Encodable)? {
    if let known = entries[Int(index)].encodable { return known?(value) }
    let encodable = value as? any Encodable
    guard holdsItsOwnType(value, type: index) else { return encodable }
    entries[Int(index)].encodable = .some(encodable.map { Self.caster(for: $0) })
    return encodable
  }

  /// Whether `value` is of type `index` itself (not of a type an existential holds).
  func holdsItsOwnType(_ value: Any, type index: Int32) -> Bool {
    ObjectIdentifier(Swift.type(of: value)) == entries[Int(index)].key
  }

  /// Whether `value`, of type `index` itself and `Sendable`, may be encoded off the main actor:
  /// its `Encodable` conformance is found there (one isolated to the main actor is not).
  mutating func encodesOffMainActor(_ value: Any, type index: Int32) -> Bool {
    if let known = entries[Int(index)].encodesOffMainActor { return known }
    let box = SendableValue(value)
    // Asynchronously, and waited for: `sync` may run the block on the calling thread.
    let found = LockedValue(false)
    let done = DispatchSemaphore(value: 0)
    Self.probe.async {
      found.value = (box.value as? any Encodable) != nil
      done.signal()
    }
    done.wait()
    entries[Int(index)].encodesOffMainActor = found.value
    return found.value
  }

  /// Stops sampling type `index` and keeping its values: they are not encoded (not
  /// `Encodable`, or view models are not encoded at all), so what a render weighs is its name.
  mutating func stopKeeping(_ index: Int32) {
    entries[Int(index)].rendersUntilSample = .max
    entries[Int(index)].keepsValues = false
  }

  /// Whether the values of type `index` are kept.
  @inline(__always)
  func keepsValues(of index: Int32) -> Bool { entries[Int(index)].keepsValues }

  /// Whether a value of type `index` was found not to be `Encodable`.
  @inline(__always)
  func isKnownNotEncodable(_ index: Int32) -> Bool {
    if case .some(.none) = entries[Int(index)].encodable { return true }
    return false
  }

  /// A cast to `Value`'s own type, as `any Encodable`.
  private static func caster<Value: Encodable>(for _: Value) -> (Any) -> (any Encodable)? {
    { $0 as? Value }
  }

  /// Notes that type `index` is `Sendable` (a loop that rendered it knew so).
  @inline(__always)
  mutating func markSendable(_ index: Int32) {
    if !entries[Int(index)].isSendable { entries[Int(index)].isSendable = true }
  }

  /// Keeps a copy of `value`, whose type is type `index`, in place; returns where, unretained.
  mutating func keep<ViewModel>(_ value: ViewModel, type index: Int32)
    -> (chunk: Unmanaged<ViewModelChunk>, index: Int32)
  {
    if index == lastIndex, let lastStore {
      return lastStore._withUnsafeGuaranteedRef { $0.keep(value) }
    }
    if let store = entries[Int(index)].store { return store.keep(value) }
    let store = ViewModelStore(of: ViewModel.self)
    entries[Int(index)].store = store
    if index == lastIndex { lastStore = Unmanaged.passUnretained(store) }
    return store.keep(value)
  }
}
