// A Trips RIB whose screens are SwiftUI, for docs/Apple.md's navigation excerpt.
import Ribcage
import RibcageSwiftUI
import SwiftUI

@MainActor final class TripsInteractor: Interactor, Interactable {}

@MainActor final class TripsRouter: Router<TripsInteractor> {
  let navigation = RIBNavigation()
}
