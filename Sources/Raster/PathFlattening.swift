import FlipbookDisplayList

// Paths (`ShapeGeometry.path`) flattened for filling, in pixel space: control points are
// mapped first (Bézier curves are affine-invariant), then each curve is cut into uniform
// parameter steps within `bezierTolerance` pixels (quadratics as their exact cubic
// elevation), at most `maxCubicSteps` per curve. A curve whose control points all lie off
// the canvas on one side becomes its chord: above, below or right of the canvas it covers no
// pixel either way, and left of it the chord crosses every row the same net number of times.

extension PathRecorder {
  /// Adds every subpath of `elements` as a closed contour (sign +1) in pixel coordinates.
  mutating func fillPath(_ elements: [PathGeometry.Element], _ m: PixelTransform, width W: Double, height H: Double) {
    var open = false
    var cx = m.tx, cy = m.ty  // current point (pixels)
    var sx = cx, sy = cy  // subpath start
    sign = 1
    for e in elements {
      switch e {
      case .move(let p):
        if open { close() }
        cx = m.x(p.x, p.y); cy = m.y(p.x, p.y)
        sx = cx; sy = cy
        moveTo(cx, cy)
        open = true
      case .line(let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        cx = m.x(p.x, p.y); cy = m.y(p.x, p.y)
        lineTo(cx, cy)
      case .quad(let c, let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        let qx = m.x(c.x, c.y), qy = m.y(c.x, c.y)
        let ex = m.x(p.x, p.y), ey = m.y(p.x, p.y)
        let third = 2.0 / 3.0
        curve(
          (cx, cy), (cx + (qx - cx) * third, cy + (qy - cy) * third),
          (ex + (qx - ex) * third, ey + (qy - ey) * third), (ex, ey), W, H)
        cx = ex; cy = ey
      case .cubic(let c1, let c2, let p):
        if !open { sx = cx; sy = cy; moveTo(cx, cy); open = true }
        let ex = m.x(p.x, p.y), ey = m.y(p.x, p.y)
        curve((cx, cy), (m.x(c1.x, c1.y), m.y(c1.x, c1.y)), (m.x(c2.x, c2.y), m.y(c2.x, c2.y)), (ex, ey), W, H)
        cx = ex; cy = ey
      case .close:
        if open {
          close()
          cx = sx; cy = sy
          open = false
        }
      }
    }
    if open { close() }
  }

  /// A cubic in pixel space from the current point p0: its chord when it lies wholly off the
  /// canvas on one side, else flattened.
  @inline(__always)
  mutating func curve(
    _ p0: (Double, Double), _ p1: (Double, Double), _ p2: (Double, Double), _ p3: (Double, Double),
    _ W: Double, _ H: Double
  ) {
    let minX = min(min(p0.0, p1.0), min(p2.0, p3.0)), maxX = max(max(p0.0, p1.0), max(p2.0, p3.0))
    let minY = min(min(p0.1, p1.1), min(p2.1, p3.1)), maxY = max(max(p0.1, p1.1), max(p2.1, p3.1))
    if maxX <= 0 || minX >= W || maxY <= 0 || minY >= H {
      lineTo(p3.0, p3.1)
    } else {
      cubicTo(p0, p1, p2, p3)
    }
  }
}

/// Whether the closed polygon is convex and winds once (every turn the same way, or straight,
/// and its direction's vertical component changes sign exactly twice): then it is simple, and
/// the plain accumulation is exact. False for anything else (conservative).
func isConvexPolygon(_ p: UnsafePointer<Double>, count n: Int) -> Bool {
  if n < 3 { return true }
  var turn = 0.0  // sign of the first non-zero turn
  var flips = 0
  var lastDy = 0.0, firstDy = 0.0  // signs of the last and first non-zero dy
  var ex = 0.0, ey = 0.0  // previous non-zero edge
  var fx = 0.0, fy = 0.0  // first non-zero edge
  var px = p[(n &- 1) &* 2], py = p[(n &- 1) &* 2 &+ 1]
  var i = 0
  while i <= n {
    // Edges p[i−1] → p[i] cyclically; the first non-zero edge is compared again at the end.
    var dx: Double, dy: Double
    if i < n {
      let x = p[i &* 2], y = p[i &* 2 &+ 1]
      dx = x - px; dy = y - py
      px = x; py = y
    } else {
      dx = fx; dy = fy
    }
    if dx != 0 || dy != 0 {
      if ex != 0 || ey != 0 {
        let cross = ex * dy - ey * dx
        if cross != 0 {
          if turn == 0 { turn = cross } else if (cross > 0) != (turn > 0) { return false }
        } else if ex * dx + ey * dy < 0 {
          return false  // a reversal
        }
      } else {
        fx = dx; fy = dy
      }
      if dy != 0 && i < n {
        let s: Double = dy > 0 ? 1 : -1
        if firstDy == 0 { firstDy = s } else if s != lastDy { flips &+= 1 }
        lastDy = s
      }
      ex = dx; ey = dy
    }
    i &+= 1
  }
  if lastDy != firstDy { flips &+= 1 }
  return flips <= 2
}
