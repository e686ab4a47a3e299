import Ribcage

/// A view that does nothing, for routers and presenters under test — uber/RIBs tests'
/// `ViewControllerMock`. Subclass it to record what your view protocol receives.
///
/// ```swift
/// final class TicTacToePresentableMock: ViewControllableMock, TicTacToePresentable {
///   var listener: TicTacToePresentableListener?
///   var placed: [(Int, Int)] = []
///   func setCell(atRow row: Int, col: Int, withPlayerType: PlayerType) { placed.append((row, col)) }
/// }
/// ```
@MainActor
open class ViewControllableMock: ViewControllable {
  /// Creates a view double.
  public init() {}
}
