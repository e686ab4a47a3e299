@_spi(RibcageInspection) import Ribcage

/// What the tree calls for each event of a recorded tree: it hands each straight to its
/// recorder. A separate object because the recorder is public and the tap is SPI, and because a
/// recorder is also held weakly (by its subscriptions), which makes retaining it slow: the tree
/// holds the tap unretained and the tap holds its recorder unretained, so an event retains
/// nothing. The recorder owns its tap and clears it from the tree before either goes. Each
/// event ends with ``SessionRecorder/endEvent()``: a recorder that called the app's code during
/// the event, and kept itself meanwhile, lets go there.
final class RecorderTap: InspectionTap {
  private let recorder: Unmanaged<SessionRecorder>

  init(_ recorder: SessionRecorder) {
    self.recorder = Unmanaged.passUnretained(recorder)
  }

  override func treeAttached(_ child: RouterNode, to parent: RouterNode) {
    call { $0.treeAttached(child, to: parent) }
  }

  override func treeDetached(_ child: RouterNode, from parent: RouterNode) {
    call { $0.treeDetached(child, from: parent) }
  }

  override func treeRootReleased(inspectionTag: UInt64, identity: ObjectIdentifier) {
    call { $0.treeRootReleased(inspectionTag: inspectionTag, identity: identity) }
  }

  override func treeActivated(_ router: RouterNode) {
    call { $0.treeActivated(router) }
  }

  override func treeDeactivated(_ router: RouterNode) {
    call { $0.treeDeactivated(router) }
  }

  override func treeLoaded(_ router: RouterNode) {
    call { $0.treeLoaded(router) }
  }

  override func treeRendered<ViewModel>(
    _ viewModel: ViewModel, by router: RouterNode?, isSendable: Bool
  ) {
    call { $0.recordRender(viewModel, by: router, isSendable: isSendable) }
  }

  override func hookTimed(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    call { $0.hookTimed(router, hook, start: start, end: end) }
  }

  override func hookEnded(_ router: RouterNode, _ hook: LifecycleHook, start: UInt64, end: UInt64) {
    call { $0.hookEnded(router, hook, start: start, end: end) }
  }

  /// Calls `body` with the recorder, retaining nothing. A helper rather than a closure handed
  /// to `_withUnsafeGuaranteedRef` directly: a main-actor closure handed to it is checked at
  /// run time for being on the main actor (about 50 instructions an event), one passed on from
  /// here is not.
  @inline(__always)
  private nonisolated func call(_ body: (SessionRecorder) -> Void) {
    recorder._withUnsafeGuaranteedRef {
      $0.beginEvent()
      body($0)
      $0.endEvent()
    }
  }
}
