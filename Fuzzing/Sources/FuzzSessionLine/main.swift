import FuzzSupport
@_spi(RibcageTools) import Ribcage
@_spi(RibcageTools) import RibcageInspector

// One session line (what `ribcage inspect` checks per line, and the loader too): the strict JSON
// parser and the line schema. A value parsed, written and parsed again is equal, and the schema
// says the same of both; bytes and text parse alike.

enum Target {
  static let parser = JSONParser(maximumDepth: 64)

  static func run(_ bytes: [UInt8]) {
    let value: JSONValue
    do {
      value = try parser.parse(bytes)
    } catch {
      invariant(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset)")
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if text.utf8.elementsEqual(bytes) {
      invariant((try? parser.parse(text)) == value, "text and bytes parse differently")
    }
    let written = value.serialized()
    let again: JSONValue
    do {
      again = try parser.parse(written)
    } catch {
      fatalError("\(value) written as \(written) does not parse: \(error)")
    }
    invariant(again == value, "\(value) -> \(written) -> \(again)")
    guard case .object(let object) = value else { return }
    let verdict = schema(object)
    let verdictAgain = schema(again.objectValue ?? [:])
    invariant(
      verdict == verdictAgain,
      "the schema: \(String(describing: verdict)) then \(String(describing: verdictAgain))")
  }

  /// What the schema says of a line: nil when it accepts it.
  static func schema(_ object: [String: JSONValue]) -> SessionFileError? {
    do {
      try SessionLineSchema.check(object, line: 1)
      return nil
    } catch {
      return error
    }
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionLine(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  Target.run(FuzzInput(start, count).bytes)
  return 0
}
