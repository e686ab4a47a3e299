// ribcage-bench: times Ribcage's hot paths against hand-written floors in the same process.
//
//   swift run -c release --package-path Benchmarks ribcage-bench            # every case
//   swift run -c release --package-path Benchmarks ribcage-bench tree-memory
//
// Each case prints one line:
//   BENCH <case> ribcage_<unit>=<value> floor_<unit>=<value> ratio=<ribcage/floor> [extra=...]
//
// The soak cases take minutes (10,000 rides each by default; RIBCAGE_SOAK_RIDES changes it): they
// run only when named, one per process so each measures its own memory:
//   swift run -c release --package-path Benchmarks ribcage-bench soak-rides

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let cases: [(name: String, run: @MainActor () async -> String)] = [
  ("tree-attach-detach", TreeAttachDetach.run),
  ("stream-fanout-10", StreamFanout.run),
  ("stream-operators", StreamOperators.run),
  ("tree-memory", TreeMemory.run),
  ("render-coalesce", RenderCoalesce.run),
  ("render-steady", RenderSteady.run),
  ("plugin-point-evaluate", PluginPointEvaluate.run),
  ("deeplink-parse", DeepLinkParse.run),
  ("recorder-tree", RecorderTree.run),
  ("recorder-app", RecorderApp.run),
  ("recorder-stream", RecorderApp.runStreaming),
  ("recorder-off", RecorderTree.runOff),
  ("timeline-seek", TimelineSeek.run),
  ("combine-stream-publisher", CombineBridge.runStreamPublisher),
  ("combine-confine-to", CombineBridge.runConfineTo),
]
let soakCases: [(name: String, run: @MainActor () async -> String)] = [
  ("soak-rides", { await RidesSoakCase.run(recording: false) }),
  ("soak-rides-record", { await RidesSoakCase.run(recording: true) }),
]

let requested = Array(CommandLine.arguments.dropFirst())
if requested.contains("--help") || requested.contains("-h") {
  print(
    "usage: ribcage-bench [case...]\ncases: " + cases.map(\.name).joined(separator: ", ")
      + "\nsoak cases (minutes each; only when named): "
      + soakCases.map(\.name).joined(separator: ", "))
  exit(0)
}
let known = cases + soakCases
let unknown = requested.filter { name in !known.contains { $0.name == name } }
if !unknown.isEmpty {
  let message =
    "ribcage-bench: unknown case(s) \(unknown.joined(separator: ", ")); "
    + "known: \(known.map(\.name).joined(separator: ", "))\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
  exit(2)
}
for benchCase in cases where requested.isEmpty || requested.contains(benchCase.name) {
  print(await benchCase.run())
}
for benchCase in soakCases where requested.contains(benchCase.name) {
  print(await benchCase.run())
}
