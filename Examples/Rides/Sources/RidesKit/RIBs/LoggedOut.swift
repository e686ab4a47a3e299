import Ribcage

// LoggedOut — the sign-in screen. Its listener (the root) signs in through the session service;
// LoggedOut itself never learns what comes next.

@MainActor
public protocol LoggedOutDependency: ScreenDependency {
  var city: CityService { get }
}

@MainActor
public protocol LoggedOutListener: AnyObject {
  func logIn(as name: String) throws(SignInError)
}

public struct LoggedOutViewModel: ScreenModel {
  public let nearby: [String]

  public var screen: Screen {
    Screen(
      title: "Welcome to Rides",
      lines: ["Cars near you: " + nearby.joined(separator: " · ")],
      actions: ["login <name>"])
  }
}

struct LoggedOutPresenter: Presenter {
  func present(_ products: [Product]) -> LoggedOutViewModel {
    LoggedOutViewModel(nearby: products.map { "\($0.name) \(minutes($0.etaSeconds))" })
  }
}

@MainActor
public protocol LoggedOutViewListener: AnyObject {
  func didEnterName(_ name: String) throws(SignInError)
}

/// LoggedOut's view, whatever draws it (text, SwiftUI, UIKit).
public typealias LoggedOutViewControllable = RidesView<
  LoggedOutViewModel, any LoggedOutViewListener
>

@MainActor
public final class LoggedOutInteractor: PresentableInteractor<any LoggedOutViewControllable>,
  Interactable,
  LoggedOutViewListener
{
  weak var listener: (any LoggedOutListener)?
  private let loop: RenderLoop<[Product], LoggedOutViewModel>

  init(view: any LoggedOutViewControllable, city: CityService, scheduler: any RenderScheduler) {
    loop = RenderLoop(
      state: city.products, presenter: LoggedOutPresenter(), view: view, scheduler: scheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public func didEnterName(_ name: String) throws(SignInError) {
    try listener?.logIn(as: name)
  }
}

public final class LoggedOutRouter: ViewableRouter<
  LoggedOutInteractor, any LoggedOutViewControllable
>
{}

@MainActor
final class LoggedOutBuilder: Builder<any LoggedOutDependency> {
  func build(withListener listener: any LoggedOutListener) -> LoggedOutRouter {
    let view = dependency.views.makeLoggedOutView()
    let interactor = LoggedOutInteractor(
      view: view, city: dependency.city, scheduler: dependency.renderScheduler)
    interactor.listener = listener
    return LoggedOutRouter(interactor: interactor, viewController: view)
  }
}
