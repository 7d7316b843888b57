/// The state of a ``Movie`` while its timeline runs: read and change it as you would a
/// SwiftUI `@State` or a Composable Architecture store's state.
///
/// Properties of the state can be changed through the store directly (`state.scaled = true`),
/// and every change is recorded at the scheduler's current time, in the transaction it happens
/// in (``withAnimation(_:_:)``, a scheduler's ``Scheduler/animation(_:)``, or none).
@dynamicMemberLookup
public final class Store<State> {
  private var value: State
  let didChange: (State) -> Void

  init(_ state: State, didChange: @escaping (State) -> Void) {
    value = state
    self.didChange = didChange
  }

  /// The whole state; setting it records a change.
  public var state: State {
    get { value }
    set {
      value = newValue
      didChange(newValue)
    }
  }

  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
    get { value[keyPath: keyPath] }
    set { state[keyPath: keyPath] = newValue }
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    value[keyPath: keyPath]
  }
}
