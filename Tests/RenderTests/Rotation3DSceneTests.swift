import FlipbookDisplayList
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// `rotation3DEffect` in scenes against SwiftUI's formula, computed here as the contract
/// writes it with 4×4 matrices: T(anchor, anchorZ) · P · R(angle, axis) · T(−anchor, −anchorZ),
/// P the identity but for m34 = −perspective / max(width, height) (w = 1 + m34·z), R Rodrigues'
/// rotation (right-handed; y down, z toward the viewer), applied to (x, y, 0, 1) and divided by w.
@Suite struct Rotation3DSceneTests {
  typealias Matrix = [[Double]]

  /// The contract's 4×4 transform for a view whose layout rect is `rect` (points).
  static func transform(
    degrees: Double, axis: (Double, Double, Double), anchor: (Double, Double), anchorZ: Double, perspective: Double,
    rect: (x: Double, y: Double, w: Double, h: Double)
  ) -> Matrix {
    func product(_ a: Matrix, _ b: Matrix) -> Matrix {
      (0..<4).map { i in (0..<4).map { j in (0..<4).reduce(0) { $0 + a[i][$1] * b[$1][j] } } }
    }
    func translation(_ x: Double, _ y: Double, _ z: Double) -> Matrix {
      [[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, z], [0, 0, 0, 1]]
    }
    let n = (axis.0 * axis.0 + axis.1 * axis.1 + axis.2 * axis.2).squareRoot()
    let (x, y, z) = (axis.0 / n, axis.1 / n, axis.2 / n)
    let a = degrees * .pi / 180
    let c = cos(a), s = sin(a), t = 1 - c
    let r: Matrix = [
      [t * x * x + c, t * x * y - s * z, t * x * z + s * y, 0],
      [t * x * y + s * z, t * y * y + c, t * y * z - s * x, 0],
      [t * x * z - s * y, t * y * z + s * x, t * z * z + c, 0],
      [0, 0, 0, 1],
    ]
    var p = translation(0, 0, 0)
    p[3][2] = -perspective / max(rect.w, rect.h)
    let ax = rect.x + anchor.0 * rect.w, ay = rect.y + anchor.1 * rect.h
    return product(product(product(translation(ax, ay, anchorZ), p), r), translation(-ax, -ay, -anchorZ))
  }

  /// The image of (x, y, 0, 1), divided by w, times the canvas scale; and its w.
  static func project(_ m: Matrix, _ x: Double, _ y: Double, scale: Double) -> (x: Double, y: Double, w: Double) {
    let v = (0..<4).map { m[$0][0] * x + m[$0][1] * y + m[$0][3] }
    return (v[0] / v[3] * scale, v[1] / v[3] * scale, v[3])
  }

  /// The local point (x, y, 0) whose image is pixel point (px, py): the 3×3 map of columns
  /// x, y, 1 and rows x, y, w of `m`, inverted by solving it (Cramer's rule); and that
  /// point's w.
  static func unproject(_ m: Matrix, _ px: Double, _ py: Double, scale: Double) -> (x: Double, y: Double, w: Double) {
    let sx = px / scale, sy = py / scale
    // (m0·p) − sx·(m3·p) = 0, (m1·p) − sy·(m3·p) = 0 for p = (x, y, 1).
    let a = m[0][0] - sx * m[3][0], b = m[0][1] - sx * m[3][1], c = -(m[0][3] - sx * m[3][3])
    let d = m[1][0] - sy * m[3][0], e = m[1][1] - sy * m[3][1], f = -(m[1][3] - sy * m[3][3])
    let det = a * e - b * d
    let x = (c * e - b * f) / det, y = (a * f - c * d) / det
    return (x, y, m[3][0] * x + m[3][1] * y + m[3][3])
  }

  func render(_ text: String, at t: Double = 0) throws -> Pixmap {
    let s = try compile(text)
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(s.displayList(at: t), into: &p)
    return p
  }

  /// A white rectangle of `w`×`h` points centered on a transparent canvas, rotated.
  func rectangleScene(_ w: Double, _ h: Double, rotation: String, scale: Double = 1, fill: String = "\"white\"")
    -> String
  {
    #"""
    {"canvas": {"width": 400, "height": 300, "scale": \#(scale)},
     "root": {"type": "rectangle", "modifiers": [{"fill": \#(fill)}, {"frame": {"width": \#(w), "height": \#(h)}},
       {"rotation3DEffect": \#(rotation)}]}}
    """#
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var degrees: Double, axis: (Double, Double, Double), anchor: (Double, Double), anchorZ: Double
    var perspective: Double, scale: Double
    var json: String {
      #"{"degrees": \#(degrees), "axis": [\#(axis.0), \#(axis.1), \#(axis.2)], "anchor": [\#(anchor.0), \#(anchor.1)], "anchorZ": \#(anchorZ), "perspective": \#(perspective)}"#
    }
    var testDescription: String { json + " @\(scale)x" }
  }

  static let cases: [Case] = [
    Case(degrees: 40, axis: (0, 1, 0), anchor: (0.5, 0.5), anchorZ: 0, perspective: 1, scale: 1),
    Case(degrees: -55, axis: (1, 0, 0), anchor: (0.5, 0.5), anchorZ: 0, perspective: 1, scale: 1),
    Case(degrees: 30, axis: (1, 0.6, 0.2), anchor: (0, 0.3), anchorZ: 25, perspective: 1.4, scale: 2),
    Case(degrees: 150, axis: (0, 1, 0.1), anchor: (0.5, 0.5), anchorZ: -10, perspective: 0.8, scale: 1),
  ]

  /// The drawn rectangle's edges, measured from coverage, meet where the formula puts its
  /// corners, within 0.1 pixel. Each edge is measured across it (rows for a steep edge,
  /// columns for a flat one) in its middle 60%: the coverage summed over a window of ±6
  /// pixels across the edge is the distance from the window's inner end to the edge's mean
  /// position in that row (exact area coverage, 8-bit rounding), and a least-squares line
  /// through those positions is the edge; adjacent edges' lines meet at the corners.
  @Test(arguments: cases) func cornersLieWhereTheFormulaPutsThem(_ c: Case) throws {
    let (w, h) = (200.0, 120.0)
    let rect = (x: 100.0, y: 90.0, w: w, h: h)
    let m = Self.transform(
      degrees: c.degrees, axis: c.axis, anchor: c.anchor, anchorZ: c.anchorZ, perspective: c.perspective, rect: rect)
    let corners = [(rect.x, rect.y), (rect.x + w, rect.y), (rect.x + w, rect.y + h), (rect.x, rect.y + h)].map {
      Self.project(m, $0.0, $0.1, scale: c.scale)
    }
    #expect(corners.allSatisfy { $0.w > 0.2 })
    let p = try render(rectangleScene(w, h, rotation: c.json, scale: c.scale))
    func alpha(_ x: Int, _ y: Int) -> Double {
      guard x >= 0, y >= 0, x < p.width, y < p.height else { return 0 }
      return Double(p.bytes[(y * p.width + x) * 4 + 3]) / 255
    }
    // Each edge as a line a·x + b·y = c (fitted), in pixels.
    var lines: [(a: Double, b: Double, c: Double)] = []
    for k in 0..<4 {
      let p0 = corners[k], p1 = corners[(k + 1) % 4]
      let steep = abs(p1.y - p0.y) > abs(p1.x - p0.x)
      var samples: [(s: Double, t: Double)] = []  // s along the edge's main axis, t across
      let (s0, s1) = steep ? (p0.y, p1.y) : (p0.x, p1.x)
      let lo = Int(min(s0, s1) + 0.2 * abs(s1 - s0)), hi = Int(max(s0, s1) - 0.2 * abs(s1 - s0))
      for i in lo..<hi {
        let sc = Double(i) + 0.5
        let f = (sc - s0) / (s1 - s0)
        let tc = steep ? p0.x + f * (p1.x - p0.x) : p0.y + f * (p1.y - p0.y)
        let t0 = Int(tc.rounded(.down)) - 6, t1 = Int(tc.rounded(.down)) + 7
        func a(_ t: Int) -> Double { steep ? alpha(t, i) : alpha(i, t) }
        let sum = (t0..<t1).reduce(0) { $0 + a($1) }
        // Inside toward the larger t: the edge at t1 − sum; toward the smaller: t0 + sum.
        let edge = a(t1 - 1) > a(t0) ? Double(t1) - sum : Double(t0) + sum
        samples.append((sc, edge))
      }
      #expect(samples.count >= 20, "edge \(k) too short to measure")
      // Least squares t = u·s + v.
      let n = Double(samples.count)
      let ms = samples.reduce(0) { $0 + $1.s } / n, mt = samples.reduce(0) { $0 + $1.t } / n
      let u =
        samples.reduce(0) { $0 + ($1.s - ms) * ($1.t - mt) } / samples.reduce(0) { $0 + ($1.s - ms) * ($1.s - ms) }
      let v = mt - u * ms
      // steep: x = u·y + v → x − u·y = v; flat: y = u·x + v → −u·x + y = v.
      lines.append(steep ? (1, -u, v) : (-u, 1, v))
    }
    for k in 0..<4 {
      let l0 = lines[(k + 3) % 4], l1 = lines[k]
      let det = l0.a * l1.b - l0.b * l1.a
      let x = (l0.c * l1.b - l0.b * l1.c) / det, y = (l0.a * l1.c - l0.c * l1.a) / det
      let e = corners[k]
      #expect(
        abs(x - e.x) <= 0.1 && abs(y - e.y) <= 0.1,
        "corner \(k): measured (\(x), \(y)), formula (\(e.x), \(e.y))")
    }
  }

  /// Positive degrees about [0, 1, 0] take the right side away: the right edge is shorter.
  @Test func positiveDegreesAboutYTakeTheRightSideAway() throws {
    let p = try render(rectangleScene(200, 120, rotation: #"{"degrees": 30, "axis": [0, 1, 0]}"#))
    func columnHeight(_ x: Int) -> Double {
      (0..<p.height).reduce(0) { $0 + Double(p.bytes[($1 * p.width + x) * 4 + 3]) / 255 }
    }
    let xs = (0..<p.width).filter { columnHeight($0) > 0 }
    let left = columnHeight(xs.first! + 2), right = columnHeight(xs.last! - 2)
    #expect(left > right + 10, "left \(left), right \(right)")
  }

  /// A shape's coverage under a projection against a supersampled reference: each pixel's
  /// 32×32 sample points (centered in their cells) mapped back through the formula's inverse
  /// and tested against the ellipse. The grid's own error is at most 1/32 per pixel, the
  /// flattening's about 0.4/255, the 8-bit rounding 0.5/255: every pixel within 0.04, and the
  /// mean over the pixels the edge crosses within 0.005.
  @Test func projectedEllipseMatchesASupersampledReference() throws {
    let rect = (x: 120.0, y: 80.0, w: 160.0, h: 140.0)
    let m = Self.transform(
      degrees: 62, axis: (1, 1, 0), anchor: (0.5, 0.5), anchorZ: 0, perspective: 1, rect: rect)
    let text = #"""
      {"canvas": {"width": 400, "height": 300},
       "root": {"type": "ellipse", "modifiers": [{"fill": "white"}, {"frame": {"width": 160, "height": 140}},
         {"rotation3DEffect": {"degrees": 62, "axis": [1, 1, 0]}}]}}
      """#
    let p = try render(text)
    let (cx, cy, rx, ry) = (rect.x + rect.w / 2, rect.y + rect.h / 2, rect.w / 2, rect.h / 2)
    func inside(_ px: Double, _ py: Double) -> Bool {
      let q = Self.unproject(m, px, py, scale: 1)
      let dx = (q.x - cx) / rx, dy = (q.y - cy) / ry
      return q.w > 0 && dx * dx + dy * dy < 1
    }
    var worst = 0.0, sum = 0.0, edges = 0, covered = 0.0
    for y in 0..<p.height {
      for x in 0..<p.width {
        let a = Double(p.bytes[(y * p.width + x) * 4 + 3]) / 255
        covered += a
        // Pixels whose corners agree and whose coverage is 0 or 1 are not near the edge.
        let corners = [(0.0, 0.0), (1, 0), (0, 1), (1, 1)].map { inside(Double(x) + $0.0, Double(y) + $0.1) }
        if corners.allSatisfy({ $0 == corners[0] }) && (a == 0 || a == 1) {
          #expect(a == (corners[0] ? 1 : 0), "pixel (\(x), \(y))")
          continue
        }
        var n = 0
        for j in 0..<32 {
          for i in 0..<32 where inside(Double(x) + (Double(i) + 0.5) / 32, Double(y) + (Double(j) + 0.5) / 32) {
            n += 1
          }
        }
        let d = abs(a - Double(n) / 1024)
        worst = max(worst, d)
        sum += d
        edges += 1
      }
    }
    #expect(covered > 5000)
    #expect(worst <= 0.04, "worst \(worst)")
    #expect(sum / Double(edges) <= 0.005, "mean \(sum / Double(edges)) over \(edges) edge pixels")
  }

  /// A gradient under a projection is the gradient at each pixel center's inverse-mapped
  /// point: the formula's inverse here, then t = (x − minX) / width and the stops mixed in
  /// gamma-encoded sRGB; within 1 level at every fully covered pixel.
  @Test func projectedGradientIsTheGradientAtTheInverseMappedPoint() throws {
    let rect = (x: 100.0, y: 90.0, w: 200.0, h: 120.0)
    let m = Self.transform(degrees: 35, axis: (0, 1, 0), anchor: (0.5, 0.5), anchorZ: 0, perspective: 1, rect: rect)
    let p = try render(
      rectangleScene(
        200, 120, rotation: #"{"degrees": 35, "axis": [0, 1, 0]}"#,
        fill:
          ##"{"linearGradient": {"colors": ["#FF8000", "#0040FF"], "startPoint": "leading", "endPoint": "trailing"}}"##
      ))
    var compared = 0, worst = 0
    for y in 0..<p.height {
      for x in 0..<p.width where p.bytes[(y * p.width + x) * 4 + 3] == 255 {
        let q = Self.unproject(m, Double(x) + 0.5, Double(y) + 0.5, scale: 1)
        let t = min(max((q.x - rect.x) / rect.w, 0), 1)
        let expected = [255 * (1 - t), 128 * (1 - t) + 64 * t, 255 * t].map { Int(($0).rounded()) }
        for ch in 0..<3 {
          worst = max(worst, abs(Int(p.bytes[(y * p.width + x) * 4 + ch]) - expected[ch]))
        }
        compared += 1
      }
    }
    #expect(compared > 10000)
    #expect(worst <= 1, "worst difference \(worst) levels")
  }

  /// Seen edge-on (90° about an axis in the view's plane) a view has no area: nothing is
  /// drawn, whatever it holds (shapes, a gradient, text, a stroke).
  @Test(arguments: [#"[0, 1, 0]"#, #"[1, 0, 0]"#, #"[1, 1, 0]"#])
  func edgeOnDrawsNothing(_ axis: String) throws {
    let text = #"""
      {"canvas": {"width": 200, "height": 160},
       "root": {"type": "zstack", "modifiers": [{"frame": {"width": 120, "height": 90}},
         {"rotation3DEffect": {"degrees": 90, "axis": \#(axis)}}],
        "children": [
          {"type": "roundedRectangle", "cornerRadius": 12, "modifiers": [{"fill": {"linearGradient": {"colors": ["red", "blue"]}}}]},
          {"type": "circle", "modifiers": [{"stroke": {"color": "black", "lineWidth": 4}}]},
          {"type": "text", "text": "Edge", "font": "title"}]}}
      """#
    let p = try render(text)
    #expect(!p.bytes.contains { $0 != 0 })
  }

  /// Parts that the rotation brings to or behind the viewer (w ≤ 0) are cut off before
  /// anything is divided by w: the frame draws, and every fully covered pixel's center maps
  /// back to a point of the view in front of the viewer.
  @Test(arguments: [(-120.0, 200.0), (-60.0, -100.0), (-90.0, 50.0), (200.0, 200.0)])
  func behindTheViewerIsCutOff(_ degrees: Double, _ anchorZ: Double) throws {
    let rect = (x: 100.0, y: 90.0, w: 200.0, h: 120.0)
    let m = Self.transform(
      degrees: degrees, axis: (0, 1, 0), anchor: (0, 0.5), anchorZ: anchorZ, perspective: 1, rect: rect)
    let p = try render(
      rectangleScene(
        200, 120, rotation: #"{"degrees": \#(degrees), "axis": [0, 1, 0], "anchor": "leading", "anchorZ": \#(anchorZ)}"#
      ))
    // The rectangle's far corners are behind the viewer in every case.
    #expect(Self.project(m, rect.x + rect.w, rect.y, scale: 1).w <= 0)
    for y in 0..<p.height {
      for x in 0..<p.width where p.bytes[(y * p.width + x) * 4 + 3] == 255 {
        let q = Self.unproject(m, Double(x) + 0.5, Double(y) + 0.5, scale: 1)
        #expect(
          q.w > 0 && q.x > rect.x - 1 && q.x < rect.x + rect.w + 1 && q.y > rect.y - 1 && q.y < rect.y + rect.h + 1,
          "pixel (\(x), \(y)) maps to (\(q.x), \(q.y)), w \(q.w)")
      }
    }
  }

  /// The modifier's numbers animate (degrees, anchorZ, perspective), and a bad axis is an
  /// error that names its JSON path.
  @Test func degreesAnimateAndBadAxesAreErrors() throws {
    let s = try compile(
      #"""
      {"canvas": {"width": 100, "height": 100}, "state": {"a": 0},
       "root": {"type": "rectangle", "modifiers": [{"fill": "red"}, {"frame": {"width": 50, "height": 50}},
         {"rotation3DEffect": {"degrees": "$a", "axis": [0, 1, 0], "perspective": {"if": {"gt": ["$a", 1]}, "then": 2, "else": 1}}}]},
       "timeline": [{"at": 0, "set": {"a": 60}, "animation": {"linear": {"duration": 1}}}]}
      """#)
    guard case .layer(_, _, _, .projection(let half))? = s.displayList(at: 0.5).items.first,
      case .layer(_, _, _, .projection(let end))? = s.displayList(at: 1).items.first
    else {
      Issue.record("no projection layer")
      return
    }
    #expect(half != end)
    for (axis, why) in [("[0, 1]", "three numbers"), ("[0, \"y\", 0]", "number"), ("\"y\"", "three numbers")] {
      #expect {
        try decodeScene(
          #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "rectangle", "modifiers": [{"rotation3DEffect": {"degrees": 10, "axis": \#(axis)}}]}}"#
        )
      } throws: { error in
        let text = "\(error)"
        return text.contains("root.modifiers[0].rotation3DEffect.axis") && text.contains(why)
      }
    }
  }
}
