import AllocationCounter
import Ribcage
import RibcageInspector

/// `tree-attach-detach` with a session recorder on (every attach, activation, load, hook time,
/// deactivation and detach recorded) against the same work with no recorder: the ratio is what
/// recording costs on the busiest path a tree has. Also reports the events per second the
/// recorder sustains (events recorded / time of the recording side).
@MainActor
enum RecorderTree {
  static func run() -> String {
    let (recorded, recordedDetector, _) = TreeAttachDetach.makeRoots()
    let recorder = SessionRecorder(recorded)
    let (plain, plainDetector, _) = TreeAttachDetach.makeRoots()

    let roundsPerBatch = 100
    let measurement = Measurement(
      operationsPerRound: roundsPerBatch * TreeAttachDetach.nodesPerRound)
    var leaks = 0
    var recordedEvents: UInt64 = 0
    var recordedNanoseconds = 0.0
    let clock = ContinuousClock()
    let comparison = measurement.compare(
      ribcage: {
        let before = recorder.eventCount
        let start = clock.now
        churn(recorded, rounds: roundsPerBatch)
        leaks += recordedDetector.sweep().count
        let elapsed = start.duration(to: clock.now).components
        recordedNanoseconds += Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) / 1e9
        recordedEvents += recorder.eventCount - before
      },
      floor: {
        churn(plain, rounds: roundsPerBatch)
        leaks += plainDetector.sweep().count
      })
    precondition(leaks == 0, "the benchmark tree leaked")
    let eventsPerSecond = Double(recordedEvents) / (recordedNanoseconds / 1e9)
    let eventsPerNode =
      Double(recordedEvents) / Double(22 * roundsPerBatch * TreeAttachDetach.nodesPerRound)
    // What recording adds to each event, on the main actor: the difference per node over the
    // events per node.
    let nanosecondsPerEvent = (comparison.ribcage - comparison.floor) / eventsPerNode
    // Heap allocations recording adds per event, in steady state (the ring is warm).
    let before = recorder.eventCount
    let recordedAllocations = countAllocations {
      churn(recorded, rounds: 10)
      _ = recordedDetector.sweep()
    }
    let events = recorder.eventCount - before
    let plainAllocations = countAllocations {
      churn(plain, rounds: 10)
      _ = plainDetector.sweep()
    }
    let allocationsPerEvent =
      (Double(recordedAllocations) - Double(plainAllocations)) / Double(events)
    return benchLine(
      "recorder-tree", comparison,
      extra: "ns_per_event=\(format(nanosecondsPerEvent)) "
        + "allocs_per_event=\(format(allocationsPerEvent)) "
        + "events_per_s=\(Int(eventsPerSecond)) events_per_node=\(format(eventsPerNode)) "
        + "retained_bytes=\(recorder.retainedBytes)")
  }

  /// `tree-attach-detach`'s churn on a tree whose recorder was stopped, against a tree that
  /// never had one: what an app pays for a recorder it switched off.
  static func runOff() -> String {
    let (stopped, stoppedDetector, _) = TreeAttachDetach.makeRoots()
    let recorder = SessionRecorder(stopped)
    recorder.stop()
    let (plain, plainDetector, _) = TreeAttachDetach.makeRoots()
    let roundsPerBatch = 100
    let measurement = Measurement(
      operationsPerRound: roundsPerBatch * TreeAttachDetach.nodesPerRound)
    var leaks = 0
    let comparison = measurement.compare(
      ribcage: {
        churn(stopped, rounds: roundsPerBatch)
        leaks += stoppedDetector.sweep().count
      },
      floor: {
        churn(plain, rounds: roundsPerBatch)
        leaks += plainDetector.sweep().count
      })
    precondition(leaks == 0, "the benchmark tree leaked")
    withExtendedLifetime(recorder) {}
    return benchLine("recorder-off", comparison)
  }

  static func churn(_ root: BenchRouter, rounds: Int) {
    for _ in 0..<rounds {
      for _ in 0..<TreeAttachDetach.children {
        let child = BenchRouter(component: BenchComponent(dependency: root.component))
        root.attachChild(child)
        for _ in 0..<TreeAttachDetach.grandchildren {
          child.attachChild(BenchRouter(component: BenchComponent(dependency: child.component)))
        }
      }
      while let child = root.children.last { root.detachChild(child) }
    }
  }
}

/// Heap allocations `body` makes (0 where the counter is not available).
func countAllocations(_ body: () -> Void) -> UInt64 {
  allocation_counter_reset()
  allocation_counter_set_enabled(1)
  body()
  allocation_counter_set_enabled(0)
  return allocation_counter_allocations()
}
