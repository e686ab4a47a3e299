import Foundation
import Ribcage
import Testing

/// Captures every view model a render loop renders, and turns them into snapshot files that
/// review well: pretty-printed JSON with sorted keys.
///
/// ```swift
/// let recorder = ViewModelRecorder(loop)
/// ... drive the RIB ...
/// #expect(recorder.viewModels.last?.canConfirm == true)
/// try recorder.expectSnapshot(named: "confirm-flow", in: snapshotsFolder)
/// ```
@MainActor
public final class ViewModelRecorder<ViewModel> {
  /// Every view model rendered while recording, in order.
  public private(set) var viewModels: [ViewModel] = []
  private var subscription: StreamSubscription?

  /// Records what `loop` renders from now on.
  public init<State>(_ loop: RenderLoop<State, ViewModel>) {
    subscription = loop.rendered.observe { [unowned self] in self.viewModels.append($0) }
  }

  isolated deinit {
    subscription?.cancel()
  }

  /// Stops recording.
  public func stop() {
    subscription?.cancel()
  }
}

extension ViewModelRecorder where ViewModel: Codable {
  /// The recorded view models as stable JSON: pretty-printed, keys sorted, one array.
  public func snapshotJSON() throws -> String {
    try Snapshot.encode(viewModels)
  }

  /// Compares the recording with the snapshot file `<name>.json` in `folder`. A missing file is
  /// written (and the test fails once, so that a new snapshot is always looked at); a different
  /// one fails the test with both versions. Set `record: true` to overwrite.
  public func expectSnapshot(
    named name: String, in folder: URL, record: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let file = folder.appendingPathComponent(name).appendingPathExtension("json")
    let actual = try snapshotJSON()
    let existing = try? String(contentsOf: file, encoding: .utf8)
    if record || existing == nil {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try actual.write(to: file, atomically: true, encoding: .utf8)
      Issue.record(
        "Recorded snapshot \(file.path); check it in and run again.", sourceLocation: sourceLocation
      )
      return
    }
    if existing != actual {
      Issue.record(
        "Snapshot \(file.path) differs.\n--- expected\n\(existing ?? "")\n--- actual\n\(actual)",
        sourceLocation: sourceLocation)
    }
  }
}

/// Encoding and decoding of view-model snapshots: the format `ViewModelRecorder` writes.
public enum Snapshot {
  /// Pretty-printed JSON with sorted keys, ending in a newline.
  public static func encode<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(value)
    return String(decoding: data, as: UTF8.self) + "\n"
  }

  /// Decodes a snapshot written by ``encode(_:)``.
  public static func decode<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value
  {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }
}
