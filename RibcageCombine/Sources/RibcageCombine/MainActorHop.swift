import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the caller runs on the main actor, whose executor is the main queue. Not
/// `Thread.isMainThread` alone: where something other than the main thread services the main
/// queue (Swift Testing on Linux runs main-actor tests that way), main-actor code runs on another
/// thread, and the queue's own marker is what tells.
@usableFromInline
func isOnMainActor() -> Bool {
  _ = mainQueueIsMarked
  return DispatchQueue.getSpecific(key: mainQueueMarker) == true || isMainThread()
}

/// `Thread.isMainThread`, asked once per thread: on Linux it costs about 300 ns, more than the
/// rest of delivering a value, so each thread remembers its answer in a thread-specific slot.
private func isMainThread() -> Bool {
  if let remembered = pthread_getspecific(isMainThreadKey) {
    return Int(bitPattern: remembered) == mainThreadAnswer
  }
  let answer = Thread.isMainThread
  let slot = UnsafeRawPointer(bitPattern: answer ? mainThreadAnswer : otherThreadAnswer)
  pthread_setspecific(isMainThreadKey, slot)
  return answer
}

private let isMainThreadKey: pthread_key_t = {
  var key = pthread_key_t()
  pthread_key_create(&key, nil)
  return key
}()
private let mainThreadAnswer = 1
private let otherThreadAnswer = 2

private let mainQueueMarker = DispatchSpecificKey<Bool>()
private let mainQueueIsMarked: Void = DispatchQueue.main.setSpecific(
  key: mainQueueMarker, value: true)

/// A value handed from the thread a publisher sent it on to the main actor. Combine's values are
/// not `Sendable` in general, and Combine's own `receive(on:)` hands them over the same way: the
/// sender gives the value away when it sends it. Only the hops in this module (through a
/// ``MainActorMailbox``) use it.
@usableFromInline
struct Handover<Value>: @unchecked Sendable {
  @usableFromInline let value: Value

  @usableFromInline init(_ value: Value) {
    self.value = value
  }
}
