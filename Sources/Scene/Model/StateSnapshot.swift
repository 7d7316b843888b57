/// The value of every state variable at one moment of the timeline.
public struct StateSnapshot: Hashable, Sendable {
  public var values: [String: StateValue]
  public init(_ values: [String: StateValue]) { self.values = values }
  public subscript(name: String) -> StateValue {
    get { values[name] ?? .number(0) }
    set { values[name] = newValue }
  }
}
