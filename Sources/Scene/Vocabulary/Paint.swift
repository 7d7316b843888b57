/// What a shape is painted with (`fill`, `foregroundStyle`, `foregroundColor`, a stroke's
/// `color`): a color, or a linear, radial or angular gradient. Generic over how its values are
/// held, like ``ClipShape``: the scene holds ``Expression``s, the Swift API one state's values.
///
/// The fixed part (``form``: which paint, how many stops, whether they carry locations) must
/// agree across states; the values may change and then animate, stop by stop. Values, in
/// order: a color paint has its color; a gradient has its stops first (`colors`: one color
/// each; `stops`: a color and a location each), then its geometry (``GradientKind/geometry``).
public struct Paint<Value> {
  public var form: PaintForm
  public var values: [Value]

  public init(form: PaintForm, values: [Value]) { self.form = form; self.values = values }

  /// A plain color.
  public static func color(_ value: Value) -> Paint { Paint(form: .color, values: [value]) }

  /// The same paint with every value converted; `value` gets the value and its index.
  package func map<V, E: Error>(_ value: (Value, Int) throws(E) -> V) throws(E) -> Paint<V> {
    var converted: [V] = []
    converted.reserveCapacity(values.count)
    for (k, v) in values.enumerated() { converted.append(try value(v, k)) }
    return Paint<V>(form: form, values: converted)
  }
}

extension Paint: Equatable where Value: Equatable {}
extension Paint: Hashable where Value: Hashable {}
extension Paint: Sendable where Value: Sendable {}

/// The fixed part of a ``Paint``.
public enum PaintForm: Hashable, Sendable {
  case color
  /// A gradient of `stops` stops; `locations`: written as `stops` (a color and a location
  /// each), else as `colors` (evenly spaced).
  case gradient(GradientKind, stops: Int, locations: Bool)
}

/// SwiftUI's three gradients, by their JSON keys.
public enum GradientKind: String, CaseIterable, Hashable, Sendable {
  case linearGradient, radialGradient, angularGradient

  /// The geometry values after the stops: key, type, literal range, and default.
  public var geometry: [(key: String, type: ValueType, range: NumberRange, default: StateValue)] {
    switch self {
    case .linearGradient:
      return [
        ("startPoint", .point, .any, .point(SIMD2(0.5, 0))), ("endPoint", .point, .any, .point(SIMD2(0.5, 1))),
      ]
    case .radialGradient:
      return [
        ("center", .point, .any, .point(SIMD2(0.5, 0.5))), ("startRadius", .number, .nonNegative, .number(0)),
        ("endRadius", .number, .nonNegative, .number(0)),
      ]
    case .angularGradient:
      return [
        ("center", .point, .any, .point(SIMD2(0.5, 0.5))), ("startAngle", .number, .any, .number(0)),
        ("endAngle", .number, .any, .number(0)),
      ]
    }
  }

  /// The geometry keys a file must give: a radial gradient's `endRadius` has no sensible
  /// default. The others default as `AnyGradient` (top to bottom) and SwiftUI's
  /// `AngularGradient(gradient:center:)` (0° to 0°: one full turn) do.
  public var requiredGeometry: [String] { self == .radialGradient ? ["endRadius"] : [] }
}

/// The most stops a gradient may have: far more than any design needs, and a bound on the
/// work each pixel of it costs.
public let maxGradientStops = 256

extension PaintForm {
  /// How many values a paint of this form has.
  public var valueCount: Int { valueTypes.count }

  /// The type of each value, in the order of ``Paint/values``.
  public var valueTypes: [ValueType] {
    switch self {
    case .color: return [.color]
    case .gradient(let kind, let stops, let locations):
      let stop: [ValueType] = locations ? [.color, .number] : [.color]
      return Array([[ValueType]](repeating: stop, count: stops).joined()) + kind.geometry.map(\.type)
    }
  }

  /// A short name of value `k` (`stops[1].location`, `startPoint`), for curves and variables.
  public func valueName(_ k: Int) -> String {
    switch self {
    case .color: return "color"
    case .gradient(let kind, let stops, let locations):
      let perStop = locations ? 2 : 1
      if k < stops * perStop {
        return locations ? "stops[\(k / 2)].\(k % 2 == 0 ? "color" : "location")" : "colors[\(k)]"
      }
      return kind.geometry[k - stops * perStop].key
    }
  }
}
