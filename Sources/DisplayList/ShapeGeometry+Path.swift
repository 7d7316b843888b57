extension ShapeGeometry {
  /// The shape's outline as a path, the way SwiftUI's `Shape.path(in:)` builds it.
  ///
  /// Used for trimming and for styled strokes. Rects with negative sizes are standardized
  /// first (as the rasterizer does); corner radii are NaN → 0 and clamped to 0…half the shorter
  /// side. Every built-in outline is one closed subpath running clockwise on screen (y down):
  ///
  /// - `rectangle`: starts at the top-left corner and runs right along the top edge.
  /// - `ellipse` (and circles): four cubic quarter arcs (κ = 4(√2 − 1)/3 ≈ 0.5522847498)
  ///   starting at the rightmost point: right → bottom → left → top.
  /// - `roundedRectangle`, `capsule` (circular corners of half the shorter side): start on
  ///   the top edge just right of the top-left corner (at x = minX + r), run right; circular
  ///   corners are one κ-cubic each, continuous corners the three cubics and two short lines of
  ///   the rasterizer's continuous-corner construction (the straight edge ends 1.52866483·r
  ///   before the corner, blended toward a circular corner where that does not fit). A radius of
  ///   0 gives the rectangle's path. Zero-length edges (between touching corners) are left out.
  /// - `path`: the path itself.
  public var path: PathGeometry {
    if case .path(let p) = self { return p }
    var e: [PathGeometry.Element] = []
    appendPathElements(to: &e)
    return PathGeometry(e)
  }

  /// Appends the elements of `path` (for a built-in shape) to `e`, so that the rasterizer can
  /// reuse one array for every shape of every frame; a `.path` appends its own elements.
  package func appendPathElements(to e: inout [PathGeometry.Element]) {
    switch self {
    case .path(let p):
      e.append(contentsOf: p.elements)
    case .rectangle(let r):
      StandardBox(r).rectanglePath(&e)
    case .ellipse(let r):
      let b = StandardBox(r)
      let cx = (b.x0 + b.x1) * 0.5, cy = (b.y0 + b.y1) * 0.5
      let rx = (b.x1 - b.x0) * 0.5, ry = (b.y1 - b.y0) * 0.5
      let kx = rx * bezierCircleKappa, ky = ry * bezierCircleKappa
      func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
      e.append(.move(p(cx + rx, cy)))
      e.append(.cubic(control1: p(cx + rx, cy + ky), control2: p(cx + kx, cy + ry), to: p(cx, cy + ry)))
      e.append(.cubic(control1: p(cx - kx, cy + ry), control2: p(cx - rx, cy + ky), to: p(cx - rx, cy)))
      e.append(.cubic(control1: p(cx - rx, cy - ky), control2: p(cx - kx, cy - ry), to: p(cx, cy - ry)))
      e.append(.cubic(control1: p(cx + kx, cy - ry), control2: p(cx + rx, cy - ky), to: p(cx + rx, cy)))
      e.append(.close)
    case .roundedRectangle(let r, let radius, let style):
      let b = StandardBox(r)
      let rr = b.clampedRadius(radius)
      if style == .continuous { b.continuousPath(rr, &e) } else { b.circularPath(rr, &e) }
    case .capsule(let r):
      let b = StandardBox(r)
      b.circularPath(b.clampedRadius(.infinity), &e)
    }
  }
}

/// κ = 4(√2 − 1)/3: the control-point distance, in radii, of the cubic quarter circle.
package let bezierCircleKappa = 0.5522847498307936

/// A rect with min ≤ max on both axes.
private struct StandardBox {
  var x0: Double, y0: Double, x1: Double, y1: Double

  init(_ r: Rect) {
    x0 = r.minX; x1 = r.maxX; y0 = r.minY; y1 = r.maxY
    if x0 > x1 { swap(&x0, &x1) }
    if y0 > y1 { swap(&y0, &y1) }
  }

  func clampedRadius(_ r: Double) -> Double {
    let half = min(x1 - x0, y1 - y0) * 0.5
    var v = r.isNaN ? 0 : r
    if v > half { v = half }
    if !(v > 0) { v = 0 }
    return v
  }

  func rectanglePath(_ e: inout [PathGeometry.Element]) {
    e.append(.move(Point(x: x0, y: y0)))
    e.append(.line(Point(x: x1, y: y0)))
    e.append(.line(Point(x: x1, y: y1)))
    e.append(.line(Point(x: x0, y: y1)))
    e.append(.close)
  }

  /// Corner frame: the corner point, the direction of the edge entering it (e) and of the
  /// edge leaving it (l); corners clockwise from the top-right one.
  func corner(_ i: Int) -> (px: Double, py: Double, ex: Double, ey: Double, lx: Double, ly: Double) {
    switch i {
    case 0: return (x1, y0, 1, 0, 0, 1)
    case 1: return (x1, y1, 0, 1, -1, 0)
    case 2: return (x0, y1, -1, 0, 0, -1)
    default: return (x0, y0, 0, -1, 1, 0)
    }
  }

  func circularPath(_ r: Double, _ e: inout [PathGeometry.Element]) {
    if !(r > 0) { rectanglePath(&e); return }
    let k = r * bezierCircleKappa
    e.append(.move(Point(x: x0 + r, y: y0)))
    var current = Point(x: x0 + r, y: y0)
    for i in 0..<4 {
      let c = corner(i)
      // The corner's arc from r before the corner (along e) to r after it (along l).
      let s = Point(x: c.px - r * c.ex, y: c.py - r * c.ey)
      let t = Point(x: c.px + r * c.lx, y: c.py + r * c.ly)
      if s != current { e.append(.line(s)) }
      e.append(
        .cubic(
          control1: Point(x: s.x + k * c.ex, y: s.y + k * c.ey),
          control2: Point(x: t.x - k * c.lx, y: t.y - k * c.ly), to: t))
      current = t
    }
    e.append(.close)
  }

  func continuousPath(_ r: Double, _ e: inout [PathGeometry.Element]) {
    if !(r > 0) { rectanglePath(&e); return }
    let half = min(x1 - x0, y1 - y0) * 0.5
    var blend = 0.0
    if continuousCornerReach * r > half {
      blend = (continuousCornerReach * r - half) / ((continuousCornerReach - 1) * r)
      if blend > 1 { blend = 1 }
    }
    func q(_ i: Int, _ j: Int) -> Point {
      let c = corner(i)
      let ab = continuousCornerPoint(j, blend: blend)
      return Point(x: c.px - ab.0 * r * c.ex + ab.1 * r * c.lx, y: c.py - ab.0 * r * c.ey + ab.1 * r * c.ly)
    }
    let start = q(3, 11)
    e.append(.move(start))
    var current = start
    for i in 0..<4 {
      let s = q(i, 0)
      if s != current { e.append(.line(s)) }
      e.append(.cubic(control1: q(i, 1), control2: q(i, 2), to: q(i, 3)))
      e.append(.line(q(i, 4)))
      e.append(.cubic(control1: q(i, 5), control2: q(i, 6), to: q(i, 7)))
      e.append(.line(q(i, 8)))
      e.append(.cubic(control1: q(i, 9), control2: q(i, 10), to: q(i, 11)))
      current = q(i, 11)
    }
    e.append(.close)
  }
}

/// The iOS 7 "continuous" corner reach, in corner radii: where the straight edge ends.
package let continuousCornerReach = 1.52866483

/// Point j (0…11) of one continuous corner in corner units (a: back along the entering edge
/// from the corner, b: along the leaving edge), blended from continuous (t = 0) to circular
/// (t = 1). Order: start, cubic(c1, c2, end), line, cubic(c1, c2, end), line, cubic(c1, c2, end).
/// The iOS 7 UIBezierPath construction (PaintCode's reverse-engineering).
@inline(__always)
package func continuousCornerPoint(_ j: Int, blend t: Double) -> (Double, Double) {
  let circleRest = 0.44771525016920655  // 1 − κ, κ = 4(√2 − 1)/3
  let c: (Double, Double), o: (Double, Double)
  switch j {
  case 0: c = (1.52866483, 0); o = (1, 0)
  case 1: c = (1.08849323, 0); o = (1, 0)
  case 2: c = (0.86840689, 0); o = (1, 0)
  case 3: c = (0.66993427, 0.06549600); o = (1, 0)
  case 4: c = (0.63149399, 0.07491100); o = (1, 0)
  case 5: c = (0.37282392, 0.16905899); o = (circleRest, 0)
  case 6: c = (0.16905899, 0.37282392); o = (0, circleRest)
  case 7: c = (0.07491100, 0.63149399); o = (0, 1)
  case 8: c = (0.06549600, 0.66993427); o = (0, 1)
  case 9: c = (0, 0.86840689); o = (0, 1)
  case 10: c = (0, 1.08849323); o = (0, 1)
  default: c = (0, 1.52866483); o = (0, 1)
  }
  if t == 0 { return c }
  return (c.0 + (o.0 - c.0) * t, c.1 + (o.1 - c.1) * t)
}
