/// The state of a ``Movie`` while its timeline runs: read and change it as you would a
/// SwiftUI `@State` or a Composable Architecture store's state.
///
/// Properties of the state can be changed through the store directly (`state.scaled = true`),
/// and every change is recorded at the scheduler's (or the clock's) current time, in the
/// transaction it happens in (``withAnimation(_:_:)``, a scheduler's ``Scheduler/animation(_:)``,
/// a clock's ``VirtualClock/animation(_:)``, or none).
@dynamicMemberLookup
public final class Store<State> {
  private var value: State
  let didChange: (State) -> Void
  /// Called on every read and change: an async timeline counts them, to stop one that loops
  /// without ever suspending.
  var onAccess: (() -> Void)?

  init(_ state: State, didChange: @escaping (State) -> Void) {
    value = state
    self.didChange = didChange
  }

  /// The whole state; setting it records a change.
  ///
  /// A mutating method called on it (`store.state.addItem()`) records its change when it
  /// returns, in the transaction of the last `withAnimation` (or `withTransaction`) it ran,
  /// as SwiftUI animates a change made in `withAnimation` inside a method of the model.
  public var state: State {
    get {
      onAccess?()
      return value
    }
    set {
      onAccess?()
      value = newValue
      didChange(newValue)
    }
    _modify {
      onAccess?()
      let recorder = Recorder.current
      let outer = recorder?.beginMutation()
      yield &value
      if let recorder, let transaction = recorder.endMutation(outer) {
        recorder.within(transaction) { didChange(value) }
      } else {
        didChange(value)
      }
    }
  }

  public subscript<Value>(dynamicMember keyPath: WritableKeyPath<State, Value>) -> Value {
    get {
      onAccess?()
      return value[keyPath: keyPath]
    }
    set { state[keyPath: keyPath] = newValue }
  }

  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    onAccess?()
    return value[keyPath: keyPath]
  }
}
