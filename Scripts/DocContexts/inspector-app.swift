// The Rides app's root and sources, for excerpts of the inspector's app side.
// @include rides-app
import RibcageInspector

let app = (flags: flags, name: "Rides")
let path = "/tmp/session.jsonl"

/// A consumer's transport, as far as the excerpt needs it.
@MainActor final class Socket {
  func enqueue(_ bytes: [UInt8]) {}
}
let socket = Socket()
let recorder = SessionRecorder(root)
