/// A value a state variable can hold, or an attribute can take.
public enum StateValue: Hashable, Sendable, CustomStringConvertible {
  case number(Double)
  case bool(Bool)
  case color(Color)
  case point(SIMD2<Double>)

  public var type: ValueType {
    switch self {
    case .number: return .number
    case .bool: return .bool
    case .color: return .color
    case .point: return .point
    }
  }

  public var number: Double? { if case .number(let v) = self { return v }; return nil }
  public var bool: Bool? { if case .bool(let v) = self { return v }; return nil }
  public var color: Color? { if case .color(let v) = self { return v }; return nil }
  public var point: SIMD2<Double>? { if case .point(let v) = self { return v }; return nil }

  public var description: String {
    switch self {
    case .number(let v): return "\(v)"
    case .bool(let v): return "\(v)"
    case .color(let c): return "rgba(\(c.red), \(c.green), \(c.blue), \(c.opacity))"
    case .point(let p): return "[\(p.x), \(p.y)]"
    }
  }
}

/// The types of scene values.
public enum ValueType: String, Sendable, CustomStringConvertible {
  case number, bool = "boolean", color, point
  public var description: String {
    switch self {
    case .number: return "a number"
    case .bool: return "a boolean"
    case .color: return "a color"
    case .point: return "a point"
    }
  }
}
