import Ribcage

/// An interactor with no behaviour of its own: the soak app's RIBs only attach and detach.
@MainActor
final class PlainInteractor: Interactor, Interactable {}

/// A viewless router; its type names the RIB in censuses and leak reports.
@MainActor
class PlainRouter: Router<PlainInteractor> {
  convenience init() { self.init(interactor: PlainInteractor()) }
}

@MainActor final class RootRouter: PlainRouter {}
@MainActor final class RequestRouter: PlainRouter {}
