import FlipbookAnimation

/// One row of the modifier table: the JSON key, how its value is written, and its arguments.
///
/// The decoder, the encoder, the schema fragment (``schema``), the engine's animatable
/// attributes and the Swift API's recording are all driven by these rows (see
/// ``ModifierKind`` for the cases they describe).
public struct ModifierSpec: Sendable {
  /// The JSON key: `{"scaleEffect": 2}`.
  public let name: String
  public let form: ModifierForm
  public let arguments: [ArgumentSpec]
  /// The SwiftUI spelling, for messages and the reference.
  public let swiftSpelling: String
  /// Where the modifier may stand in a chain.
  public let placement: Placement
  /// Optional arguments of which the object form gives exactly one (`animation`'s `value`
  /// or `body`).
  public let exactlyOne: [String]

  init(
    _ name: String, form: ModifierForm, swift: String, placement: Placement = .anywhere, exactlyOne: [String] = [],
    _ arguments: [ArgumentSpec]
  ) {
    self.name = name; self.form = form; self.arguments = arguments; self.swiftSpelling = swift
    self.placement = placement; self.exactlyOne = exactlyOne
  }

  /// Where a modifier may stand, as SwiftUI's types allow it.
  public enum Placement: Sendable, Equatable {
    case anywhere
    /// A shape style (`fill`, `stroke`): only on a shape, after its shape modifiers and
    /// before anything else (`Circle().trim(…).stroke(…).frame(…)`).
    case shapeStyle
    /// A modifier that returns a shape (`trim`): only on a shape, before its style.
    case shapeModifier
  }

  /// A shape style (`fill`, `stroke`, `strokeBorder`).
  public var isShapeStyle: Bool { placement == .shapeStyle }

  /// The rows by JSON key.
  public static let named: [String: ModifierSpec] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

  /// The JSON keys in table order.
  public static var names: [String] { all.map(\.name) }
}

/// How a modifier's arguments are written in JSON.
public enum ModifierForm: Sendable, Equatable {
  /// The value is the one argument: `{"fill": "red"}`.
  case value
  /// An object of named arguments: `{"frame": {"width": 10}}`.
  case object
  /// The first argument alone (or, with `spread`, one value for every argument), or an
  /// object of the arguments. The test tells such an object from a value that is itself an
  /// object, a point `{"x": 1}` or a choice `{"if": …}`.
  case valueOrObject(ObjectTest, spread: Bool)
  /// Only `true`: `{"compositingGroup": true}`.
  case flag

  public enum ObjectTest: Sendable, Equatable {
    /// An object with one of the argument keys (`scaleEffect`'s `scale`/`anchor`; a point is
    /// the value).
    case withArgumentKey
    /// Any object but an `{"if": …}` choice.
    case unlessConditional
  }
}

/// One argument of a modifier.
public struct ArgumentSpec: Sendable {
  /// Its key in the object form, and the base name of the state variables the Swift API
  /// makes for it.
  public let key: String
  public let type: ArgumentType
  /// What the engine does with a value argument.
  public let role: ValueRole
  public let presence: Presence

  init(_ key: String, _ type: ArgumentType, role: ValueRole = .discrete, presence: Presence = .required) {
    self.key = key; self.type = type; self.role = role; self.presence = presence
  }

  /// A value argument: `type` with a literal `range`; `numberAsPoint` lets a number stand for
  /// a uniform point, `defaultComponent` fills a point's missing x or y.
  static func value(
    _ key: String, _ type: ValueType, range: NumberRange = .any, numberAsPoint: Bool = false,
    defaultComponent: Double? = nil, role: ValueRole, presence: Presence = .required
  ) -> ArgumentSpec {
    ArgumentSpec(
      key, .value(type, range: range, numberAsPoint: numberAsPoint, defaultComponent: defaultComponent), role: role,
      presence: presence)
  }

  /// The argument's value when the file leaves it out; nil when it is required.
  package var defaultArgument: ModifierArgument<Expression, Node>? {
    switch presence {
    case .required: return nil
    case .optional: return type == .paint ? .paint(nil) : .value(nil)
    case .defaulted(let d): return d
    }
  }

  public enum Presence: Sendable {
    case required
    /// May be left out; then the value is nil.
    case optional
    /// May be left out; then it is this.
    case defaulted(ModifierArgument<Expression, Node>)
  }
}

/// What an argument holds.
public enum ArgumentType: Sendable, Equatable {
  /// A literal, `"$name"` or `{"if": …}` of a type: it may change from state to state.
  case value(ValueType, range: NumberRange, numberAsPoint: Bool, defaultComponent: Double?)
  case alignment, anchor, node, animation, stateReference, transition, string, bool
  /// Modifiers applied to a placeholder of the content (`animation(_:body:)`'s body): an
  /// array of modifiers in JSON, flattened into the chain before the modifier that holds them.
  case body
  /// A ``ContentTransition``: a bare name or `{"numericText": {"countsDown": b}}`.
  case contentTransition
  /// One of these names (a `lineCap`).
  case choice([String])
  /// A literal array of numbers in a range (a `dash` pattern); it does not animate.
  case numbers(NumberRange)
  /// A literal axis `[x, y, z]` of three finite numbers (`rotation3DEffect`), held as
  /// ``ModifierArgument/numbers(_:)``; it does not animate.
  case axis
  /// A shape to clip to (``ClipShape``): its form is fixed, its numbers are values.
  case clipShape
  /// A color or a gradient (``Paint``): its form is fixed, its colors, locations, points,
  /// radii and angles are values.
  case paint
}

/// What the engine does with a value argument.
public enum ValueRole: Sendable {
  /// An animatable attribute read when the frame is drawn (a color, an offset).
  case draws
  /// Read by layout: a change lays the tree out again, and the layout rects animate.
  case layout
  /// Read from the state as it is (a `zIndex` orders siblings and does not animate).
  case discrete
}

/// Ranges a literal number must lie in.
public enum NumberRange: Sendable, Equatable {
  case any, positive, nonNegative, unit
  /// ≥ 0, or `"infinity"` (a flexible frame's maximum).
  case nonNegativeOrInfinity

  func contains(_ v: Double) -> Bool {
    switch self {
    case .any: return true
    case .positive: return v > 0
    case .nonNegative: return v >= 0
    case .nonNegativeOrInfinity: return v >= 0
    case .unit: return v >= 0 && v <= 1
    }
  }

  var expectation: String {
    switch self {
    case .any: return "a number"
    case .positive: return "a number > 0"
    case .nonNegative: return "a number ≥ 0"
    case .nonNegativeOrInfinity: return "a number ≥ 0 or \"infinity\""
    case .unit: return "a number in 0…1"
    }
  }
}

/// One argument's value: what ``ModifierKind/arguments`` lists and
/// ``ModifierKind/init(_:arguments:)`` takes.
public enum ModifierArgument<Value, Content> {
  /// A value slot; nil when an optional argument (of any type but a paint) is left out.
  case value(Value?)
  case alignment(Alignment)
  case anchor(UnitPoint)
  case content(Content)
  case animation(Animation?)
  case stateReference(String)
  case transition(Transition)
  case contentTransition(ContentTransition)
  case string(String)
  case bool(Bool)
  case choice(String)
  case numbers([Double])
  case clipShape(ClipShape<Value>)
  /// A paint; nil when an optional one is left out (a stroke without a color).
  case paint(Paint<Value>?)
  /// How many modifiers before this one form its body (``ArgumentType/body``).
  case body(count: Int)

  static func number(_ v: Double) -> Self where Value == Expression { .value(.constant(.number(v))) }

  /// The value of a required value argument.
  package var required: Value? { if case .value(let v) = self { return v }; return nil }
  /// The value of an optional value argument (nil when left out).
  package var optional: Value? { required }

  /// The argument with its values and view converted; `value` gets each value and its index
  /// within the argument (0 but for a clip shape's values).
  func map<V, C, E: Error>(value: (Value, Int) throws(E) -> V, content: (Content) throws(E) -> C) throws(E)
    -> ModifierArgument<V, C>
  {
    switch self {
    case .value(let v):
      guard let v else { return .value(nil) }
      return .value(try value(v, 0))
    case .clipShape(let c): return .clipShape(try c.map(value))
    case .paint(let p):
      guard let p else { return .paint(nil) }
      return .paint(try p.map(value))
    case .content(let c): return .content(try content(c))
    case .alignment(let a): return .alignment(a)
    case .anchor(let a): return .anchor(a)
    case .animation(let a): return .animation(a)
    case .stateReference(let s): return .stateReference(s)
    case .transition(let t): return .transition(t)
    case .contentTransition(let t): return .contentTransition(t)
    case .string(let s): return .string(s)
    case .bool(let b): return .bool(b)
    case .choice(let s): return .choice(s)
    case .numbers(let n): return .numbers(n)
    case .body(let n): return .body(count: n)
    }
  }
}

extension ModifierArgument: Equatable where Value: Equatable, Content: Equatable {}
extension ModifierArgument: Hashable where Value: Hashable, Content: Hashable {}
extension ModifierArgument: Sendable where Value: Sendable, Content: Sendable {}

/// Stands for a value or a view when only a modifier's fixed structure matters.
public struct ArgumentMarker: Hashable, Sendable {}
