/// A view model a line was written without, to be encoded on another thread: where its members
/// go in the lines' bytes, and the value (boxed: it is cast to `Encodable` where it is encoded,
/// so that the conformance found is one that may be used there).
struct DeferredViewModel: Sendable {
  /// Where in the lines its members go.
  var offset: Int
  var value: SendableValue
  /// Whether a value left out says why (`"viewModelOmitted"`, on a render's line) or nothing
  /// (a keyframe's RIB).
  var writesOmission: Bool
}

/// Lines written on the main actor without some of their view models, which are encoded where
/// ``assembled()`` runs.
struct DeferredLines: Sendable {
  var bytes: [UInt8]
  var viewModels: [DeferredViewModel]
  /// The largest encoded view model written.
  var maximumViewModelBytes: Int

  /// The lines with every view model in place, encoded on the calling thread.
  func assembled() -> [UInt8] {
    var encoder = ViewModelEncoder()
    var json: [UInt8] = []
    let out = JSONLineWriter(capacity: bytes.count + 128 * viewModels.count)
    var position = 0
    for viewModel in viewModels {
      out.appendRaw(bytes[position..<viewModel.offset])
      position = viewModel.offset
      out.continueObject()
      // Found on the main actor's side before the value was deferred: never `nil` here.
      guard let encodable = viewModel.value.value as? any Encodable else { continue }
      let encoded = SessionLineFormatter.encode(
        encodable, with: &encoder, into: &json, maximumBytes: maximumViewModelBytes)
      if viewModel.writesOmission {
        SessionLineFormatter.writeMembers(encoded, into: out)
      } else if case .success(let json) = encoded {
        out.member("viewModel", json: json)
      }
    }
    out.appendRaw(bytes[position...])
    return out.bytes
  }
}

/// A value of a type known to be `Sendable` (a render loop made where it is said so:
/// ``ViewModelTypes/Entry/isSendable``), boxed as `Any` — which the compiler cannot see through.
struct SendableValue: @unchecked Sendable {
  let value: Any

  init(_ value: Any) {
    self.value = value
  }
}
