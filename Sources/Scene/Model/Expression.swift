/// A value in the scene that may depend on state: a literal, `"$name"`, an `if` choice, or
/// a point or color built from such parts (`{"x": "$x", "y": 0}`).
///
/// Expressions are type-checked when the scene is decoded, so evaluation cannot fail.
public indirect enum Expression: Hashable, Sendable {
  case constant(StateValue)
  case state(String)
  case conditional(flag: String, then: Expression, else: Expression)
  case point(x: Expression, y: Expression)
  case color(red: Expression, green: Expression, blue: Expression, opacity: Expression)

  public func evaluate(_ state: StateSnapshot) -> StateValue {
    switch self {
    case .constant(let v): return v
    case .state(let name): return state[name]
    case .conditional(let flag, let a, let b):
      return state[flag].bool == true ? a.evaluate(state) : b.evaluate(state)
    case .point(let x, let y):
      return .point(SIMD2(x.evaluate(state).number ?? 0, y.evaluate(state).number ?? 0))
    case .color(let r, let g, let b, let a):
      return .color(
        Color(
          red: r.evaluate(state).number ?? 0, green: g.evaluate(state).number ?? 0,
          blue: b.evaluate(state).number ?? 0, opacity: a.evaluate(state).number ?? 1))
    }
  }

  /// A number; the decoder guarantees the type.
  public func number(_ state: StateSnapshot) -> Double { evaluate(state).number ?? 0 }
  public func bool(_ state: StateSnapshot) -> Bool { evaluate(state).bool ?? false }
  public func color(_ state: StateSnapshot) -> Color { evaluate(state).color ?? .clear }
  /// A point; a number `s` reads as `(s, s)` (uniform `scaleEffect`).
  public func point(_ state: StateSnapshot) -> SIMD2<Double> {
    switch evaluate(state) {
    case .point(let p): return p
    case .number(let s): return SIMD2(s, s)
    default: return .zero
    }
  }

  public static func number(_ v: Double) -> Expression { .constant(.number(v)) }
}
