@_spi(RibcageInspection) import Ribcage

/// One recorded event as the ring keeps it: a fixed-layout value of numbers (no reference, no
/// string), written in a few stores on the main actor and formatted as a session line only when
/// the ring is read, streamed or written.
///
/// What a kind needs beyond the numbers (a mark's text, a flag change, a boxed view model) is
/// kept in the segment's payloads, as the value it was, and ``payload`` says where; a view
/// model kept in place is in its chunk, which ``other`` and ``payload`` name.
///
/// 40 bytes: its sequence number is not stored, as a segment's records are numbered in a row
/// from its first (``RecordBuffer/firstSeq``).
struct EventRecord {
  /// The tick counter when the event happened; nanoseconds since the recording started once the
  /// record is normalized (``RecordSegment/normalized(_:)``).
  var time: UInt64
  /// The session id of the event's RIB, 0 for none.
  var rib: UInt64
  /// A second number whose meaning depends on ``kind``: the parent's id (attach, detach), the
  /// hook's duration in ticks then nanoseconds (hook), the plugin's RIB (plugin), the
  /// ``ViewModelChunk`` the view model is kept in (render, ``EventBits/inPlace``).
  var other: UInt64
  /// The RIB's path in the ``PathTable``, -1 for none.
  var path: Int32
  /// The index in the segment's payloads, the router naming of an attach, or the view model's
  /// index in its chunk (render, ``EventBits/inPlace``); -1 for none.
  var payload: Int32
  /// The view model type of a render (its index in the ``ViewModelTypes``).
  var viewModelType: Int32
  var kind: EventKind
  /// ``EventBits`` for attaches, the hook for hook events.
  var bits: UInt8

  init(
    kind: EventKind, time: UInt64, rib: UInt64 = 0, other: UInt64 = 0,
    path: Int32 = -1, payload: Int32 = -1, bits: UInt8 = 0, viewModelType: Int32 = 0
  ) {
    self.viewModelType = viewModelType
    self.time = time
    self.rib = rib
    self.other = other
    self.path = path
    self.payload = payload
    self.kind = kind
    self.bits = bits
  }

  /// Whether it is a render whose view model is kept in place (``EventBits/inPlace``).
  var isKeptInPlace: Bool { kind == .render && bits & EventBits.inPlace != 0 }
}

/// What an ``EventRecord`` records: one case per `type` of a session line.
enum EventKind: UInt8 {
  case keyframe, attach, detach, activate, deactivate, load, hook, render
  case plugin, diagnostic, leak, flag, coreOnly, workflow, link, mark
}

/// Flags an attach or detach record carries in ``EventRecord/bits``.
enum EventBits {
  static let hasParent: UInt8 = 1
  static let hasView: UInt8 = 2
  static let isActive: UInt8 = 4
  static let isLoaded: UInt8 = 8
  /// A render of a RIB the recorder knows; a plugin event whose plugin has a RIB.
  static let hasRIB: UInt8 = 16
  /// A render whose view model is kept in place: `other` is its chunk, `payload` its index.
  static let inPlace: UInt8 = 32
}

extension LifecycleHook {
  /// The hook as a hook record's ``EventRecord/bits``.
  var recordBits: UInt8 {
    switch self {
    case .didBecomeActive: 0
    case .willResignActive: 1
    case .didLoad: 2
    }
  }

  /// The hook a hook record's bits name.
  init(recordBits: UInt8) {
    switch recordBits {
    case 0: self = .didBecomeActive
    case 1: self = .willResignActive
    default: self = .didLoad
    }
  }
}
