extension PathShape {
  /// Every value of the commands in order, with its type: the slots a path's animatable
  /// attributes are numbered by (a point is one slot, as are a radius and each angle).
  public var values: [(expression: Expression, type: ValueType)] {
    var list: [(expression: Expression, type: ValueType)] = []
    for c in commands {
      switch c {
      case .move(let p), .line(let p): list.append((p, .point))
      case .quad(let c, let p): list += [(c, .point), (p, .point)]
      case .curve(let c1, let c2, let p): list += [(c1, .point), (c2, .point), (p, .point)]
      case .arc(let center, let r, let a0, let a1, _):
        list += [(center, .point), (r, .number), (a0, .number), (a1, .number)]
      case .close: break
      }
    }
    return list
  }

  /// The same path with every value replaced, in the order of ``values``: how the Swift API
  /// turns each state's numbers into expressions, and how a path's fixed structure (which
  /// commands, which arcs turn which way) is compared.
  public func mapValues(_ transform: (Expression, Int) throws -> Expression) rethrows -> PathShape {
    var slot = 0
    func next(_ e: Expression) throws -> Expression {
      defer { slot += 1 }
      return try transform(e, slot)
    }
    var result = self
    result.data = nil
    result.commands = try commands.map { c in
      switch c {
      case .move(let p): return .move(to: try next(p))
      case .line(let p): return .line(to: try next(p))
      case .quad(let c, let p): return .quad(control: try next(c), to: try next(p))
      case .curve(let c1, let c2, let p): return .curve(control1: try next(c1), control2: try next(c2), to: try next(p))
      case .arc(let center, let r, let a0, let a1, let cw):
        return .arc(
          center: try next(center), radius: try next(r), startAngle: try next(a0), endAngle: try next(a1), clockwise: cw
        )
      case .close: return .close
      }
    }
    return result
  }
}
