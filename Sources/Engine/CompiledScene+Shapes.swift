import FlipbookDisplayList
import FlipbookImage
import FlipbookScene

extension CompiledScene.Walker {
  /// A shape node at this frame: its geometry in the layout rect after its shape modifiers
  /// (`trim`), the style and paint of the shape style that follows them (`fill`, `stroke`,
  /// `strokeBorder`; none: filled with the foreground style, else black), and the bounding
  /// rect a gradient is placed in: the whole shape's, before it is trimmed or inset for
  /// `strokeBorder`, so that one gradient sits alike under a fill, a stroke and a trim.
  func shapeDrawing(_ i: Int, _ shape: ShapeKind, _ ctx: CompiledScene.DrawContext) -> (
    ShapeGeometry, ShapeStyle, FramePaint, Rect
  ) {
    let node = table[i].node
    let r = rect(i, 0)
    func value(_ j: Int, _ slot: Int) -> Double { scene.attribute(AttributeKey(i, j, slot), at: time).x }

    // The shape style after the shape modifiers, if there is one.
    let first = table[i].shapeModifierCount
    var style = ShapeStyle.fill
    var paint = ctx.foreground ?? .color(.black)
    var inset = 0.0
    if first < node.modifiers.count {
      switch node.modifiers[first].kind {
      case .fill(let p):
        paint = framePaint(i, first, p)
      case .stroke(let c, _, let cap, let join, _, let dash, _),
        .strokeBorder(let c, _, let cap, let join, _, let dash, _):
        if let c { paint = framePaint(i, first, c) }
        let width = max(0, value(first, 1))
        style = .stroke(
          StrokeStyle(
            lineWidth: width, lineCap: Self.cap(cap), lineJoin: Self.join(join), miterLimit: max(0, value(first, 4)),
            dash: dash, dashPhase: value(first, 6)))
        if case .strokeBorder = node.modifiers[first].kind { inset = width / 2 }
      default: break
      }
    }

    var geometry: ShapeGeometry
    var bounds = r
    switch shape {
    case .path(let p):
      // A path cannot be inset: `strokeBorder` strokes it on its outline.
      let path = pathGeometry(i, p, in: r)
      bounds = path.bounds ?? r
      geometry = .path(path)
    case .circle:
      let side = max(0, min(r.width, r.height))
      bounds = Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
      let d = max(0, side - 2 * inset)
      geometry = .ellipse(Rect(x: r.midX - d / 2, y: r.midY - d / 2, width: d, height: d))
    case .ellipse: geometry = .ellipse(Self.inset(r, inset))
    case .rectangle: geometry = .rectangle(Self.inset(r, inset))
    case .capsule: geometry = .capsule(Self.inset(r, inset))
    case .roundedRectangle(_, let continuous):
      let radius = max(0, scene.attribute(AttributeKey(i, -1), at: time).x - inset)
      geometry = .roundedRectangle(
        Self.inset(r, inset), cornerRadius: radius, style: continuous ? .continuous : .circular)
    }
    // Shape modifiers in chain order: each trims what the one before left.
    for j in 0..<first {
      if case .trim = node.modifiers[j].kind {
        geometry = geometry.trimmed(from: value(j, 0), to: value(j, 1))
      }
    }
    return (geometry, style, paint, bounds)
  }

  static func inset(_ r: Rect, _ d: Double) -> Rect {
    guard d > 0 else { return r }
    return Rect(x: r.minX + d, y: r.minY + d, width: max(0, r.width - 2 * d), height: max(0, r.height - 2 * d))
  }

  static func cap(_ c: StrokeCap) -> LineCap {
    switch c {
    case .butt: .butt
    case .round: .round
    case .square: .square
    }
  }

  static func join(_ j: StrokeJoin) -> LineJoin {
    switch j {
    case .miter: .miter
    case .round: .round
    case .bevel: .bevel
    }
  }
}
