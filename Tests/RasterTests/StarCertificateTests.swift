import FlipbookDisplayList
import FlipbookRaster
import FlipbookTestSupport
import Foundation
import Testing

/// The star-shapedness proof kept with cached outlines (StarCertificate.swift): wherever it
/// holds, `isStarShaped` of the pixel-space points (computed afresh, as before) says true,
/// under rotations, scales, stretches, shears, reflections and far translations, for blobs and
/// for outlines whose centroid lies ever closer to an edge's line (at the test's margin).
@Suite struct StarCertificateTests {
  static func unit(_ g: inout SeededRandomNumberGenerator) -> Double { Double(g.next() >> 11) * 0x1p-53 }

  /// A random transform: rotation (and translation) only for kinds 0–1, then uniform scales,
  /// stretches, shears and reflections; translations up to ±`far`.
  static func transform(_ g: inout SeededRandomNumberGenerator, kind: Int, far: Double) -> AffineTransform {
    let t = 2 * Double.pi * unit(&g)
    var m = AffineTransform.rotation(cos: cos(t), sin: sin(t))
    switch kind {
    case 0, 1: break
    case 2: let s = exp(6 * unit(&g) - 3); m = AffineTransform.scale(x: s, y: s).concatenating(m)
    case 3: m = AffineTransform.scale(x: 0.2 + 5 * unit(&g), y: 0.2 + 5 * unit(&g)).concatenating(m)
    case 4: m = AffineTransform(a: 1, b: 0, c: 4 * unit(&g) - 2, d: 1, tx: 0, ty: 0).concatenating(m)
    default: m = AffineTransform.scale(x: -1, y: 0.5 + unit(&g)).concatenating(m)
    }
    m.tx = far * (2 * unit(&g) - 1)
    m.ty = far * (2 * unit(&g) - 1)
    return m
  }

  /// A polygon as a closed path of lines.
  static func polygon(_ xy: [(Double, Double)]) -> [PathGeometry.Element] {
    var e: [PathGeometry.Element] = [.move(Point(x: xy[0].0, y: xy[0].1))]
    for p in xy.dropFirst() { e.append(.line(Point(x: p.0, y: p.1))) }
    e.append(.close)
    return e
  }

  /// Blobs as the path workload's (radii 0.45–1 R) and wilder ones (0.05–1 R, often not
  /// star-shaped about their centroid), 400 of them under 12 transforms each: a certificate
  /// that holds is never wrong, and it holds for nearly every workload-like blob that is
  /// star-shaped under a rotation (what the workload draws).
  @Test func blobsUnderTransforms() {
    var g = SeededRandomNumberGenerator(seed: 31)
    var wrong = 0, certified = 0, starUnderRotation = 0, certifiedUnderRotation = 0, notStar = 0
    for i in 0..<400 {
      let wild = i % 4 == 3
      let radius = 30 + 60 * Self.unit(&g)
      let k = (0..<6).map { _ in wild ? 0.05 + 0.95 * Self.unit(&g) : 0.45 + 0.55 * Self.unit(&g) }
      let blob = PathCoverage.catmullRomBlob(cx: radius, cy: radius, radius: radius, k: k, rot: 7 * Self.unit(&g))
      for j in 0..<12 {
        let kind = j % 6
        let m = Self.transform(&g, kind: kind, far: j < 6 ? 2000 : 1e6)
        let q = [1.0, 1.189_207_115_002_721, 0.5][j % 3]
        let v = cachedOutlineStarVerdict(blob.elements, q: q, m)
        if v.certified && !v.starShaped { wrong += 1 }
        if v.certified { certified += 1 }
        if !v.starShaped { notStar += 1 }
        if kind < 2 && !wild && v.starShaped {
          starUnderRotation += 1
          if v.certified { certifiedUnderRotation += 1 }
        }
      }
    }
    #expect(wrong == 0)
    #expect(notStar > 20, "the wild blobs should include some that are not star-shaped")
    #expect(certified > 3000)
    #expect(Double(certifiedUnderRotation) >= 0.98 * Double(starUnderRotation), "\(certifiedUnderRotation) of \(starUnderRotation)")
  }

  /// A regular 24-gon (radius 50) with one vertex pulled in toward the centre until the
  /// certificate (under the identity) no longer holds: the edges at that vertex then pass
  /// within the test's margin of the centroid. Around that radius r* (±2⁻ᵏ·r*, k = 8…52),
  /// under 40 transforms each, wherever the certificate holds `isStarShaped` says true;
  /// and it holds at r* · (1 + 2⁻⁸) under most transforms (the check is not blind).
  @Test func outlinesAtTheMargin() {
    func dented(_ r: Double, _ n: Int = 24) -> [PathGeometry.Element] {
      Self.polygon(
        (0..<n).map { i in
          let t = 2 * Double.pi * Double(i) / Double(n)
          let s = i == 0 ? r : 50
          return (60 + s * cos(t), 60 + s * sin(t))
        })
    }
    let identity = AffineTransform.identity
    // The certificate holds at 50 and not at −50 (the dent past the centre).
    #expect(cachedOutlineStarVerdict(dented(50), q: 1, identity).certified)
    #expect(!cachedOutlineStarVerdict(dented(-50), q: 1, identity).certified)
    var lo = -50.0, hi = 50.0
    for _ in 0..<200 {
      let mid = 0.5 * (lo + hi)
      if mid == lo || mid == hi { break }
      if cachedOutlineStarVerdict(dented(mid), q: 1, identity).certified { hi = mid } else { lo = mid }
    }
    var g = SeededRandomNumberGenerator(seed: 5)
    var wrong = 0, certified = 0, freshTrue = 0, trials = 0, heldAbove = 0
    for k in 8...52 {
      for side in [-1.0, 1.0] {
        let r = hi + side * hi.magnitude * Double(sign: .plus, exponent: -k, significand: 1)
        let path = dented(r)
        for j in 0..<40 {
          let m = Self.transform(&g, kind: j % 6, far: j < 20 ? 2000 : 1e5)
          let v = cachedOutlineStarVerdict(path, q: 1, m)
          trials += 1
          if v.certified && !v.starShaped { wrong += 1 }
          if v.certified { certified += 1 }
          if v.starShaped { freshTrue += 1 }
          if k == 8 && side > 0 && v.certified { heldAbove += 1 }
        }
      }
    }
    #expect(wrong == 0, "\(wrong) of \(trials) certified where isStarShaped says false")
    #expect(freshTrue < trials, "the samples should reach outlines that the test rejects")
    #expect(certified > 0)
    #expect(heldAbove >= 20, "\(heldAbove) of 40")
  }

  /// A regular 16-gon (radius 50) with one vertex split in two, δ radians apart: an edge
  /// far from the centre whose cross product about the centroid (2500·sin δ) meets the
  /// test's margin (10⁻¹² × the vectors' L1 lengths, up to 5000 at 45°) for δ near 2⁻³⁹.
  /// For δ from 2⁻²⁶ to 2⁻⁴¹ in quarters of an octave, under rotations and the other
  /// transforms: wherever the certificate holds, `isStarShaped` says true; the test does
  /// say false for some, and the certificate holds for most at δ = 2⁻²⁶. (Its bound of
  /// the centroid's rounding, ~10⁻⁹ px here, makes it give up near 2⁻³³, far above the
  /// test's own threshold: conservative, and still six orders of magnitude below the
  /// workload's blobs.)
  @Test func splitVertices() {
    func split(_ delta: Double) -> [PathGeometry.Element] {
      var xy: [(Double, Double)] = [(60 + 50 * cos(-delta / 2), 60 + 50 * sin(-delta / 2))]
      xy.append((60 + 50 * cos(delta / 2), 60 + 50 * sin(delta / 2)))
      for i in 1..<16 {
        let t = 2 * Double.pi * Double(i) / 16
        xy.append((60 + 50 * cos(t), 60 + 50 * sin(t)))
      }
      return Self.polygon(xy)
    }
    var g = SeededRandomNumberGenerator(seed: 17)
    var wrong = 0, freshFalse = 0, trials = 0, heldWide = 0
    for step in 0...60 {
      let delta = exp2(-26 - Double(step) / 4)
      let path = split(delta)
      for j in 0..<48 {
        // Half of them turned by a multiple of π/4 plus a little: the split edge's vectors at 45°.
        var m = Self.transform(&g, kind: j % 6, far: 2000)
        if j % 2 == 0 {
          let t = Double.pi / 4 * Double(j % 8) + 1e-3 * Self.unit(&g)
          m = AffineTransform.rotation(cos: cos(t), sin: sin(t))
          m.tx = 1000 * Self.unit(&g); m.ty = 1000 * Self.unit(&g)
        }
        let v = cachedOutlineStarVerdict(path, q: 1, m)
        trials += 1
        if v.certified && !v.starShaped { wrong += 1 }
        if !v.starShaped { freshFalse += 1 }
        if step == 0 && v.certified { heldWide += 1 }
      }
    }
    #expect(wrong == 0, "\(wrong) of \(trials) certified where isStarShaped says false")
    #expect(freshFalse > 0)
    #expect(heldWide >= 40, "\(heldWide) of 48")
  }

  /// Zero-length and nearly zero-length edges: a repeated point (skipped by both) keeps the
  /// certificate; a point 10⁻¹³ from its neighbour either loses it or is rightly certified.
  @Test func shortEdges() {
    var xy = (0..<16).map { i -> (Double, Double) in
      let t = 2 * Double.pi * Double(i) / 16
      return (40 * cos(t), 40 * sin(t))
    }
    xy.insert(xy[3], at: 4)
    let repeated = Self.polygon(xy)
    var g = SeededRandomNumberGenerator(seed: 9)
    for j in 0..<60 {
      let m = Self.transform(&g, kind: j % 6, far: 3000)
      let v = cachedOutlineStarVerdict(repeated, q: 1, m)
      #expect(v.starShaped && (v.certified || j % 6 >= 2), "transform \(j): \(v)")
    }
    xy[4] = (xy[3].0 + 1e-13, xy[3].1)
    let near = Self.polygon(xy)
    for j in 0..<60 {
      let m = Self.transform(&g, kind: j % 6, far: 3000)
      let v = cachedOutlineStarVerdict(near, q: 1, m)
      #expect(!v.certified || v.starShaped, "transform \(j): \(v)")
    }
  }
}
