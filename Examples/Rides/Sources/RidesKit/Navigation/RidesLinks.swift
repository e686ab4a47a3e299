import Ribcage

/// What a deep link or a push notification can ask of Rides.
public enum RidesLink: Sendable, Equatable {
  /// `rides://trip/{id}`: show a trip.
  case trip(id: Int)
  /// `rides://promo/{code}`, or a `promo` push: hold a coupon.
  case promo(code: String)
  /// A `driver_arrived` push: the driver of a trip is at the pickup.
  case driverArrived(tripID: Int)
}

/// The URLs and push payloads Rides understands, and the workflow that serves each link.
///
/// Every workflow starts at the root and first waits for a sign-in: a link opened before signing
/// in is served once the rider signs in.
@MainActor
public enum RidesLinks {
  /// The parser of URLs and push payloads into ``RidesLink``s.
  public static func makeRouter() -> DeepLinkRouter<RidesLink> {
    let links = DeepLinkRouter<RidesLink>()
    do {
      try links.register("rides://trip/{id}") { .trip(id: try $0.int("id")) }
      try links.register("rides://promo/{code}") { .promo(code: try $0.string("code")) }
    } catch {
      preconditionFailure("\(error)")  // the patterns above are constants
    }
    links.registerPush("driver_arrived") { .driverArrived(tripID: try $0.int("trip")) }
    links.registerPush("promo") { .promo(code: try $0.string("code")) }
    return links
  }

  /// The workflow that serves `link`; its output is the message to show.
  public static func workflow(for link: RidesLink) -> CommittedWorkflow<any RootActionable, String>
  {
    switch link {
    case .trip(let id):
      Workflow<any RootActionable>("trip")
        .onStep { root in try await root.waitForSignIn() }
        .onStep { loggedIn in try loggedIn.showTrip(id) }
        .commit()
    case .promo(let code):
      Workflow<any RootActionable>("promo")
        .onStep { root in try await root.waitForSignIn() }
        .onStep { loggedIn in try loggedIn.applyPromo(code) }
        .commit()
    case .driverArrived(let tripID):
      Workflow<any RootActionable>("push")
        .onStep { root in try await root.waitForSignIn() }
        .onStep { loggedIn in try loggedIn.driverArrived(tripID: tripID) }
        .commit()
    }
  }
}
