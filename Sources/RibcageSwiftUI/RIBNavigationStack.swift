#if canImport(SwiftUI) && canImport(Observation) && (canImport(UIKit) || canImport(AppKit))
  import Observation
  import Ribcage
  import SwiftUI

  /// A `NavigationStack` and a sheet driven by a ``RIBNavigation``: each pushed RIB's view on the
  /// stack, the presented RIB's view in the sheet. The back button, the edge swipe and a sheet
  /// pulled down detach the RIB; a sheet its parent will not let go cannot be pulled down.
  ///
  /// ```swift
  /// struct HomeScreen: View {
  ///   let store: HomeStore
  ///   let navigation: RIBNavigation
  ///   var body: some View {
  ///     RIBNavigationStack(navigation: navigation) {
  ///       List(store.viewModel.trips) { trip in Text(trip.title) }
  ///     }
  ///   }
  /// }
  /// ```
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  public struct RIBNavigationStack<Root: View>: View {
    @Bindable private var navigation: RIBNavigation
    private let root: Root

    /// A stack whose root is `root` and whose pushed screens and sheet are `navigation`'s.
    public init(navigation: RIBNavigation, @ViewBuilder root: () -> Root) {
      _navigation = Bindable(wrappedValue: navigation)
      self.root = root()
    }

    /// The stack, its destinations and its sheet.
    public var body: some View {
      NavigationStack(path: $navigation.path) {
        root.navigationDestination(for: RIBNavigation.Screen.self) { screen in
          RIBScreenView(navigation: navigation, screen: screen)
        }
      }
      .sheet(item: $navigation.sheet) { screen in
        RIBSheetView(navigation: navigation, screen: screen)
      }
    }
  }

  /// A presented screen: its RIB's view, the sheet presented over it (a sheet presenting a
  /// sheet), and whether the user may pull it down, asked of its parent.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  struct RIBSheetView: View {
    let navigation: RIBNavigation
    let screen: RIBNavigation.Screen

    var body: some View {
      let over = Bindable(navigation)[dynamicMember: \RIBNavigation.[sheetOver: screen]]
      RIBScreenView(navigation: navigation, screen: screen)
        .interactiveDismissDisabled(!navigation.allowsDismissal(of: screen))
        .sheet(item: over) { above in
          RIBSheetView(navigation: navigation, screen: above)
        }
    }
  }

  /// The view of the RIB a ``RIBNavigation`` screen shows (its view controller, hosted); nothing
  /// once the RIB is detached.
  @available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
  public struct RIBScreenView: View {
    private let navigation: RIBNavigation
    private let screen: RIBNavigation.Screen

    /// The view of `screen`.
    public init(navigation: RIBNavigation, screen: RIBNavigation.Screen) {
      self.navigation = navigation
      self.screen = screen
    }

    /// The RIB's view controller, while the RIB is attached.
    public var body: some View {
      if let router = navigation.router(for: screen) as? any ViewableRouting {
        RootViewControllerRepresentable(rootView: router.viewControllable)
      }
    }
  }
#endif
