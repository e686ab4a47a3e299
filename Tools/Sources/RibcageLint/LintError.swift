/// Why a lint run could not start (exit status 2): a path that does not exist, or a
/// configuration file that cannot be used. Either names what to fix.
public enum LintError: Error, Equatable, CustomStringConvertible {
  case input(InputError)
  case configuration(ConfigurationError)

  public var description: String {
    switch self {
    case .input(let error): error.description
    case .configuration(let error): error.description
    }
  }
}
