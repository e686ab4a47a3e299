// The Rides app's objects as the excerpts name them: a launched root, its flags, links and runner.
// @include rides
import RibcageTesting

@MainActor final class AppRootInteractor: Interactor, Interactable {}
@MainActor final class AppRootRouter: LaunchRouter<AppRootInteractor, ViewControllableMock> {}

let root = AppRootRouter(interactor: AppRootInteractor(), viewController: .init())
let flags = FlagStore()
let links = DeepLinkRouter<RidesLink>()
let workflows = WorkflowRunner()
let tripService = TripService()
let trips = EventRelay<Trip>().stream
let requests = RequestService()
let city = CityService()
let sessions = SessionService()
let chats = ChatService()
let trip = tripService.trip
let drafts = requests.draft
let taps = EventRelay<Tap>().stream
let edits = EventRelay<Edit>().stream
let pullToRefresh = EventRelay<Void>().stream
let pushRefreshes = EventRelay<Void>().stream
let foregroundings = EventRelay<Void>().stream
let chatOpenings = EventRelay<Int>().stream
let selectedID = MutableStateStream(1).stream
let session = sessions.session
let settings = MutableStateStream(Settings()).stream
let stores = [FlagStore(), FlagStore()]

enum Edit: Sendable { case pickup(String), destination(String) }
struct Draft: Sendable, Equatable {
  var pickup = "", destination = ""
  func applying(_ edit: Edit) -> Draft {
    var draft = self
    switch edit {
    case .pickup(let place): draft.pickup = place
    case .destination(let place): draft.destination = place
    }
    return draft
  }
}
