/// Whether a type's name says it is a test double: its first or last camel-case word is `Mock`,
/// `Spy`, `Stub`, `Fake` or `Dummy`. Lint leaves findings in test doubles to test code, and the
/// graph does not draw them as RIBs.
///
/// Both ends, because both conventions are common: generated mocks end in the word (Mockolo's and
/// Sourcery's `LoggedInRouterMock`), Cuckoo's and many hand-written ones start with it
/// (`MockLoggedInRouter`, `FakeTripService`). Whole words, so `Mockingbird`, `Stubborn` or a
/// `SpyglassInteractor` are not doubles: after a leading word comes an uppercase letter (or
/// nothing).
enum TestDoubleName {
  static let words = ["Mock", "Spy", "Stub", "Fake", "Dummy"]

  static func matches(_ name: String) -> Bool {
    words.contains { word in
      if name.hasSuffix(word) { return true }
      guard name.hasPrefix(word) else { return false }
      guard let next = name.dropFirst(word.count).first else { return true }
      return next.isUppercase
    }
  }
}
