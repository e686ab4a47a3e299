// The Rides app's root, for excerpts that start their own recorder.
// @include rides-app
import RibcageInspector

let app = (flags: flags, name: "Rides")
let path = "/tmp/session.jsonl"
