import Ribcage

// ProductSelection — the products with their fares for this route and ETAs; car photos come from
// an optional value plugin (`car_photos`).

@MainActor
public protocol ProductSelectionDependency: ScreenDependency {
  var requests: RequestService { get }
  var city: CityService { get }
  var flags: FlagStore { get }
  var carPhotos: PluginPoint<String, String> { get }
}

public struct ProductSelectionViewModel: ScreenModel {
  public struct Row: Sendable, Equatable, Codable {
    public let id: String
    public let text: String
    public let isSelected: Bool
  }

  public let rows: [Row]

  public var screen: Screen {
    Screen(
      title: "Products",
      lines: rows.map { ($0.isSelected ? "● " : "○ ") + $0.text },
      actions: ["select <product>"])
  }
}

struct ProductSelectionPresenter: Presenter {
  let city: CityService
  let carPhotos: PluginPoint<String, String>

  /// The draft and the products on offer now (their ETAs move with time).
  func present(_ state: (RequestDraft, [Product])) -> ProductSelectionViewModel {
    let (draft, products) = state
    return ProductSelectionViewModel(
      rows: products.map { product in
        var priced = draft
        priced.product = product
        var text =
          "\(product.id): \(product.name), \(product.seats) seats, "
          + "\(priced.fare(in: city).map(dollars) ?? "—"), \(minutes(product.etaSeconds))"
        for photo in carPhotos.evaluate(product.carModel) { text += ", \(photo)" }
        return .init(id: product.id, text: text, isSelected: product.id == draft.product.id)
      })
  }
}

@MainActor
public protocol ProductSelectionViewListener: AnyObject {
  func didSelectProduct(_ name: String) throws(RequestError)
}

/// ProductSelection's view, whatever draws it (text, SwiftUI, UIKit).
public typealias ProductSelectionViewControllable = RidesView<
  ProductSelectionViewModel, any ProductSelectionViewListener
>

@MainActor
public final class ProductSelectionInteractor: PresentableInteractor<
  any ProductSelectionViewControllable
>,
Interactable, ProductSelectionViewListener
{
  private let requests: RequestService
  private let flags: FlagStore
  private let loop: RenderLoop<(RequestDraft, [Product]), ProductSelectionViewModel>

  init(view: any ProductSelectionViewControllable, dependency: any ProductSelectionDependency) {
    requests = dependency.requests
    flags = dependency.flags
    loop = RenderLoop(
      // Both are inputs of the rows: the presenter gets them together.
      state: dependency.requests.draft.combineLatest(dependency.city.products),
      presenter: ProductSelectionPresenter(city: dependency.city, carPhotos: dependency.carPhotos),
      view: view, scheduler: dependency.renderScheduler)
    super.init(presenter: view)
    view.listener = self
    loop.start(self)
  }

  public override func didBecomeActive() {
    super.didBecomeActive()
    // The photo plugin's flag is an input of the presenter too: re-present when flags change.
    observe(flags.changes) { [weak self] _ in self?.loop.signal() }
  }

  public func didSelectProduct(_ name: String) throws(RequestError) {
    try requests.selectProduct(name)
  }
}

public final class ProductSelectionRouter: ViewableRouter<
  ProductSelectionInteractor, any ProductSelectionViewControllable
>
{}

@MainActor
final class ProductSelectionBuilder: Builder<any ProductSelectionDependency> {
  func build() -> ProductSelectionRouter {
    let view = dependency.views.makeProductSelectionView()
    return ProductSelectionRouter(
      interactor: ProductSelectionInteractor(view: view, dependency: dependency),
      viewController: view)
  }
}
