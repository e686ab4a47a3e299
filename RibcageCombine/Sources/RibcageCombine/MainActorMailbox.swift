import Dispatch
import Foundation

/// One serial path to the main actor for everything a subscriber or subscription is told, from
/// whatever thread: calls run on the main actor in the order they were made, none lost.
///
/// Combine serialises the calls a publisher makes, but not their threads: a network callback
/// sends on a background thread, then a user action on the main thread. Running main-thread calls
/// at once and queueing the others would let the later call overtake the earlier one (a stale
/// value becoming a service's state, a completion arriving before a value, which is then lost).
/// So a call runs at once only when it is made on the main actor and nothing of this mailbox is
/// waiting or running; otherwise it waits behind what came before it. A main-thread call that
/// finds calls waiting runs them first, then itself, without waiting for the main queue's next
/// turn; a call made while another one runs (a subscriber sending again from its `receive`) runs
/// after it.
///
/// The waiting calls run in batches: each run takes what is waiting when it starts, and what
/// arrives meanwhile waits for a later turn of the main queue — a producer that never stops
/// cannot hold the main queue (the rest of the app's main-queue work interleaves), and each call
/// is released as soon as it has run.
final class MainActorMailbox: @unchecked Sendable {
  private let lock = NSLock()
  private var waiting: [@MainActor () -> Void] = []  // guarded by lock
  private var isRunning = false  // a call runs on the main actor now; guarded by lock
  private var isScheduled = false  // a turn of the main queue will run `waiting`; guarded by lock

  /// Runs `call` on the main actor: at once when that keeps the order, else after every call
  /// made before it.
  func run(_ call: @escaping @MainActor () -> Void) {
    if enterIfIdle() {
      MainActor.assumeIsolated(call)
      MainActor.assumeIsolated { leave() }
    } else {
      enqueue(call)
    }
  }

  /// Whether the caller may run its call at once: it is on the main actor and nothing is waiting
  /// or running. When it returns true, the caller runs its call and then calls ``leave()``; the
  /// split lets the hot paths run a call without allocating a closure for it.
  @inline(__always)
  func enterIfIdle() -> Bool {
    guard isOnMainActor() else { return false }
    lock.lock()
    defer { lock.unlock() }
    guard !isRunning, waiting.isEmpty else { return false }
    isRunning = true
    return true
  }

  /// Ends a call started after ``enterIfIdle()``: what was queued meanwhile runs now, and the
  /// next call may run at once again.
  @MainActor func leave() {
    lock.lock()
    guard !waiting.isEmpty else {
      isRunning = false
      lock.unlock()
      return
    }
    lock.unlock()
    runWaiting()
  }

  /// Queues `call` behind every call made before it. On the main actor with nothing running it
  /// runs the queue now; elsewhere one turn of the main queue runs everything queued by then.
  func enqueue(_ call: @escaping @MainActor () -> Void) {
    let onMainActor = isOnMainActor()
    lock.lock()
    waiting.append(call)
    let runNow = onMainActor && !isRunning
    let schedule = !runNow && !isRunning && !isScheduled
    if runNow { isRunning = true }
    if schedule { isScheduled = true }
    lock.unlock()
    if runNow {
      MainActor.assumeIsolated { runWaiting() }
    } else if schedule {
      DispatchQueue.main.async { MainActor.assumeIsolated { self.runScheduled() } }
    }
  }

  /// The main queue's turn: runs what is waiting unless a call is running, which runs it itself.
  @MainActor private func runScheduled() {
    lock.lock()
    isScheduled = false
    guard !isRunning, !waiting.isEmpty else {
      lock.unlock()
      return
    }
    isRunning = true
    lock.unlock()
    runWaiting()
  }

  /// Runs the calls waiting now, one by one, then clears `isRunning` (entered with it set). Calls
  /// queued meanwhile wait for the main queue's next turn.
  @MainActor private func runWaiting() {
    lock.lock()
    var batch = waiting
    waiting = []
    lock.unlock()
    batch.reverse()
    while let call = batch.popLast() {  // each call released once it has run
      call()
    }
    lock.lock()
    isRunning = false
    let schedule = !waiting.isEmpty && !isScheduled
    if schedule { isScheduled = true }
    lock.unlock()
    if schedule {
      DispatchQueue.main.async { MainActor.assumeIsolated { self.runScheduled() } }
    }
  }
}
