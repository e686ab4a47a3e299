import AllocationCounter
import Ribcage

/// Heap bytes and allocations per attached RIB (router + interactor + component), against the
/// floor's plain objects, counted by the allocation counter while 1,000 children are attached to an
/// active root.
@MainActor
enum TreeMemory {
  static let nodes = 1_000

  static func run() -> String {
    guard allocation_counter_is_available() != 0 else {
      return "BENCH tree-memory unavailable: allocation counting needs glibc (Linux)"
    }
    let (root, _, floorRoot) = TreeAttachDetach.makeRoots()

    let ribcage = count {
      for _ in 0..<nodes {
        root.attachChild(BenchRouter(component: BenchComponent(dependency: root.component)))
      }
    }
    let floor = count {
      for _ in 0..<nodes {
        floorRoot.attach(FloorRouter(component: FloorComponent(parent: floorRoot.component)))
      }
    }
    precondition(root.children.count == nodes && floorRoot.children.count == nodes)
    let perNode = (
      ribcageBytes: Double(ribcage.bytes) / Double(nodes),
      floorBytes: Double(floor.bytes) / Double(nodes),
      ribcageAllocations: Double(ribcage.allocations) / Double(nodes),
      floorAllocations: Double(floor.allocations) / Double(nodes)
    )
    return benchLine(
      "tree-memory", ribcage: perNode.ribcageBytes, floor: perNode.floorBytes, unit: "bytes",
      extra:
        "ribcage_allocs=\(format(perNode.ribcageAllocations)) "
        + "floor_allocs=\(format(perNode.floorAllocations))")
  }

  private static func count(_ body: () -> Void) -> (bytes: Int64, allocations: UInt64) {
    allocation_counter_reset()
    allocation_counter_set_enabled(1)
    body()
    allocation_counter_set_enabled(0)
    return (allocation_counter_live_bytes(), allocation_counter_allocations())
  }
}
