/// A value a state variable can hold, or an attribute can take.
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)
  case color(Color)
  case point(SIMD2<Double>)
  /// A string variable (`{"string": "home"}`): compared by conditions, never animated.
  case string(String)
  /// An array of strings, set whole in a transaction; `forEach` reads it.
  case strings([String])
  /// An array of numbers, set whole in a transaction; `forEach` reads it.
  case numbers([Double])

  public var type: ValueType {
    switch self {
    case .number: return .number
    case .bool: return .bool
    case .color: return .color
    case .point: return .point
    case .string: return .string
    case .strings: return .strings
    case .numbers: return .numbers
    }
  }

  public var number: Double? { if case .number(let v) = self { return v }; return nil }
  public var bool: Bool? { if case .bool(let v) = self { return v }; return nil }
  public var color: Color? { if case .color(let v) = self { return v }; return nil }
  public var point: SIMD2<Double>? { if case .point(let v) = self { return v }; return nil }
  public var string: String? { if case .string(let v) = self { return v }; return nil }

  /// The elements of an array value, each a string or a number; nil for other values.
  public var elements: [StateValue]? {
    switch self {
    case .strings(let a): return a.map { .string($0) }
    case .numbers(let a): return a.map { .number($0) }
    default: return nil
    }
  }

  public var description: String {
    switch self {
    case .number(let v): return "\(v)"
    case .bool(let v): return "\(v)"
    case .color(let c): return "rgba(\(c.red), \(c.green), \(c.blue), \(c.opacity))"
    case .point(let p): return "[\(p.x), \(p.y)]"
    case .string(let s): return "\"\(s)\""
    case .strings(let a): return "[\(a.map { "\"\($0)\"" }.joined(separator: ", "))]"
    case .numbers(let a): return "[\(a.map { "\($0)" }.joined(separator: ", "))]"
    }
  }
}

/// The types of scene values.
public enum ValueType: String, Sendable, CustomStringConvertible {
  case number, bool = "boolean", color, point, string
  case strings = "array of strings", numbers = "array of numbers"

  public var description: String {
    switch self {
    case .number: return "a number"
    case .bool: return "a boolean"
    case .color: return "a color"
    case .point: return "a point"
    case .string: return "a string"
    case .strings: return "an array of strings"
    case .numbers: return "an array of numbers"
    }
  }

  /// The type of an array's elements (nil for a type that is not an array).
  public var element: ValueType? {
    switch self {
    case .strings: return .string
    case .numbers: return .number
    default: return nil
    }
  }
}
