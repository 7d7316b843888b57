import FlipbookAnimation
import FlipbookDisplayList
import FlipbookScene

extension CompiledScene.Walker {
  /// The clip of modifier `j` of node `i` (`clipShape`, `cornerRadius` or `clipped`) at this
  /// frame: its shape laid over the layout rect of the view the modifier wraps, under the
  /// transform of everything outside it.
  func clip(_ i: Int, _ j: Int, _ ctx: CompiledScene.DrawContext) -> Clip {
    let r = rect(i, j)
    var geometry: ShapeGeometry
    var antialiased = true
    switch table[i].node.modifiers[j].kind {
    case .cornerRadius:
      let radius = scene.attribute(AttributeKey(i, j), at: time).x
      geometry = .roundedRectangle(r, cornerRadius: max(0, radius), style: .circular)
    case .clipped:
      geometry = .rectangle(r)
      antialiased = false
    case .clipShape(let c):
      switch c.form {
      case .circle:
        let d = max(0, min(r.width, r.height))
        geometry = .ellipse(Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
      case .ellipse: geometry = .ellipse(r)
      case .capsule: geometry = .capsule(r)
      case .rectangle: geometry = .rectangle(r)
      case .roundedRectangle(let continuous):
        let radius = clipValue(i, j, 0, c.values[0]).x
        geometry = .roundedRectangle(r, cornerRadius: max(0, radius), style: continuous ? .continuous : .circular)
      case .path:
        var path = pathGeometry(i, c.pathShape!, in: r, modifier: j)
        if let rule = c.fillRule { path.fillRule = rule == .evenOdd ? .evenOdd : .nonZero }
        geometry = .path(path)
      }
    default:
      geometry = .rectangle(r)
    }
    return Clip(geometry: geometry, transform: ctx.transform, antialiased: antialiased)
  }

  /// Value `slot` of a modifier: its track if it reads the state, else the literal.
  func clipValue(_ i: Int, _ j: Int, _ slot: Int, _ e: FlipbookScene.Expression) -> AnimatableVector {
    for a in scene.nodeAttributes[i] where a.modifier == Int32(j) && a.slot == Int32(slot) {
      return a.constant ?? a.track.value(at: time)
    }
    switch e.evaluate(state) {
    case .number(let n): return [n, n, 0, 0]
    case .point(let p): return [p.x, p.y, 0, 0]
    default: return .zero
    }
  }
}
