// Confirm's plugin point and a Coupon plugin, for docs/guide.md's plugins excerpt.
// @include rides
import RibcageTesting

@MainActor final class ConfirmComponent: EmptyComponent {}
struct ConfirmContext { let component: ConfirmComponent }

@MainActor final class CouponInteractor: Interactor, Interactable {}

@MainActor final class CouponBuilder: Builder<ConfirmComponent> {
  func build(health: PluginHealth) -> Router<CouponInteractor> {
    Router(interactor: CouponInteractor())
  }
}

let flags = FlagStore()
let confirmRouter = RouterMock()
let context = ConfirmContext(component: ConfirmComponent())
