extension Node {
  /// The node as one element of a `forEach` shows it: `"$item"` and `"$index"` replaced by
  /// `item` and `index` (outside nested `forEach` contents, where they name the inner
  /// element), conditions that became constant decided, and `if` nodes whose condition is
  /// constant replaced by the branch they show (so an element's transition is found on the
  /// view it shows).
  public func element(item: Expression, index: Expression) -> Node {
    func replace(_ e: Expression) -> Expression {
      e.rewritten { part in
        switch part {
        case .item: return item
        case .index: return index
        default: return part.folded
        }
      }
    }
    func replaceAll(_ modifiers: [Modifier]) -> [Modifier] {
      modifiers.map { m in
        Modifier(
          m.kind.map(value: { v, _ in replace(v) }, content: { $0.element(item: item, index: index) }), path: m.path)
      }
    }
    var n = self
    switch kind {
    case .shape(.roundedRectangle(let r, let continuous)):
      n.kind = .shape(.roundedRectangle(cornerRadius: replace(r), continuous: continuous))
    case .shape(.path(let p)):
      n.kind = .shape(.path(p.mapValues { e, _ in replace(e) }))
    case .shape:
      break
    case .color(let c):
      n.kind = .color(replace(c))
    case .zstack(let c, let a):
      n.kind = .zstack(children: c.map { $0.element(item: item, index: index) }, alignment: a)
    case .vstack(let c, let s, let a):
      n.kind = .vstack(children: c.map { $0.element(item: item, index: index) }, spacing: replace(s), alignment: a)
    case .hstack(let c, let s, let a):
      n.kind = .hstack(children: c.map { $0.element(item: item, index: index) }, spacing: replace(s), alignment: a)
    case .conditional(let c, let then, let otherwise):
      let condition = replace(c)
      if case .constant(.bool(let shown)) = condition {
        let branch = shown ? then : otherwise
        guard var chosen = branch?.element(item: item, index: index) else {
          n.kind = .empty
          break
        }
        // The `if` node's own modifiers wrap the branch.
        chosen.modifiers += replaceAll(modifiers)
        return chosen
      }
      n.kind = .conditional(
        condition: condition, then: then.element(item: item, index: index),
        else: otherwise?.element(item: item, index: index))
    case .forEach(let data, let content):
      n.kind = .forEach(data: replace(data), content: content)
    case .empty, .image:
      break
    case .spacer(let m):
      n.kind = .spacer(minLength: m.map(replace))
    case .text(var t):
      t.font.size = replace(t.font.size)
      t.lineSpacing = replace(t.lineSpacing)
      switch t.content {
      case .number(let e, let decimals): t.content = .number(replace(e), decimals: decimals)
      case .string(let e): t.content = .string(replace(e))
      case .literal: break
      }
      n.kind = .text(t)
    }
    n.modifiers = replaceAll(modifiers)
    return n
  }
}

extension Expression {
  /// This part decided when its own parts are constants (conditions, choices, points and
  /// colors); otherwise itself.
  public var folded: Expression {
    func constant(_ e: Expression) -> StateValue? { if case .constant(let v) = e { v } else { nil } }
    switch self {
    case .not(let c):
      return constant(c).map { _ in .constant(evaluate(StateSnapshot([:]))) } ?? self
    case .all(let cs), .any(let cs):
      return cs.allSatisfy({ constant($0) != nil }) ? .constant(evaluate(StateSnapshot([:]))) : self
    case .compare(_, let a, let b):
      return constant(a) != nil && constant(b) != nil ? .constant(evaluate(StateSnapshot([:]))) : self
    case .conditional(.constant(.bool(let c)), let a, let b):
      return c ? a : b
    case .point(.constant(.number(let x)), .constant(.number(let y))):
      return .constant(.point(SIMD2(x, y)))
    case .color(.constant(.number), .constant(.number), .constant(.number), .constant(.number)):
      return .constant(evaluate(StateSnapshot([:])))
    default:
      return self
    }
  }
}
