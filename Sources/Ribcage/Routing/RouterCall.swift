/// A call a test double records (RibcageTesting's router mocks): attach and detach are `final`
/// on ``RouterNode``, so the node reports them to a recorder installed by the package's own
/// testing library. Not public API.
package enum RouterCall {
  /// `attachChild(_:)` was called with this child (whether or not it was attached).
  case attachChild(RouterNode)
  /// `detachChild(_:)` was called with this child (whether or not it was detached).
  case detachChild(RouterNode)
}

extension RouterNode {
  /// Installs `recorder` to hear every attach and detach call on this router, before the call
  /// is checked or carried out. For RibcageTesting's mocks; costs other routers one `nil` check.
  package final func recordCalls(_ recorder: @escaping @MainActor (RouterCall) -> Void) {
    extrasCreatingIfNeeded.callRecorder = recorder
  }
}
