@_spi(RibcageInspection) import Ribcage

/// Turns records into `ribcage-session` lines — the only place that knows what each kind of
/// event writes (the reader's side is ``TimelineReplay``). It runs when the ring is read,
/// streamed or written, never while an event is recorded; view models are encoded here.
@MainActor
struct SessionLineFormatter {
  /// Whether `Encodable` view models are encoded (otherwise only their type).
  let encodesViewModels: Bool
  /// The largest encoded view model written; a larger one is written by type and size.
  let maximumViewModelBytes: Int
  /// Encodes view models straight to JSON bytes (`JSONEncoder` costs ten times more).
  private var encoder = ViewModelEncoder()
  private var json: [UInt8] = []
  /// View models of `Sendable` types left out of the lines written, for another thread to
  /// encode; `nil` (the default) to encode every view model as its line is written.
  var deferred: [DeferredViewModel]?

  init(encodesViewModels: Bool, maximumViewModelBytes: Int) {
    self.encodesViewModels = encodesViewModels
    self.maximumViewModelBytes = maximumViewModelBytes
  }

  /// Writes the lines of `segment`'s records in `range` (their times normalized).
  mutating func write(
    _ segment: RecordSegment, _ range: Range<Int>, tables: inout RecorderTables,
    into out: JSONLineWriter
  ) {
    for index in range {
      // A segment's keyframe is its first record's.
      write(
        segment.normalized(index), seq: segment.records.firstSeq &+ UInt64(index),
        segment.payloads,
        keyframe: index == 0 ? segment.keyframe : nil, tables: &tables, into: out)
    }
  }

  private mutating func write(
    _ record: EventRecord, seq: UInt64, _ payloads: PayloadBuffer, keyframe: Keyframe?,
    tables: inout RecorderTables,
    into out: JSONLineWriter
  ) {
    out.appendFragment("{\"seq\":")
    out.appendDecimal(seq)
    out.appendFragment(",\"t\":")
    out.appendDecimal(record.time)
    out.appendFragment(",\"type\":\"")
    // An attach's `payload` is its naming, a render kept in place's an index in its chunk;
    // every other's is an index into `payloads`.
    let payload =
      record.payload >= 0 && record.kind != .attach && !record.isKeptInPlace
      ? payloads[Int(record.payload)] : .none
    switch record.kind {
    case .keyframe:
      out.appendFragment("keyframe\"")
      if let keyframe {
        writeKeyframe(keyframe, tables: &tables, into: out)
      }
    case .attach:
      out.appendFragment("attach\"")
      rib(record, tables: &tables, into: out)
      if record.bits & EventBits.hasParent != 0 {
        out.member("parent", record.other)
      } else {
        out.memberNull("parent")
      }
      let naming = tables.ribs.namings[Int(record.payload)]
      out.key("name")
      out.append(byte: UInt8(ascii: "\""))
      out.appendRaw(naming.escapedName)
      out.append(byte: UInt8(ascii: "\""))
      out.member("router", naming.routerType)
      out.member("view", record.bits & EventBits.hasView != 0)
      if record.bits & EventBits.isActive != 0 { out.member("active", true) }
      if record.bits & EventBits.isLoaded != 0 { out.member("loaded", true) }
    case .detach:
      out.appendFragment("detach\"")
      rib(record, tables: &tables, into: out)
      if record.bits & EventBits.hasParent != 0 { out.member("parent", record.other) }
    case .activate:
      out.appendFragment("activate\"")
      rib(record, tables: &tables, into: out)
    case .deactivate:
      out.appendFragment("deactivate\"")
      rib(record, tables: &tables, into: out)
    case .load:
      out.appendFragment("load\"")
      rib(record, tables: &tables, into: out)
    case .hook:
      out.appendFragment("hook\"")
      rib(record, tables: &tables, into: out)
      out.member("hook", literal: SessionFormat.literal(LifecycleHook(recordBits: record.bits)))
      out.member("ns", record.other)
    case .render:
      out.appendFragment("render\"")
      if record.bits & EventBits.hasRIB != 0 {
        rib(record, tables: &tables, into: out)
      } else {
        out.memberNull("rib")
      }
      let type = record.viewModelType
      out.appendFragment(",\"viewModelType\":\"")
      out.appendRaw(tables.viewModelTypes.entries[Int(type)].escapedName)
      out.appendFragment("\"")
      if record.isKeptInPlace {
        // The segment holds the chunk the record points into.
        let chunk = Unmanaged<ViewModelChunk>.fromOpaque(
          UnsafeRawPointer(bitPattern: UInt(record.other))!)
        let value = Self.value(at: record.payload, in: chunk)
        writeViewModel(value, type: type, tables: &tables, into: out)
      } else if case .viewModel(let kept) = payload {
        writeViewModel(kept.value, type: type, tables: &tables, into: out)
      }
    default:
      writeSource(record, payload, tables: &tables, into: out)
    }
    out.closeLine()
  }

  /// The value at `index` in `chunk`, boxed. Apart, and not isolated: a main-actor closure
  /// handed to `_withUnsafeGuaranteedRef` is checked at run time for being on the main actor.
  private nonisolated static func value(at index: Int32, in chunk: Unmanaged<ViewModelChunk>)
    -> Any
  {
    chunk._withUnsafeGuaranteedRef { $0.value(at: index) }
  }

  /// `,"rib":<id>,"path":"<path>"`.
  func rib(_ record: EventRecord, tables: inout RecorderTables, into out: JSONLineWriter) {
    out.appendFragment(",\"rib\":")
    out.appendDecimal(record.rib)
    out.appendFragment(",\"path\":\"")
    tables.ribs.writePath(record.path, into: out)
    out.appendFragment("\"")
  }

  /// `,"viewModel":<json>` or `,"viewModelOmitted":"<why>"`, as configured; records the
  /// encoded size for the budget. A value of a `Sendable` type is left for another thread when
  /// the lines are being handed over (``deferred``).
  private mutating func writeViewModel(
    _ value: Any, type: Int32, tables: inout RecorderTables, into out: JSONLineWriter
  ) {
    if deferEncoding(of: value, type: type, tables: &tables, writingOmission: true, at: out.count) {
      return
    }
    guard let encoded = encode(value, type: type, tables: &tables) else { return }
    Self.writeMembers(encoded, into: out)
  }

  /// `,"viewModel":<json>`, or `,"viewModelOmitted":"<why>"` for a render's line.
  nonisolated static func writeMembers(
    _ encoded: Result<[UInt8], Omission>, into out: JSONLineWriter
  ) {
    switch encoded {
    case .success(let json): out.member("viewModel", json: json)
    case .failure(let problem): out.member("viewModelOmitted", problem.text)
    }
  }

  /// Why a view model was left out of a line.
  struct Omission: Error {
    var text: String
    /// What it weighed encoded, when it was left out for weighing too much.
    var encodedBytes: Int?
  }

  /// `value` encoded, or why it was not; `nil` when view models are not encoded or the value
  /// is not `Encodable`.
  mutating func encode(_ value: Any, type: Int32, tables: inout RecorderTables)
    -> Result<[UInt8], Omission>?
  {
    guard encodesViewModels, let value = tables.viewModelTypes.encodable(value, type: type)
    else { return nil }
    let encoded = Self.encode(
      value, with: &encoder, into: &json, maximumBytes: maximumViewModelBytes)
    switch encoded {
    case .success(let json): tables.viewModelTypes.sampled(type, bytes: json.count)
    case .failure(let omission):
      if let bytes = omission.encodedBytes { tables.viewModelTypes.sampled(type, bytes: bytes) }
    }
    return encoded
  }

  /// `value` encoded with `encoder` (in `json`, which it empties first), or why it was not:
  /// the one way a view model is encoded, on whichever thread.
  nonisolated static func encode(
    _ value: any Encodable, with encoder: inout ViewModelEncoder, into json: inout [UInt8],
    maximumBytes: Int
  ) -> Result<[UInt8], Omission> {
    json.removeAll(keepingCapacity: true)
    do {
      try encoder.encode(value, into: &json)
    } catch {
      return .failure(Omission(text: "could not be encoded: \(error)"))
    }
    guard json.count <= maximumBytes else {
      return .failure(
        Omission(
          text: "\(json.count) bytes, over the \(maximumBytes)-byte limit",
          encodedBytes: json.count))
    }
    return .success(json)
  }

  // MARK: Encoding elsewhere

  /// Leaves `value` to be encoded on another thread, its members to go at `offset` of the
  /// lines, when lines are being handed over (``deferred`` is not `nil`) and `value`'s type is
  /// `Sendable`; returns whether it did.
  mutating func deferEncoding(
    of value: Any, type: Int32, tables: inout RecorderTables, writingOmission: Bool,
    at offset: Int
  ) -> Bool {
    guard deferred != nil, encodesViewModels,
      tables.viewModelTypes.entries[Int(type)].isSendable,
      tables.viewModelTypes.holdsItsOwnType(value, type: type),
      tables.viewModelTypes.encodable(value, type: type) != nil,
      tables.viewModelTypes.encodesOffMainActor(value, type: type)
    else { return false }
    deferred!.append(
      DeferredViewModel(
        offset: offset, value: SendableValue(value), writesOmission: writingOmission))
    return true
  }
}
