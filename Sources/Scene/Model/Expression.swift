/// A value in the scene that may depend on state: a literal, `"$name"`, an `if` choice, a
/// condition, or a point or color built from such parts (`{"x": "$x", "y": 0}`).
///
/// Expressions are type-checked when the scene is decoded, so evaluation cannot fail.
public indirect enum Expression: Hashable, Sendable {
  case constant(StateValue)
  case state(String)
  /// `{"if": C, "then": V, "else": V}`: `condition` is a boolean expression.
  case conditional(condition: Expression, then: Expression, else: Expression)
  case point(x: Expression, y: Expression)
  case color(red: Expression, green: Expression, blue: Expression, opacity: Expression)
  /// `{"not": C}`.
  case not(Expression)
  /// `{"all": [C, …]}`: true when every condition is (true when empty).
  case all([Expression])
  /// `{"any": [C, …]}`: true when one condition is (false when empty).
  case any([Expression])
  /// `{"eq": [V, V]}` and the other comparisons; both sides have one type.
  case compare(Comparison, Expression, Expression)
  /// `"$item"` inside a `forEach`'s content: the element. The engine replaces it with the
  /// element's value when it makes a view per element.
  case item
  /// `"$index"` inside a `forEach`'s content: the element's position.
  case index
  /// What `"$index"` becomes for one element of an array variable: the position of the
  /// `occurrence`-th (from 0) element equal to `value` in `array`, or -1 when it is not there.
  case position(of: StateValue, occurrence: Int, in: String)

  public func evaluate(_ state: StateSnapshot) -> StateValue {
    switch self {
    case .constant(let v): return v
    case .state(let name): return state[name]
    case .conditional(let c, let a, let b):
      return c.bool(state) ? a.evaluate(state) : b.evaluate(state)
    case .point(let x, let y):
      return .point(SIMD2(x.evaluate(state).number ?? 0, y.evaluate(state).number ?? 0))
    case .color(let r, let g, let b, let a):
      return .color(
        Color(
          red: r.evaluate(state).number ?? 0, green: g.evaluate(state).number ?? 0,
          blue: b.evaluate(state).number ?? 0, opacity: a.evaluate(state).number ?? 1))
    case .not(let c): return .bool(!c.bool(state))
    case .all(let cs): return .bool(cs.allSatisfy { $0.bool(state) })
    case .any(let cs): return .bool(cs.contains { $0.bool(state) })
    case .compare(let op, let a, let b): return .bool(op.holds(a.evaluate(state), b.evaluate(state)))
    case .item, .index: return .number(0)
    case .position(let value, let occurrence, let array):
      return .number(Double(state.position(of: value, occurrence: occurrence, in: array)))
    }
  }

  /// The position of the `occurrence`-th element equal to `value`, or -1.
  public static func position(of value: StateValue, occurrence: Int, in elements: [StateValue]) -> Int {
    var seen = 0
    for (i, e) in elements.enumerated() where e == value {
      if seen == occurrence { return i }
      seen += 1
    }
    return -1
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

  /// The state variables the expression reads.
  public var dependencies: Set<String> {
    var names: Set<String> = []
    visit {
      if case .state(let n) = $0 { names.insert(n) } else if case .position(_, _, let n) = $0 { names.insert(n) }
    }
    return names
  }

  /// Calls `body` on this expression and every expression inside it.
  public func visit(_ body: (Expression) -> Void) {
    body(self)
    switch self {
    case .conditional(let c, let a, let b): c.visit(body); a.visit(body); b.visit(body)
    case .point(let x, let y): x.visit(body); y.visit(body)
    case .color(let r, let g, let b, let a): r.visit(body); g.visit(body); b.visit(body); a.visit(body)
    case .not(let c): c.visit(body)
    case .all(let cs), .any(let cs): cs.forEach { $0.visit(body) }
    case .compare(_, let a, let b): a.visit(body); b.visit(body)
    case .constant, .state, .item, .index, .position: break
    }
  }

  /// The expression with every part rebuilt bottom-up by `transform` (which sees parts whose
  /// own parts are already rebuilt).
  public func rewritten(_ transform: (Expression) -> Expression) -> Expression {
    let e: Expression
    switch self {
    case .conditional(let c, let a, let b):
      e = .conditional(condition: c.rewritten(transform), then: a.rewritten(transform), else: b.rewritten(transform))
    case .point(let x, let y): e = .point(x: x.rewritten(transform), y: y.rewritten(transform))
    case .color(let r, let g, let b, let a):
      e = .color(
        red: r.rewritten(transform), green: g.rewritten(transform), blue: b.rewritten(transform),
        opacity: a.rewritten(transform))
    case .not(let c): e = .not(c.rewritten(transform))
    case .all(let cs): e = .all(cs.map { $0.rewritten(transform) })
    case .any(let cs): e = .any(cs.map { $0.rewritten(transform) })
    case .compare(let op, let a, let b): e = .compare(op, a.rewritten(transform), b.rewritten(transform))
    case .constant, .state, .item, .index, .position: e = self
    }
    return transform(e)
  }
}

/// The comparisons of a condition: `eq`/`ne` on values of one type, the others on numbers.
public enum Comparison: String, CaseIterable, Hashable, Sendable {
  case eq, ne, lt, le, gt, ge

  /// Whether the comparison holds between `a` and `b`.
  public func holds(_ a: StateValue, _ b: StateValue) -> Bool {
    switch self {
    case .eq: return a == b
    case .ne: return a != b
    default:
      guard let x = a.number, let y = b.number else { return false }
      switch self {
      case .lt: return x < y
      case .le: return x <= y
      case .gt: return x > y
      default: return x >= y
      }
    }
  }

  /// Whether the comparison applies to values of `type`.
  public func compares(_ type: ValueType) -> Bool {
    switch self {
    case .eq, .ne: return [.number, .bool, .string, .color].contains(type)
    default: return type == .number
    }
  }
}
