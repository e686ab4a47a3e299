import Ribcage

// The four screens Ride chooses between. Each is a RIB of its own (router, interactor, view,
// presenter); only their presenters differ.

// MARK: Pending — looking for a driver.

public struct PendingViewModel: ScreenModel {
  public let product: String
  public let route: String

  public var screen: Screen {
    Screen(
      title: "Requesting", lines: ["Looking for a \(product) driver… \(route)"],
      actions: ["cancel"])
  }
}

struct PendingPresenter: Presenter {
  func present(_ trip: Trip) -> PendingViewModel {
    PendingViewModel(
      product: trip.product.name, route: "\(trip.pickup.name) → \(trip.destination.name)")
  }
}

final class PendingInteractor: TripScreenInteractor<PendingPresenter> {}
final class PendingRouter: ViewableRouter<
  PendingInteractor, any TripScreenViewControllable<PendingViewModel>
>
{}

// MARK: Matched — a driver is coming, or has arrived.

public struct MatchedViewModel: ScreenModel {
  public let headline: String
  public let car: String
  public let photo: String?

  public var screen: Screen {
    Screen(
      title: "Your driver", lines: [headline, car] + (photo.map { [$0] } ?? []),
      actions: ["cancel"])
  }
}

struct MatchedPresenter: Presenter {
  let carPhotos: PluginPoint<String, String>

  func present(_ trip: Trip) -> MatchedViewModel {
    let headline: String
    let driver: Driver
    switch trip.status {
    case .matched(let matched, let eta):
      driver = matched
      headline = "\(matched.name) is \(minutes(eta)) away"
    case .driverArrived(let arrived):
      driver = arrived
      headline = "\(arrived.name) has arrived at \(trip.pickup.name)"
    default:
      return MatchedViewModel(headline: "", car: "", photo: nil)
    }
    return MatchedViewModel(
      headline: headline, car: "\(driver.carModel) · \(driver.plate)",
      photo: carPhotos.evaluate(driver.carModel).first)
  }
}

final class MatchedInteractor: TripScreenInteractor<MatchedPresenter> {}
final class MatchedRouter: ViewableRouter<
  MatchedInteractor, any TripScreenViewControllable<MatchedViewModel>
>
{}

// MARK: OnTrip — riding.

public struct OnTripViewModel: ScreenModel {
  public let line: String

  public var screen: Screen { Screen(title: "On trip", lines: [line]) }
}

struct OnTripPresenter: Presenter {
  func present(_ trip: Trip) -> OnTripViewModel {
    guard case .onTrip(let driver, let remaining) = trip.status else {
      return OnTripViewModel(line: "")
    }
    return OnTripViewModel(
      line:
        "On the way to \(trip.destination.name) with \(driver.name) — \(minutes(remaining)) left")
  }
}

final class OnTripInteractor: TripScreenInteractor<OnTripPresenter> {}
final class OnTripRouter: ViewableRouter<
  OnTripInteractor, any TripScreenViewControllable<OnTripViewModel>
>
{}

// MARK: DroppedOff — the receipt.

public struct DroppedOffViewModel: ScreenModel {
  public let tripID: Int
  public let destination: String
  public let fare: String
  public let card: String

  public var screen: Screen {
    Screen(
      title: "Trip \(tripID)",
      lines: ["You arrived at \(destination). \(fare) charged to \(card)."],
      actions: ["done"])
  }
}

struct DroppedOffPresenter: Presenter {
  func present(_ trip: Trip) -> DroppedOffViewModel {
    DroppedOffViewModel(
      tripID: trip.id, destination: trip.destination.name, fare: dollars(trip.fare),
      card: trip.card.label)
  }
}

final class DroppedOffInteractor: TripScreenInteractor<DroppedOffPresenter> {}
final class DroppedOffRouter: ViewableRouter<
  DroppedOffInteractor, any TripScreenViewControllable<DroppedOffViewModel>
>
{}
