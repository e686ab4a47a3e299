/// The same loops, for view models whose type is `Sendable` (the usual case: structs of strings,
/// numbers and arrays). Chosen over the general initialisers wherever the view model's type is
/// known to be `Sendable`, they tell a session recorder so: it may then encode the values it
/// keeps on another thread when it streams or writes the session, rather than on the main actor.
/// Sendability is a property of the type, known only where the type is: hence the overloads.
extension RenderLoop where ViewModel: Sendable {
  /// Creates a loop that presents `state` with `presenter` into `view` (see the general
  /// initialiser).
  @inlinable
  public convenience init<P: Presenter & Sendable, View: Rendering>(
    state: StateStream<State>,
    presenter: P,
    view: View,
    scheduler: any RenderScheduler = .endOfTurn
  ) where P.State == State, P.ViewModel == ViewModel, View.ViewModel == ViewModel {
    self.init(
      state: state, presenter: presenter, view: view, scheduler: scheduler,
      viewModelsAreSendable: true)
  }

  /// Creates a loop from two closures (see the general initialiser).
  @inlinable
  public convenience init(
    state: StateStream<State>,
    present: @escaping @MainActor (State) -> ViewModel,
    render: @escaping @MainActor (ViewModel) -> Void,
    scheduler: any RenderScheduler = .endOfTurn
  ) {
    self.init(
      state: state, present: present, render: render, scheduler: scheduler,
      viewModelsAreSendable: true)
  }
}
