/// One render of a ``RenderLoop``, delivered by ``TreeContext/renders`` right after the view
/// rendered it.
///
/// ```swift
/// let log = root.context.renders.observe { render in
///   print("\(render.router?.name ?? "?") rendered \(render.viewModelType)")
/// }
/// ```
///
/// The view model is the loop's immutable value; a recorder encodes it when it is `Encodable`.
/// Observers must not keep the router: a kept router is reported as a leak.
@MainActor
public struct RenderRecord {
  /// The router of the RIB whose interactor runs the loop; `nil` when the loop is bound to a
  /// scope that is not a RIB's interactor.
  public let router: RouterNode?
  /// The view model rendered.
  public let viewModel: Any
  /// The view model's type.
  public var viewModelType: Any.Type { type(of: viewModel) }
}
