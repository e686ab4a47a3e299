import Foundation
import Ribcage
import RibcageInspector
import Testing

/// A small app for the inspector's tests: a tree, a flag store with a plugin, a recorder.
@MainActor
final class InspectedApp {
  final class PlainInteractor: Interactor, Interactable {}
  class PlainRouter: Router<PlainInteractor> {
    convenience init() { self.init(interactor: PlainInteractor()) }
  }
  final class ShopRouter: PlainRouter {}
  final class CartRouter: PlainRouter {}
  final class PromoRouter: PlainRouter {}

  static let promo = FeatureFlag("promo", default: true)

  let root = ShopRouter()
  let flags = FlagStore()
  let detector = LeakDetector(gracePeriod: .zero, sweepsAutomatically: false)
  let recorder: SessionRecorder
  let plugins: RIBPluginPoint<Void>
  private(set) var leaks: [LeakReport] = []

  init(name: String = "Shop") {
    root.context = TreeContext(leakDetector: detector)
    recorder = try! SessionRecorder(root, configuration: .init(appName: name))
    recorder.record(flags: flags)
    plugins = RIBPluginPoint("shop", flags: flags, router: root)
    plugins.register("promo", gatedBy: Self.promo) { _, _ in PromoRouter() }
    root.interactor.activate()
    root.load()
    plugins.evaluate(())
  }

  /// Attaches and detaches a cart `times` times: about 7 events each.
  func churn(_ times: Int) {
    for _ in 0..<times {
      let cart = CartRouter()
      root.attachChild(cart)
      root.detachChild(cart)
    }
  }

  /// Stops the app and checks that every RIB it detached was deallocated.
  func stop() {
    root.interactor.deactivate()
    recorder.stop()
    #expect(detector.sweep().isEmpty, "a RIB detached during the test is still alive")
  }
}
