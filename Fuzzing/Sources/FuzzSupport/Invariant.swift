/// Stops the run when a property that must hold for every input does not: libFuzzer sees the
/// trap as a crash and keeps the input, so a broken round trip is found like a crash is.
public func invariant(
  _ holds: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !holds() else { return }
  fatalError("invariant broken: \(message())", file: file, line: line)
}
