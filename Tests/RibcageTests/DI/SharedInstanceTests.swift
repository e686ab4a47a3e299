import Ribcage
import RibcageTesting
import Testing

/// `shared { }`: one instance per call site and type, optional results cached too, call sites
/// compared by content (a literal from another binary image is the same call site).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct SharedInstanceTests {
  @Test func sharedOfAnOptionalTypeRunsItsFactoryOnce() {
    let component = OptionalSharingComponent()
    #expect(component.session != nil)
    #expect(component.session === component.session)
    #expect(component.factoryRuns == 1)
    #expect(component.missing == nil)
    #expect(component.missing == nil)
    #expect(component.missingRuns == 1)
  }

  @Test func sharedMakesOneInstancePerTypeAtAGenericCallSite() {
    let component = OptionalSharingComponent()
    let number: Int = component.store { 1 }
    let text: String = component.store { "one" }
    #expect(number == 1)
    #expect(text == "one")
    #expect(component.store { 2 } == 1)
  }

  @Test func sharedKeysCompareByContentNotByAddress() {
    let component = OptionalSharingComponent()
    let literal: StaticString = "Feature.swift"
    let copy = StaticString.heapCopy(of: "Feature.swift")
    #expect(literal.utf8Start != copy.utf8Start)
    let first = component.shared(file: literal, line: 1, column: 1) { Session() }
    let second = component.shared(file: copy, line: 1, column: 1) { Session() }
    #expect(first === second)
  }
}

@MainActor
private final class Session {}

@MainActor
private final class OptionalSharingComponent: Component<EmptyDependency> {
  var factoryRuns = 0
  var missingRuns = 0

  init() { super.init(dependency: EmptyComponent()) }

  var session: Session? {
    shared {
      factoryRuns += 1
      return Session()
    }
  }

  var missing: Session? {
    shared {
      missingRuns += 1
      return nil
    }
  }
}

extension OptionalSharingComponent {
  /// A generic helper: one `shared` call site for every type.
  func store<Value>(_ make: () -> Value) -> Value { shared(make) }
}

extension StaticString {
  /// The same text as `literal`, stored on the heap (never freed): what a string literal of
  /// another binary image looks like to `shared { }`.
  fileprivate static func heapCopy(of literal: StaticString) -> StaticString {
    let count = literal.utf8CodeUnitCount
    let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
    storage.initialize(from: literal.utf8Start, count: count)
    storage[count] = 0
    // StaticString's layout: start address, byte count, flags (2: ASCII, pointer form).
    return unsafeBitCast((storage, count, UInt8(2)), to: StaticString.self)
  }
}
