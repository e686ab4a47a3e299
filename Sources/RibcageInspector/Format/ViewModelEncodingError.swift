/// Why a value could not be encoded, and where.
struct ViewModelEncodingError: Error, Sendable, CustomStringConvertible {
  /// Where in the value the problem is, as `rows[2].price`; empty for the value itself.
  var codingPath: String
  /// What the problem is.
  var reason: String

  var description: String {
    codingPath.isEmpty ? reason : "\(reason) (at \(codingPath))"
  }
}
