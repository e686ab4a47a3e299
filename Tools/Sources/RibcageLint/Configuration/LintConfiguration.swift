import Foundation
import Yams

/// What a bad `.ribcage.yml` (or a bad `--rule`) gets: the file, the key and what was expected.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
  public let file: String
  public let key: String?
  public let problem: String

  public var description: String {
    "\(file): " + (key.map { "\($0): " } ?? "") + problem
  }
}

/// `.ribcage.yml`: which rules run and how severe they are, which paths are excluded, and the
/// naming conventions that tell interactors from routers.
///
/// A file nested below another refines it (see `ConfigurationResolver`): it is parsed on top of
/// its parent's settings, so the rules and naming roles it names replace the parent's and the
/// rest is inherited. Its excludes are its own, relative to its folder; the parent's still apply.
///
/// ```yaml
/// rules:
///   strong-listener: error        # error, warning or off
///   global-state: off
/// exclude:
///   - "**/Generated/**"
/// naming:
///   service: [Service, Store]
/// tests: include                  # default: exclude (test code and test doubles)
/// ```
public struct LintConfiguration: Sendable, Equatable {
  /// Rule id → severity; `nil` means the rule is off.
  public var severities: [String: Severity?] = [:]
  /// Glob patterns of paths not to analyse, relative to the folder of the file that lists them
  /// (this file's own patterns only: inherited ones stay with their folder).
  public var excludes: [String] = []
  public var naming = Naming()
  /// Whether test code is analysed: files under a `Tests` folder (or a folder ending in `Tests`),
  /// files named `*Tests.swift`, and types named `*Mock`, `*Spy`, `*Stub`, `*Fake`. Off by
  /// default (`tests: include` turns it on): test doubles break the rules on purpose.
  public var includesTests = false

  public init() {}

  /// The severity `rule` runs at, or `nil` if it is off.
  public func severity(of rule: Rule) -> Severity? {
    if let configured = severities[rule.id] { return configured }
    return rule.isOnByDefault ? rule.defaultSeverity : nil
  }

  /// Parses YAML `text` read from `file` (named in errors), on top of `base`: the settings of the
  /// configuration it refines (none by default).
  public static func parse(
    _ text: String, file: String, inheriting base: LintConfiguration = LintConfiguration()
  ) throws(ConfigurationError) -> LintConfiguration {
    let root: Any?
    do {
      root = try Yams.load(yaml: text)
    } catch {
      throw ConfigurationError(file: file, key: nil, problem: "not valid YAML: \(error)")
    }
    var configuration = base
    configuration.excludes = []
    guard let root else { return configuration }  // an empty file
    guard let top = root as? [String: Any] else {
      throw ConfigurationError(
        file: file, key: nil, problem: "expected a mapping with keys rules, exclude, naming, tests")
    }
    for key in top.keys.sorted() {
      let value = top[key]!
      switch key {
      case "rules": try configuration.readRules(value, file: file)
      case "exclude":
        configuration.excludes = try strings(value, file: file, key: "exclude")
        for pattern in configuration.excludes where pattern.isEmpty {
          throw ConfigurationError(
            file: file, key: "exclude", problem: "expected glob patterns, found an empty one")
        }
      case "naming": try configuration.readNaming(value, file: file)
      case "tests":
        switch (value as? String)?.lowercased() {
        case "include": configuration.includesTests = true
        case "exclude": configuration.includesTests = false
        default:
          throw ConfigurationError(
            file: file, key: "tests", problem: "expected include or exclude, found \(value)")
        }
      default:
        throw ConfigurationError(
          file: file, key: key,
          problem: "unknown key; expected one of rules, exclude, naming, tests")
      }
    }
    return configuration
  }

  /// Loads the configuration from `path`, on top of `base` (see `parse`).
  public static func load(
    from path: String, shownAs name: String,
    inheriting base: LintConfiguration = LintConfiguration()
  ) throws(ConfigurationError) -> LintConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigurationError(file: name, key: nil, problem: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigurationError(file: name, key: nil, problem: "is not UTF-8 text")
    }
    return try parse(text, file: name, inheriting: base)
  }

  private mutating func readRules(_ value: Any, file: String) throws(ConfigurationError) {
    guard let rules = value as? [String: Any] else {
      throw ConfigurationError(
        file: file, key: "rules", problem: "expected a mapping of rule ids to error, warning or off"
      )
    }
    for id in rules.keys.sorted() {
      guard Rule.named(id) != nil else {
        throw ConfigurationError(
          file: file, key: "rules.\(id)",
          problem: "unknown rule; rules: \(Rule.all.map(\.id).joined(separator: ", "))")
      }
      var setting = rules[id]!
      if let mapping = setting as? [String: Any] {
        guard mapping.keys.allSatisfy({ $0 == "severity" }), let severity = mapping["severity"]
        else {
          throw ConfigurationError(
            file: file, key: "rules.\(id)",
            problem: "expected error, warning, off, or {severity: ...}")
        }
        setting = severity
      }
      severities[id] = try Self.severity(setting, file: file, key: "rules.\(id)")
    }
  }

  private static func severity(_ value: Any, file: String, key: String) throws(ConfigurationError)
    -> Severity?
  {
    if let enabled = value as? Bool { return enabled ? .warning : nil }
    guard let text = value as? String else {
      throw ConfigurationError(
        file: file, key: key, problem: "expected error, warning or off, found \(value)")
    }
    switch text.lowercased() {
    case "error": return .error
    case "warning": return .warning
    case "off": return nil
    default:
      throw ConfigurationError(
        file: file, key: key, problem: "expected error, warning or off, found '\(text)'")
    }
  }

  private mutating func readNaming(_ value: Any, file: String) throws(ConfigurationError) {
    guard let naming = value as? [String: Any] else {
      throw ConfigurationError(
        file: file, key: "naming", problem: "expected a mapping of roles to name suffixes")
    }
    for key in naming.keys.sorted() {
      guard Naming.keys.contains(key) else {
        throw ConfigurationError(
          file: file, key: "naming.\(key)",
          problem: "unknown role; roles: \(Naming.keys.joined(separator: ", "))")
      }
      let suffixes = try Self.strings(naming[key]!, file: file, key: "naming.\(key)")
      guard !suffixes.isEmpty, suffixes.allSatisfy({ !$0.isEmpty }) else {
        throw ConfigurationError(
          file: file, key: "naming.\(key)", problem: "expected at least one non-empty suffix")
      }
      self.naming[key] = suffixes
    }
  }

  private static func strings(_ value: Any, file: String, key: String) throws(ConfigurationError)
    -> [String]
  {
    if let single = value as? String { return [single] }
    guard let list = value as? [Any], let strings = list as? [String] else {
      throw ConfigurationError(file: file, key: key, problem: "expected a list of strings")
    }
    return strings
  }
}
