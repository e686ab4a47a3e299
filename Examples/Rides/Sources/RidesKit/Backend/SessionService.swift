import Ribcage

/// Why the backend refused to sign someone in.
public enum SignInError: Error, Equatable, CustomStringConvertible {
  case invalidName(String)

  public var description: String {
    switch self {
    case .invalidName(let name):
      "'\(name)' is not a rider name: use letters only, e.g. `login alice`"
    }
  }
}

/// Owns who is signed in. The root interactor observes it to decide between LoggedOut and
/// LoggedIn; nobody else can change it.
@MainActor
public final class SessionService {
  private let current = MutableStateStream<Session?>(nil)
  private var issued = 0

  public init() {}

  /// The signed-in session, `nil` when signed out.
  public var session: StateStream<Session?> { current.stream }

  /// Signs `name` in, replacing any session.
  public func signIn(as name: String) throws(SignInError) {
    guard !name.isEmpty, name.count <= 20, name.allSatisfy({ $0.isLetter && $0.isASCII }) else {
      throw .invalidName(name)
    }
    issued += 1
    current.value = Session(user: User(name: name.lowercased()), token: "token-\(issued)")
  }

  /// Signs out.
  public func signOut() {
    current.value = nil
  }
}
