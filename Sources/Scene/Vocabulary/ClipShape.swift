/// The shape a `clipShape` modifier clips to, generic over how its numbers are held (like
/// ``ModifierKind``): the scene holds ``Expression``s, the Swift API one state's values.
///
/// The fixed part (``form``: which shape, a rounded rectangle's corner style, a path's
/// commands) must agree across states; the numbers (``values``) may change and then animate.
/// A rounded rectangle has one value, its corner radius; a path has one per value of its
/// commands, in the order of ``PathShape/values`` (a point is one value, as are an arc's
/// radius and each angle).
public struct ClipShape<Value> {
  public var form: Form
  /// The shape's numbers, in the order described above; empty for the shapes without any.
  public var values: [Value]
  /// The `fillRule` of the `{"shape": …, "fillRule": …}` form (SwiftUI's `FillStyle`); nil when
  /// the file leaves it out, and then a path's own `fillRule` applies (built-in shapes are one
  /// simple outline, which both rules fill alike).
  public var fillRule: FillRule?

  public init(form: Form, values: [Value] = [], fillRule: FillRule? = nil) {
    self.form = form; self.values = values; self.fillRule = fillRule
  }

  public typealias Form = ClipShapeForm

  /// The JSON names of the shapes written as a bare string.
  public static var simpleNames: [String] { ["circle", "ellipse", "capsule", "rectangle"] }

  /// The same shape with every value converted; `value` gets the value and its index.
  package func map<V, E: Error>(_ value: (Value, Int) throws(E) -> V) throws(E) -> ClipShape<V> {
    var converted: [V] = []
    converted.reserveCapacity(values.count)
    for (k, v) in values.enumerated() { converted.append(try value(v, k)) }
    return ClipShape<V>(form: form, values: converted, fillRule: fillRule)
  }
}

/// The shapes a view can be clipped to.
public enum ClipShapeForm: Hashable, Sendable {
  case circle, ellipse, capsule, rectangle
  case roundedRectangle(continuous: Bool)
  /// A path whose values are left out (each is the number 0): its commands, `viewBox`, own
  /// `fillRule`, and the `d` text as the file wrote it.
  case path(PathShape)
}

extension ClipShape: Equatable where Value: Equatable {}
extension ClipShape: Hashable where Value: Hashable {}
extension ClipShape: Sendable where Value: Sendable {}

extension ClipShapeForm {
  /// A path's fixed part: the path with every value replaced by the number 0, its `d` kept.
  public static func path(structureOf shape: PathShape) -> Self {
    var structure = shape.mapValues { _, _ in .constant(.number(0)) }
    structure.data = shape.data
    return .path(structure)
  }
}

extension ClipShape where Value == Expression {
  /// A path clip: the path's fixed part and its values.
  public init(path shape: PathShape, fillRule: FillRule? = nil) {
    self.init(form: .path(structureOf: shape), values: shape.values.map(\.expression), fillRule: fillRule)
  }

  /// The clip's path with its values put back (nil for the other shapes).
  public var pathShape: PathShape? {
    guard case .path(let structure) = form else { return nil }
    var shape = structure.mapValues { _, slot in values[slot] }
    shape.data = structure.data
    return shape
  }
}

extension ClipShape {
  /// The type of each value: a rounded rectangle's radius is a number; a path's values are
  /// points or numbers by their place in the commands.
  public var valueTypes: [ValueType] {
    switch form {
    case .roundedRectangle: return [.number]
    case .path(let structure): return structure.values.map(\.type)
    case .circle, .ellipse, .capsule, .rectangle: return []
    }
  }
}
