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
public protocol HomeViewListener: AnyObject {
  func didTapRequest()
  func didTapSignOut()
}

/// Home's view, whatever draws it (text, SwiftUI, UIKit).
public typealias HomeViewControllable = RidesView<HomeViewModel, any HomeViewListener>

@MainActor
public final class HomeInteractor: PresentableInteractor<any HomeViewControllable>, Interactable,
  HomeViewListener
{
  weak var listener: (any HomeListener)?
  private let loop: RenderLoop<[Product], HomeViewModel>

  init(
    view: any HomeViewControllable, rider: String, city: CityService, scheduler: any RenderScheduler
  ) {
    loop = RenderLoop(
      state: city.products, presenter: HomePresenter(rider: rider), view: view,
      scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public func didTapRequest() { listener?.homeWantsRide() }
  public func didTapSignOut() { listener?.homeWantsSignOut() }
}

public final class HomeRouter: ViewableRouter<HomeInteractor, any HomeViewControllable> {}

@MainActor
final class HomeBuilder: Builder<any HomeDependency> {
  func build(withListener listener: any HomeListener) -> HomeRouter {
    let view = dependency.views.makeHomeView()
    let interactor = HomeInteractor(
      view: view, rider: dependency.session.user.name, city: dependency.city,
      scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return HomeRouter(interactor: interactor, viewController: view)
  }
}
