import FlipbookDisplayList
import FlipbookImage
import FlipbookScene

/// A paint at one frame, before it is placed on a shape: what a `foregroundColor` hands down
/// to the shapes below it, each of which places a gradient in its own bounding rect.
enum FramePaint {
  case color(Color)
  /// Stops sorted by location (clamped to 0…1), and the geometry values in the order of
  /// ``GradientKind/geometry`` (points and numbers, as read from their attributes).
  case gradient(GradientKind, stops: [GradientPaint.Stop], geometry: [SIMD2<Double>])
}

extension CompiledScene.Walker {
  /// The paint of modifier `j` of node `i` at this frame, each value read from its attribute.
  func framePaint(_ i: Int, _ j: Int, _ p: Paint<FlipbookScene.Expression>) -> FramePaint {
    let base = Modifier.Kind.paintSlots
    guard case .gradient(let kind, let count, let locations) = p.form else {
      return .color(scene.color(AttributeKey(i, j, base), at: time))
    }
    var stops: [GradientPaint.Stop] = []
    stops.reserveCapacity(count)
    for k in 0..<count {
      if locations {
        let color = scene.color(AttributeKey(i, j, base + 2 * k), at: time)
        let l = scene.attribute(AttributeKey(i, j, base + 2 * k + 1), at: time).x
        // Animated locations may overshoot: clamped to 0…1 (NaN: 0), as Core Graphics does.
        stops.append(GradientPaint.Stop(color: color, location: l.isNaN ? 0 : min(max(l, 0), 1)))
      } else {
        let color = scene.color(AttributeKey(i, j, base + k), at: time)
        stops.append(GradientPaint.Stop(color: color, location: count == 1 ? 0 : Double(k) / Double(count - 1)))
      }
    }
    // Stops out of order are drawn in order of location; equal locations keep their order
    // (a hard edge), as SwiftUI's `Gradient` stops are.
    if locations { stops = stops.enumerated().sorted { ($0.1.location, $0.0) < ($1.1.location, $1.0) }.map(\.1) }
    let first = base + (locations ? 2 : 1) * count
    let geometry = kind.geometry.indices.map { g in
      let v = scene.attribute(AttributeKey(i, j, first + g), at: time)
      return SIMD2(v.x, v.y)
    }
    return .gradient(kind, stops: stops, geometry: geometry)
  }

  /// The paint on a shape whose bounding rect is `bounds`, with `opacity` multiplied into
  /// it: a color, or a color (unused) and the gradient placed in `bounds`. A gradient of one
  /// stop is that stop's color.
  static func place(_ paint: FramePaint, in bounds: Rect, opacity: Double) -> (Color, GradientPaint?) {
    switch paint {
    case .color(var c):
      c.opacity *= opacity
      return (c, nil)
    case .gradient(let kind, var stops, let g):
      for k in stops.indices { stops[k].color.opacity *= opacity }
      if stops.count == 1 { return (stops[0].color, nil) }
      func unit(_ p: SIMD2<Double>) -> Point {
        Point(x: bounds.minX + p.x * bounds.width, y: bounds.minY + p.y * bounds.height)
      }
      let degrees = Double.pi / 180
      let placed: GradientPaint.Kind
      switch kind {
      case .linearGradient: placed = .linear(start: unit(g[0]), end: unit(g[1]))
      case .radialGradient: placed = .radial(center: unit(g[0]), startRadius: g[1].x, endRadius: g[2].x)
      case .angularGradient:
        placed = .angular(center: unit(g[0]), startAngle: g[1].x * degrees, endAngle: g[2].x * degrees)
      }
      // The color is the last stop's: what shows where the gradient is degenerate.
      return (stops[stops.count - 1].color, GradientPaint(kind: placed, stops: stops))
    }
  }
}
