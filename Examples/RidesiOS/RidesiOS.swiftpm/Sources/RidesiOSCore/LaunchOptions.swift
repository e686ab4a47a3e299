/// What the app was launched with: the equivalent of `rides --inspect [URL]`. In Xcode, a scheme's
/// launch argument `--inspect http://127.0.0.1:PORT/…` (the URL `ribcage inspect` printed), or
/// its environment variable `RIBCAGE_INSPECT`, connects the inspector; a simulator launch takes
/// the same (`xcrun simctl launch booted dev.ribcage.rides --inspect URL`).
public struct LaunchOptions: Sendable, Equatable {
  /// Where to stream the session, if the app was asked to.
  public var inspectURL: String?

  /// Reads the launch arguments (the first one, the program, is skipped) and the environment.
  /// Arguments the app does not know are left to the system (Xcode adds its own).
  public init(arguments: [String], environment: [String: String]) throws(LaunchOptionsError) {
    let fromEnvironment = environment["RIBCAGE_INSPECT"].flatMap { $0.isEmpty ? nil : $0 }
    inspectURL = fromEnvironment
    var remaining = arguments.dropFirst()
    while let argument = remaining.popFirst() {
      guard argument == "--inspect" || argument == "-inspect" else { continue }
      if let next = remaining.first, !next.hasPrefix("-") {
        inspectURL = remaining.popFirst()
      } else if fromEnvironment == nil {
        throw .inspectNeedsURL
      }
    }
  }
}

/// A launch argument the app cannot act on.
public enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
  /// `--inspect` with no URL after it and no `RIBCAGE_INSPECT`.
  case inspectNeedsURL

  public var description: String {
    switch self {
    case .inspectNeedsURL:
      "--inspect needs the URL `ribcage inspect` printed (or set RIBCAGE_INSPECT)"
    }
  }
}
