import RibcageLint
import Testing

// `global-state` (Sources/RibcageLint/Rules/GlobalState.swift, GlobalState+Writes.swift): a
// `static var` is state only when some code writes it.

@Suite(.timeLimit(.minutes(10))) struct StaticVarWritesTests {
  /// A `static var` of sample data nothing writes is a constant written as a `var`: read from
  /// RIB code, it is no state any RIB can change. Written anywhere (assigned, mutated, passed
  /// `inout`, by the type itself), it is.
  @Test func aStaticVarNothingWritesIsConstantData() throws {
    let files = [
      "Catalog/SampleShelf.swift": """
      import UIKit
      struct SampleShelf {
        static var featured = ShelfState(title: "Lemonade", prices: [120, 95])
      }
      enum ShelfText {
        static func title() -> String {
          SampleShelf.featured.title == "" ? "-" : SampleShelf.featured.title.uppercased()
        }
      }
      """,
      "Catalog/CatalogBuilder.swift": """
      import ModernRIBs
      final class CatalogComponent: Component<CatalogDependency> {
        let shelf = CurrentValueSubject<ShelfState, Never>(SampleShelf.featured)
        let prices = CurrentValueSubject<[Int], Never>(SampleShelf.featured.prices)
      }
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        static var pageSize = 20
        func load() { fetch(limit: Self.pageSize, sorted: SampleShelf.featured.prices.sorted()) }
      }
      """,
    ]
    #expect(try findingPlaces(files, .globalState).isEmpty)
  }

  @Test func aStaticVarWrittenAnywhereIsGlobalState() throws {
    let files = [
      "Catalog/ShelfCache.swift": """
      import UIKit
      struct ShelfCache {
        static var recent: [String] = []
        static var opened = 0
        static var filter = ShelfFilter()
        static var limit = 10
        static func reset() { limit = 10 }
      }
      enum Counters { static func bump() { ShelfCache.opened += 1 } }
      """,
      "Catalog/CatalogInteractor.swift": """
      import ModernRIBs
      final class CatalogInteractor: PresentableInteractor<CatalogPresentable> {
        static var visits = 0
        func open(_ name: String) {
          ShelfCache.recent.append(name)
          show(ShelfCache.opened)
          show(ShelfCache.filter)
          show(ShelfCache.limit)
          Self.visits += 1
        }
      }
      """,
      "Catalog/CatalogViewController.swift": """
      import UIKit
      final class CatalogViewController: UIViewController, CatalogPresentable {
        func narrow() { adjust(&ShelfCache.filter) }
      }
      """,
    ]
    // Written by a RIB (`append`, `+=` on `Self`), by a plain type's bodies (`+=`, `limit = …`
    // in the type itself) and passed `inout` from a view: each is state, declared and used.
    #expect(
      try findingPlaces(files, .globalState).sorted() == [
        "Catalog/CatalogInteractor.swift:3", "Catalog/CatalogInteractor.swift:5",
        "Catalog/CatalogInteractor.swift:6", "Catalog/CatalogInteractor.swift:7",
        "Catalog/CatalogInteractor.swift:8", "Catalog/CatalogViewController.swift:3",
        "Catalog/ShelfCache.swift:3", "Catalog/ShelfCache.swift:4", "Catalog/ShelfCache.swift:5",
        "Catalog/ShelfCache.swift:6",
      ])
  }
}
