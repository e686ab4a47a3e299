import Ribcage

// Home — "Where to?": who is signed in and the cars nearby, from the city's product stream.

@MainActor
public protocol HomeDependency: ScreenDependency {
  var session: Session { get }
  var city: CityService { get }
}

@MainActor
protocol HomeListener: AnyObject {
  func homeWantsRide()
  func homeWantsSignOut()
}

public struct HomeViewModel: ScreenModel {
  public let rider: String
  public let nearby: [String]

  public var screen: Screen {
    Screen(
      title: "Home",
      lines: ["Hi \(rider). Where to?", "Nearby: " + nearby.joined(separator: " · ")],
      actions: ["request", "logout"])
  }
}

struct HomePresenter: Presenter {
  let rider: String

  func present(_ products: [Product]) -> HomeViewModel {
    HomeViewModel(rider: rider, nearby: products.map { "\($0.name) \(minutes($0.etaSeconds))" })
  }
}

@MainActor
protocol HomeViewListener: AnyObject {
  func didTapRequest()
  func didTapSignOut()
}

public final class HomeView: ScreenView<HomeViewModel> {
  weak var listener: (any HomeViewListener)?

  public override func perform(_ command: Command) throws(CommandError) {
    guard command.arguments.isEmpty else { throw .usage(command.verb) }
    switch command.verb {
    case "request": listener?.didTapRequest()
    case "logout": listener?.didTapSignOut()
    default: try super.perform(command)
    }
  }
}

@MainActor
public final class HomeInteractor: PresentableInteractor<HomeView>, Interactable,
  HomeViewListener
{
  weak var listener: (any HomeListener)?
  private let loop: RenderLoop<[Product], HomeViewModel>

  init(view: HomeView, rider: String, city: CityService, scheduler: any RenderScheduler) {
    loop = RenderLoop(
      state: city.products, presenter: HomePresenter(rider: rider), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  func didTapRequest() { listener?.homeWantsRide() }
  func didTapSignOut() { listener?.homeWantsSignOut() }
}

public final class HomeRouter: ViewableRouter<HomeInteractor, HomeView> {}

@MainActor
final class HomeBuilder: Builder<any HomeDependency> {
  func build(withListener listener: any HomeListener) -> HomeRouter {
    let view = HomeView()
    let interactor = HomeInteractor(
      view: view, rider: dependency.session.user.name, city: dependency.city,
      scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return HomeRouter(interactor: interactor, viewController: view)
  }
}
