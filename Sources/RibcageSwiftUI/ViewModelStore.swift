#if canImport(Observation)
  import Observation
  import Ribcage

  /// The view of a RIB whose UI is SwiftUI: the render loop renders view models into it, and a
  /// SwiftUI view reads ``viewModel`` — re-rendered only when the loop delivered a *different* view
  /// model (an equal one changes nothing observable). User events go back to the interactor
  /// through the RIB's listener, held weakly, as for any view.
  ///
  /// ```swift
  /// // Interactor: the store is the render loop's view.
  /// let store = ViewModelStore<ConfirmViewModel, ConfirmViewListener>(.placeholder)
  /// loop = RenderLoop(state: requests.state, presenter: ConfirmPresenter(), view: store)
  /// store.listener = self
  ///
  /// // SwiftUI:
  /// struct ConfirmScreen: View {
  ///   let store: ViewModelStore<ConfirmViewModel, ConfirmViewListener>
  ///   var body: some View {
  ///     Button(store.viewModel.title) { store.send { $0.didTapConfirm() } }
  ///   }
  /// }
  /// ```
  ///
  /// Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10; on older systems render into a
  /// UIKit view instead.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  @Observable
  public final class ViewModelStore<ViewModel: Equatable, Listener>: Rendering {
    /// The last view model rendered (or the initial one): what the SwiftUI view shows.
    public private(set) var viewModel: ViewModel

    /// How many view models changed ``viewModel``. For tests and diagnostics, hence SPI:
    /// `@_spi(Diagnostics) import RibcageSwiftUI`.
    @_spi(Diagnostics) @ObservationIgnored public private(set) var renderCount = 0

    @ObservationIgnored private weak var listenerObject: AnyObject?

    /// Creates a store showing `initial` until the first render (the render loop renders the
    /// current state as soon as its interactor becomes active).
    public init(_ initial: ViewModel) {
      viewModel = initial
    }

    /// Where user events go: the RIB's interactor, through its listener protocol. Held weakly —
    /// the interactor holds the view, not the other way round. `Listener` must be a class-bound
    /// protocol (or a class); anything else is never kept.
    public var listener: Listener? {
      get { listenerObject as? Listener }
      set { listenerObject = newValue.map { $0 as AnyObject } }
    }

    /// Sends a user event to the listener, if there still is one.
    ///
    /// ```swift
    /// Button("Confirm") { store.send { $0.didTapConfirm() } }
    /// ```
    public func send(_ event: (Listener) -> Void) {
      if let listener { event(listener) }
    }

    /// Shows `viewModel`. An equal view model is ignored, so observers see no change.
    public func render(_ viewModel: ViewModel) {
      guard viewModel != self.viewModel else { return }
      self.viewModel = viewModel
      renderCount += 1
    }
  }
#endif
