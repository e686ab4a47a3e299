/// A view model a line was written without, to be encoded on another thread: where its members
/// go in the lines' bytes, and the value.
///
/// `@unchecked Sendable`: the value is a copy, boxed, of a type a render loop knew to be
/// `Sendable` (``ViewModelTypes/Entry/isSendable``) — which the compiler cannot see through
/// the box.
struct DeferredViewModel: @unchecked Sendable {
  /// Where in the lines its members go.
  var offset: Int
  var value: any Encodable
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
      let encoded = SessionLineFormatter.encode(
        viewModel.value, with: &encoder, into: &json, maximumBytes: maximumViewModelBytes)
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
