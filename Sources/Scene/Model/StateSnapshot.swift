/// The value of every state variable at one moment of the timeline.
public struct StateSnapshot: Hashable, Sendable {
  public private(set) var values: [String: StateValue]
  /// For each array variable: the positions of each element value, in order, so that
  /// `"$index"` of a `forEach` element is found without scanning the array (a list of 10,000
  /// rows would otherwise cost 10,000² steps per change). Derived from `values`.
  private var positions: [String: [StateValue: [Int]]] = [:]

  public init(_ values: [String: StateValue]) {
    self.values = values
    for (name, value) in values { index(name, value) }
  }

  public subscript(name: String) -> StateValue {
    get { values[name] ?? .number(0) }
    set {
      values[name] = newValue
      index(name, newValue)
    }
  }

  /// The position of the `occurrence`-th element equal to `value` in the array variable
  /// `array`, or -1.
  public func position(of value: StateValue, occurrence: Int, in array: String) -> Int {
    guard let list = positions[array]?[value], occurrence < list.count else { return -1 }
    return list[occurrence]
  }

  private mutating func index(_ name: String, _ value: StateValue) {
    guard let elements = value.elements else {
      positions[name] = nil
      return
    }
    var map: [StateValue: [Int]] = [:]
    for (i, e) in elements.enumerated() { map[e, default: []].append(i) }
    positions[name] = map
  }

  public static func == (a: StateSnapshot, b: StateSnapshot) -> Bool { a.values == b.values }
  public func hash(into hasher: inout Hasher) { hasher.combine(values) }
}
