import FlipbookDisplayList

/// Path fills flattened once in their own coordinates and reused, frame after frame, under
/// whatever rotation, translation or scale the shape is drawn at.
///
/// A filled path is redrawn from scratch every frame, but an animation mostly moves, turns or
/// fades a shape whose outline stays the same; flattening its curves (Levien's method, a square
/// root and divisions per point) was a fifth of the work of drawing a frame of filled cubic
/// blobs. Here the outline is flattened in local coordinates scaled by `q`, a step of
/// `scaleStep` at or above the transform's largest stretch (its spectral norm), to
/// `curveTolerance` in those units; mapped by the transform it deviates at most
/// stretch / q × `curveTolerance` ≤ `curveTolerance` pixels, and the equal-area correction
/// (`pushOut`) survives the mapping because an affine map scales every area alike. The
/// pixel-space points are therefore a function of the elements, `q` and the transform only:
/// the same whether the outline was just flattened or found here, in any worker and any
/// frame order, so the bytes do not depend on `--jobs`.
///
/// The cache holds at most `budget` points (16 MiB), per worker; past it, it starts over.
package final class LocalOutlineCache {
  /// An outline's key: the elements and the scale, compared exactly; hashed by `mixed`, a
  /// cheap mix of their bit patterns computed once per lookup (hashing the elements
  /// themselves, SipHash over every coordinate, cost ~5,000 instructions a blob, half of
  /// what finding a kept outline cost).
  struct Key: Hashable {
    let elements: [PathGeometry.Element]
    let q: Double
    let mixed: Int

    init(_ elements: [PathGeometry.Element], q: Double) {
      self.elements = elements
      self.q = q
      mixed = Self.mix(elements, q)
    }

    static func == (l: Key, r: Key) -> Bool { l.mixed == r.mixed && l.q == r.q && l.elements == r.elements }

    func hash(into hasher: inout Hasher) { hasher.combine(mixed) }

    /// Every coordinate's bit pattern (x + 0, so that −0 and +0, which compare equal, mix
    /// alike), each case's tag, the count and q, folded by multiplications: equal keys mix
    /// alike, as `Hashable` requires; unequal ones rarely (a collision costs one comparison).
    static func mix(_ elements: [PathGeometry.Element], _ q: Double) -> Int {
      var h = UInt64(truncatingIfNeeded: elements.count) ^ (q + 0).bitPattern
      @inline(__always) func add(_ v: Double) { h = (h ^ (v + 0).bitPattern) &* 0x9E37_79B9_7F4A_7C15 }
      @inline(__always) func tag(_ t: UInt64) { h = (h &+ t) &* 0xBF58_476D_1CE4_E5B9 }
      for e in elements {
        switch e {
        case .move(let p): tag(1); add(p.x); add(p.y)
        case .line(let p): tag(2); add(p.x); add(p.y)
        case .quad(let c, let p): tag(3); add(c.x); add(c.y); add(p.x); add(p.y)
        case .cubic(let c1, let c2, let p):
          tag(4); add(c1.x); add(c1.y); add(c2.x); add(c2.y); add(p.x); add(p.y)
        case .close: tag(5)
        }
      }
      return Int(truncatingIfNeeded: h ^ (h &>> 29))
    }
  }

  /// One flattened outline: points (x, y pairs, in local units × q) and where each closed
  /// contour ends (in points).
  package struct Outline {
    let points: [Double]
    let ends: [Int]
    /// Whether it is one convex contour (of its local points: a hint for the order of the
    /// pixel-space tests, which decide).
    let convex: Bool
    /// For one contour star-shaped about its centroid with margins: the proof, checked per
    /// transform, that the pixel-space `isStarShaped` answers true (StarCertificate.swift).
    let star: StarCertificate?
  }

  /// The most points held (x, y pairs).
  static let budget = 1 << 20
  private var outlines: [Key: Outline] = [:]
  private(set) var pointCount = 0

  package init() {}

  /// How many outlines are kept.
  package var count: Int { outlines.count }

  /// The mix that keys' hashes are made of (`Key.mix`), for tests.
  package static func keyMix(_ elements: [PathGeometry.Element], q: Double) -> Int { Key.mix(elements, q) }

  /// The outline of `elements` flattened at scale `q` (see the type's comment).
  @discardableResult
  package func outline(_ elements: [PathGeometry.Element], q: Double) -> Outline {
    let key = Key(elements, q: q)
    if let found = outlines[key] { return found }
    var rec = PathRecorder(points: .allocate(capacity: 2 &* 256), capacity: 256)
    defer { rec.points.deallocate() }
    rec.fillPath(
      elements, PixelTransform(a: q, b: 0, c: 0, d: q, tx: 0, ty: 0), width: .infinity, height: .infinity, cull: false)
    let outline = Outline(
      points: Array(UnsafeBufferPointer(start: rec.points, count: rec.count &* 2)), ends: rec.contours.map(\.end),
      convex: rec.contours.count == 1 && isConvexPolygon(rec.points, count: rec.count),
      star: rec.contours.count == 1 ? StarCertificate(rec.points, count: rec.count) : nil)
    if pointCount &+ rec.count > Self.budget {
      outlines.removeAll(keepingCapacity: true)
      pointCount = 0
    }
    if rec.count <= Self.budget {
      outlines[key] = outline
      pointCount &+= rec.count
    }
    return outline
  }

  /// The flattening scale for a transform whose largest stretch is `stretch`: the least
  /// 2^(k/4) at or above it (within 2⁻⁴⁰ of it below counts as at it, so that a rotation's
  /// stretch of 0.9999999999999999 is 1), so that the many stretches of an animation share a few outlines
  /// while a curve gets at most 9 % more points than at its exact scale. Nil when the stretch
  /// is not a positive finite number or beyond 2^±500.
  package static func scaleStep(_ stretch: Double) -> Double? {
    guard stretch > 0x1p-500, stretch < 0x1p500 else { return nil }
    let s = stretch * (1 - 0x1p-40)
    let e = Double(sign: .plus, exponent: s.exponent, significand: 1)
    let m = s / e  // in [1, 2)
    for step in quarterPowers where m <= step { return step * e }
    return 2 * e
  }

  /// 2^(k/4) for k = 0…3, rounded to Double.
  private static let quarterPowers: [Double] = [
    1, 1.189_207_115_002_721, 1.414_213_562_373_095_1, 1.681_792_830_507_429,
  ]
}

extension PathRecorder {
  /// Adds a cached outline (see `LocalOutlineCache`) mapped by `m` after dividing out its
  /// scale `q`: every contour closed, sign +1, as `fillPath` records them. Returns whether
  /// its `StarCertificate` holds for these points (`isStarShaped` would say true).
  @discardableResult
  mutating func fillOutline(_ outline: LocalOutlineCache.Outline, _ m: PixelTransform, q: Double) -> Bool {
    sign = 1
    let a = m.a / q, b = m.b / q, c = m.c / q, d = m.d / q, tx = m.tx, ty = m.ty
    outline.points.withUnsafeBufferPointer { p in
      var i = 0
      if capacity &- count >= p.count / 2 {
        // Room for all: written straight into the buffer, the count and the bounding box in
        // locals (the same points, boxes and contours as `moveTo` / `lineTo` / `close`, without
        // their capacity check and memory updates per point).
        var w = pointWriter()
        var n = count
        for end in outline.ends {
          contourStart = n
          while i < end {
            let x = p[i &* 2], y = p[i &* 2 &+ 1]
            w.put(a * x + c * y + tx, b * x + d * y + ty)
            n &+= 1
            i &+= 1
          }
          contours.append((contourStart, n, sign))  // not empty: the cache keeps no empty contour
          contourStart = n
        }
        count = n
        keepBox(w)
        return
      }
      for end in outline.ends {
        let x = p[i &* 2], y = p[i &* 2 &+ 1]
        moveTo(a * x + c * y + tx, b * x + d * y + ty)
        i &+= 1
        while i < end {
          let x = p[i &* 2], y = p[i &* 2 &+ 1]
          lineTo(a * x + c * y + tx, b * x + d * y + ty)
          i &+= 1
        }
        close()
      }
    }
    return outline.star?.holds(a, b, c, d, tx, ty) ?? false
  }
}

/// For tests: the outline of `elements` as the cache keeps it at scale `q`, recorded by
/// `fillOutline` under `m` after `before` points already in a recorder whose buffer starts at
/// `capacity` points (room for all: written directly; else point by point, growing it):
/// the points, the contours' (start, end) and the bounding box (minX, minY, maxX, maxY).
package func cachedOutlineRecord(
  _ elements: [PathGeometry.Element], q: Double, _ m: AffineTransform, before: Int, capacity: Int
) -> (points: [Double], contours: [Int], box: [Double]) {
  let outline = LocalOutlineCache().outline(elements, q: q)
  var rec = PathRecorder(points: .allocate(capacity: 2 &* capacity), capacity: capacity)
  defer { rec.points.deallocate() }
  for k in 0..<before { rec.push(Double(k), -Double(k)) }
  rec.reset(keepingPointsFrom: before)
  rec.fillOutline(outline, PixelTransform(a: m.a, b: m.b, c: m.c, d: m.d, tx: m.tx, ty: m.ty), q: q)
  return (
    Array(UnsafeBufferPointer(start: rec.points, count: 2 &* rec.count)), rec.contours.flatMap { [$0.start, $0.end] },
    [rec.minX, rec.minY, rec.maxX, rec.maxY]
  )
}
