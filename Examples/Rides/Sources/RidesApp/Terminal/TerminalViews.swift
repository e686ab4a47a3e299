import Ribcage
import RidesKit

// The terminal's views: each renders its RIB's view model as text (`ScreenView`) and turns the
// commands typed for it into calls to its listener. The RIBs, their interactors and view models
// are RidesKit's, the same ones the iPhone app draws with SwiftUI and UIKit.

final class LoggedOutView: ScreenView<LoggedOutViewModel, any LoggedOutViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "login" else { return try super.perform(command) }
    let name = try command.single("name")
    try relay { try listener?.didEnterName(name) }
  }
}

final class HomeView: ScreenView<HomeViewModel, any HomeViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    guard command.arguments.isEmpty else { throw .usage(command.verb) }
    switch command.verb {
    case "request": listener?.didTapRequest()
    case "logout": listener?.didTapSignOut()
    default: try super.perform(command)
    }
  }
}

final class LocationEditorView: ScreenView<LocationEditorViewModel, any LocationEditorViewListener>
{
  override func perform(_ command: Command) throws(CommandError) {
    try relay {
      switch command.verb {
      case "pickup": try listener?.didEnterPickup(try command.single("place"))
      case "dropoff", "to": try listener?.didEnterDestination(try command.single("place"))
      case "cancel": listener?.didTapCancel()
      default: try super.perform(command)
      }
    }
  }
}

final class ConfirmView: ScreenView<ConfirmViewModel, any ConfirmViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "confirm" else { return try super.perform(command) }
    guard command.arguments.isEmpty else { throw .usage("confirm") }
    listener?.didTapConfirm()
  }
}

final class ProductSelectionView: ScreenView<
  ProductSelectionViewModel, any ProductSelectionViewListener
>
{
  override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "select" else { return try super.perform(command) }
    let name = try command.single("product")
    try relay { try listener?.didSelectProduct(name) }
  }
}

final class CardView: ScreenView<CardViewModel, any CardViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "card" else { return try super.perform(command) }
    let id = try command.single("id")
    try relay { try listener?.didSelectCard(id) }
  }
}

final class CouponView: ScreenView<CouponViewModel, any CouponViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    guard command.verb == "coupon" else { return try super.perform(command) }
    let code = try command.single("code")
    try relay { try listener?.didEnterCoupon(code) }
  }
}

final class RefinementView: ScreenView<RefinementViewModel, any RefinementViewListener> {
  override func perform(_ command: Command) throws(CommandError) {
    try relay {
      switch command.verb {
      case "seats": try listener?.didEnterSeats(try command.single("n"))
      case "note": listener?.didEnterNote(command.text)
      case "request":
        guard command.arguments.isEmpty else { throw CommandError.usage("request") }
        try listener?.didTapRequest()
      default: try super.perform(command)
      }
    }
  }
}

final class LiveActivityView: ScreenView<LiveActivityViewModel, Never> {}

/// A trip screen's view: renders its view model, forwards `cancel` and `done`.
final class TripScreenView<ViewModel: ScreenModel>: ScreenView<
  ViewModel, any TripScreenViewListener
>
{
  override func perform(_ command: Command) throws(CommandError) {
    guard screen?.verbs.contains(command.verb) == true, command.arguments.isEmpty else {
      return try super.perform(command)
    }
    switch command.verb {
    case "cancel": listener?.didTapCancel()
    case "done": listener?.didTapDone()
    default: try super.perform(command)
    }
  }
}
