import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// Path fills whose outlines are flattened once in local coordinates and kept from frame to
/// frame (LocalOutlineCache.swift), and multi-contour paths drawn in several bands, against the
/// exact reference of PathReference.swift with PathCoverage's bounds (2/255 at any pixel,
/// 0.5/255 on average over edge pixels).
@Suite struct LocalOutlineCacheTests {
  static let blob = PathCoverage.catmullRomBlob(
    cx: 0, cy: 0, radius: 26.3, k: [1, 0.45, 0.97, 0.5, 0.92, 0.46], rot: 0.3)

  /// Rotations, a scale between the cache's steps, a stretch and a shear: every frame drawn by
  /// one rasterizer (the outline found in its cache from the second frame of a scale on), each
  /// matching the exact area of the blob mapped by that frame's transform, and the same bytes
  /// as a rasterizer that had never seen the path.
  @Test func cachedOutlinesUnderTransforms() {
    let w = 96, h = 92
    let center = AffineTransform.translation(x: 47.3, y: 45.8)
    var transforms: [AffineTransform] = []
    for i in 0..<5 {
      let a = 0.37 + 1.3 * Double(i)
      transforms.append(AffineTransform.rotation(cos: cos(a), sin: sin(a)).concatenating(center))
    }
    transforms.append(AffineTransform.scale(x: 1.43, y: 1.43).concatenating(center))
    transforms.append(
      AffineTransform.scale(x: 1.6, y: 0.55).concatenating(.rotation(cos: cos(0.8), sin: sin(0.8))).concatenating(
        center))
    transforms.append(AffineTransform(a: 1, b: 0.2, c: 0.7, d: 0.9, tx: 47.1, ty: 45.2))
    var warm = Rasterizer()
    for (i, t) in transforms.enumerated() {
      let list = DisplayList(
        width: w, height: h, background: .clear,
        items: [.shape(ShapeItem(geometry: .path(Self.blob), style: .fill, transform: t, color: .white))])
      var p = Pixmap(width: 0, height: 0)
      warm.render(list, into: &p)
      var again = Pixmap(width: 0, height: 0)
      warm.render(list, into: &again)
      var fresh = Rasterizer()
      var first = Pixmap(width: 0, height: 0)
      fresh.render(list, into: &first)
      #expect(p == first, "transform \(i): a kept outline drew other bytes than a fresh one")
      #expect(p == again, "transform \(i): the second drawing differs")
      let contours = refSubpaths(Self.blob, t).map { $0.points }.filter { $0.count >= 2 }
      let c = CoverageComparison(
        PathCoverage.alpha(p), exactCoverage(contours, rule: .nonZero, width: w, height: h), width: w)
      #expect(c.maxError <= PathCoverage.maxLimit, "transform \(i): \(c)")
      #expect(c.meanEdgeError <= PathCoverage.meanLimit, "transform \(i): \(c)")
      #expect(c.edgePixels > 100, "transform \(i): \(c)")
    }
  }

  /// The flattening scale is the least 2^(k/4) at or above the stretch (2⁻⁴⁰ below it counts
  /// as at it), computed here from the definition with libm's `pow`.
  @Test func scaleSteps() {
    for s in [1.0, 0.999_999_999_999_999_9, 1.000_000_000_001, 0.3, 1.19, 1.2, 2, 3.7, 1e-6, 4096.5] {
      let q = LocalOutlineCache.scaleStep(s)!
      var k = -200
      while pow(2, Double(k) / 4) < s * (1 - 0x1p-40) { k += 1 }
      #expect(abs(q / pow(2, Double(k) / 4) - 1) < 1e-15, "stretch \(s): \(q), expected 2^(\(k)/4)")
      #expect(q >= s * (1 - 0x1p-40))
    }
    #expect(LocalOutlineCache.scaleStep(0) == nil)
    #expect(LocalOutlineCache.scaleStep(.infinity) == nil)
    #expect(LocalOutlineCache.scaleStep(.nan) == nil)
  }

  /// A canvas 2048 pixels wide is drawn in bands of 64 rows: a dashed zigzag and two
  /// overlapping discs that cross two band edges, whose contours each band skips unless they
  /// reach it.
  @Test func contoursAcrossBands() {
    let zigzag = PathGeometry([
      .move(PathCoverage.P(12.5, 4.2)), .line(PathCoverage.P(80.3, 60.7)), .line(PathCoverage.P(20.9, 96.1)),
      .line(PathCoverage.P(95.2, 140.6)), .line(PathCoverage.P(130.4, 20.3)),
    ])
    let style = StrokeStyle(
      lineWidth: 4.5, lineCap: .butt, lineJoin: .miter, miterLimit: 10, dash: [9.3, 5.1], dashPhase: 2.2)
    PathCoverage.checkStroke("dashes across bands", zigzag, style, width: 2048, height: 150)
    var discs = PathCoverage.circle(cx: 60.2, cy: 64.3, r: 40.1)
    discs.elements += PathCoverage.circle(cx: 90.7, cy: 100.4, r: 35.6).elements
    PathCoverage.checkFill("discs across bands", discs, width: 2048, height: 150)
  }
}

/// The outline cache's keys: compared exactly, hashed by a cheap mix of the elements' bits.
@Suite struct LocalOutlineCacheKeyTests {
  static func blob(_ g: inout SeededRandomNumberGenerator, scale: Double) -> [PathGeometry.Element] {
    func p() -> Point { Point(x: scale * (Double(g.next() >> 11) * 0x1p-53 - 0.5), y: scale * (Double(g.next() >> 11) * 0x1p-53 - 0.5)) }
    var e: [PathGeometry.Element] = [.move(p())]
    for _ in 0..<6 { e.append(.cubic(control1: p(), control2: p(), to: p())) }
    e.append(.close)
    return e
  }

  /// 5,000 distinct random paths (and one path at 5,000 scales q) mix to distinct values: a
  /// mix that dropped a coordinate's bits, or folded them so that they cancel, would collide.
  @Test func distinctKeysMixApart() {
    var g = SeededRandomNumberGenerator(seed: 12)
    var seen = Set<Int>()
    for i in 0..<5000 { seen.insert(LocalOutlineCache.keyMix(Self.blob(&g, scale: 100), q: 1 + Double(i % 3))) }
    #expect(seen.count == 5000)
    let one = Self.blob(&g, scale: 100)
    var scales = Set<Int>()
    for i in 0..<5000 { scales.insert(LocalOutlineCache.keyMix(one, q: 1 + Double(i) * 0x1p-20)) }
    #expect(scales.count == 5000)
    // Same coordinates, other element kinds.
    let a = Point(x: 1, y: 2)
    #expect(
      LocalOutlineCache.keyMix([.move(a), .line(a)], q: 1) != LocalOutlineCache.keyMix([.move(a), .move(a)], q: 1))
  }

  /// Equal keys find the same outline: a path rebuilt in a new array, and −0 for +0 (equal as
  /// numbers, other bits); a coordinate one ulp away or another q is another outline.
  @Test func equalKeysFindTheirOutline() {
    var g = SeededRandomNumberGenerator(seed: 7)
    let path = Self.blob(&g, scale: 60) + [.move(Point(x: 0, y: 5)), .line(Point(x: 3, y: 0)), .line(Point(x: 0, y: 0))]
    let cache = LocalOutlineCache()
    cache.outline(path, q: 1)
    #expect(cache.count == 1)
    cache.outline(Array(path), q: 1)
    #expect(cache.count == 1)
    var negativeZero = path
    negativeZero[negativeZero.count - 1] = .line(Point(x: -0.0, y: -0.0))
    #expect(LocalOutlineCache.keyMix(negativeZero, q: 1) == LocalOutlineCache.keyMix(path, q: 1))
    cache.outline(negativeZero, q: 1)
    #expect(cache.count == 1)
    var ulp = path
    ulp[ulp.count - 2] = .line(Point(x: Double(3).nextUp, y: 0))
    cache.outline(ulp, q: 1)
    #expect(cache.count == 2)
    cache.outline(path, q: 1.189_207_115_002_721)
    #expect(cache.count == 3)
  }
}

/// `fillOutline` writing a kept outline straight into a buffer with room for it, against the
/// same outline recorded point by point into one that must grow: the same points bit for bit,
/// the same contours, and the bounding box of exactly the points recorded.
@Suite struct LocalOutlineCacheWrites {
  @Test func directWritesMatchPointByPoint() {
    var g = SeededRandomNumberGenerator(seed: 41)
    func unit() -> Double { Double(g.next() >> 11) * 0x1p-53 }
    for i in 0..<200 {
      var path = LocalOutlineCacheKeyTests.blob(&g, scale: 20 + 200 * unit())
      if i % 3 == 0 { path += LocalOutlineCacheKeyTests.blob(&g, scale: 50) }  // two contours
      let t = 7 * unit()
      let m = AffineTransform(
        a: (0.2 + 3 * unit()) * cos(t), b: sin(t), c: -sin(t) + unit() - 0.5, d: (0.2 + 3 * unit()) * cos(t),
        tx: 4000 * unit() - 2000, ty: 4000 * unit() - 2000)
      let q = [1.0, 1.189_207_115_002_721, 2][i % 3]
      let before = i % 2 == 0 ? 0 : 5
      let direct = cachedOutlineRecord(path, q: q, m, before: before, capacity: 1 << 16)
      let grown = cachedOutlineRecord(path, q: q, m, before: before, capacity: before + 1)
      #expect(direct.points.count > 2 * (before + 20))
      #expect(direct.points == grown.points, "path \(i)")
      #expect(direct.contours == grown.contours, "path \(i)")
      #expect(direct.contours.first == before && direct.contours.last == direct.points.count / 2, "path \(i)")
      var box = [Double.infinity, .infinity, -Double.infinity, -Double.infinity]
      for k in stride(from: 2 * before, to: direct.points.count, by: 2) {
        box[0] = min(box[0], direct.points[k]); box[1] = min(box[1], direct.points[k + 1])
        box[2] = max(box[2], direct.points[k]); box[3] = max(box[3], direct.points[k + 1])
      }
      #expect(direct.box == box, "path \(i)")
      #expect(grown.box == box, "path \(i)")
    }
  }
}
