import FlipbookDisplayList
import FlipbookEngine
import FlipbookImage
import FlipbookRaster
import FlipbookScene
import FlipbookTestSupport
import FlipbookText
import Testing

/// Text drawn from glyph masks (`GlyphRun` under a translation and scale): each glyph is its
/// outline filled by the path rasterizer at the pen rounded to a quarter pixel, so it lies
/// within 1/8 pixel of its exact place; masks never change a pixel, whatever the cache holds.
@Suite struct GlyphMaskTests {
  static let ink = Color(red: 0.1, green: 0.2, blue: 0.5, opacity: 0.8)

  func render(_ items: [DisplayItem], width: Int = 120, height: Int = 90, with r: inout Rasterizer) -> Pixmap {
    var p = Pixmap(width: 0, height: 0)
    r.render(DisplayList(width: width, height: height, background: .white, items: items), into: &p)
    return p
  }

  func render(_ items: [DisplayItem], width: Int = 120, height: Int = 90) -> Pixmap {
    var r = Rasterizer()
    return render(items, width: width, height: height, with: &r)
  }

  func run(
    _ face: FontFace, _ glyph: UInt32, size: Double, at pen: Point, transform: AffineTransform = .identity,
    exact: Bool = false
  ) -> GlyphRun {
    GlyphRun(
      faces: [face], glyphs: [GlyphRun.Glyph(face: 0, id: glyph, x: pen.x, y: pen.y)], fontSize: size,
      transform: transform, color: Self.ink, exactPlacement: exact)
  }

  /// The largest channel difference and how many pixels differ at all.
  func difference(_ a: Pixmap, _ b: Pixmap) -> (max: Int, pixels: Int) {
    var worst = 0, pixels = 0
    for y in 0..<a.height {
      for x in 0..<a.width {
        let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
        let d = max(
          max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g))),
          max(abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a))))
        worst = max(worst, d)
        if d > 0 { pixels += 1 }
      }
    }
    return (worst, pixels)
  }

  /// The ink (1 − red / 255 over white) centroid of a pixmap.
  func centroid(_ p: Pixmap) -> (x: Double, y: Double) {
    var sx = 0.0, sy = 0.0, total = 0.0
    for y in 0..<p.height {
      for x in 0..<p.width {
        let v = 1 - Double(p.pixel(x: x, y: y).r) / 255
        sx += v * (Double(x) + 0.5); sy += v * (Double(y) + 0.5); total += v
      }
    }
    return (sx / total, sy / total)
  }

  /// The pen's pixel position rounded as the rasterizer rounds it: to the nearest quarter.
  func quantized(_ v: Double) -> Double { ((v * 4 + 0.5).rounded(.down)) / 4 }

  /// One channel of the glyph blend (one rounding; include/raster_kernels.h): color channel
  /// v of alpha a, coverage c, over d.
  static func glyphBlend(_ d: Int, _ v: Int, coverage c: Int, alpha a: Int) -> Int {
    let inv = 65280 - (c * 256 * (a * 257)) >> 16
    let h = (c * v + (d * 256 * inv) >> 16 + 1) >> 1
    return (h * 257 + 16384) >> 15
  }

  /// `items` (outlines as paths, in `ink`'s place) filled in opaque black over white, one
  /// after another, each one's coverage (255 − red) then blended with `color` over `base` by
  /// the glyph blend: what text drawn from masks of exactly these coverages gives.
  func glyphBlended(_ items: [ShapeItem], over base: Pixmap, color: Color) -> Pixmap {
    var out = base
    let c = PremulColor(color)
    let channels = [Int(c.r), Int(c.g), Int(c.b), Int(c.a)]
    let black = Color(red: 0, green: 0, blue: 0, opacity: 1)
    for item in items {
      var shape = item
      shape.color = black
      let filled = render([.shape(shape)], width: base.width, height: base.height)
      for i in 0..<(base.width * base.height) {
        let cov = 255 - Int(filled.bytes[i * 4])
        for k in 0..<4 {
          let d = Int(out.bytes[i * 4 + k])
          out.bytes[i * 4 + k] = UInt8(Self.glyphBlend(d, channels[k], coverage: cov, alpha: channels[3]))
        }
      }
    }
    return out
  }

  @Test(arguments: [("g", 11.0), ("Q", 17.5), ("@", 34.0), ("a", 23.25)], [1.0, 2.0])
  func aMaskedGlyphIsItsOutlineFilledAtTheRoundedPen(_ sample: (character: String, size: Double), scale: Double) throws
  {
    let (character, size) = sample
    let face = try Reference.interRegular()
    let glyph = face.glyph(for: character.unicodeScalars.first!)
    let t = AffineTransform.scale(x: scale, y: scale)
    for k in 0..<16 {
      // Pens at 16 phases, in local points; the reference is the outline as a path at the
      // pen the rasterizer rounds to (in pixels, mapped back to points).
      let pen = Point(x: 13 + Double(k) * 0.0625 / scale + 0.01, y: (38 + Double(k % 5) * 0.19) / scale)
      let masked = render([.glyphs(run(face, glyph, size: size, at: pen, transform: t))])
      let rounded = Point(x: quantized(pen.x * scale) / scale, y: quantized(pen.y * scale) / scale)
      let outline = run(face, glyph, size: size, at: rounded, transform: t).path
      let reference = glyphBlended(
        [ShapeItem(geometry: .path(outline), style: .fill, transform: t, color: Self.ink)], over: render([]),
        color: Self.ink)
      // Equal but for the last bit of the coordinates: the mask's outline is placed at its
      // phase in its own pixels, the path's at the pen, so a coverage that falls on a
      // rounding boundary may round the other way (1 level, rarely). (The path's coverage
      // goes through the glyph blend: text rounds once, a filled path twice.)
      let d = difference(masked, reference)
      #expect(d.max <= 1, "\(character) at \(size) × \(scale), pen \(pen): \(d)")
      #expect(d.pixels <= 3, "\(character) at \(size) × \(scale), pen \(pen): \(d)")
    }
  }

  @Test func maskedGlyphsLieWithinAnEighthOfAPixelOfTheirExactPlace() throws {
    let face = try Reference.interRegular()
    for character in ["o", "H", "e"] {
      let glyph = face.glyph(for: character.unicodeScalars.first!)
      for k in 0..<12 {
        let pen = Point(x: 20 + Double(k) * 0.09, y: 50 + Double(k) * 0.23)
        let masked = centroid(render([.glyphs(run(face, glyph, size: 30, at: pen))]))
        let exact = centroid(render([.glyphs(run(face, glyph, size: 30, at: pen, exact: true))]))
        // Within 1/8 px (the rounding) and a little for the coverage's 8-bit levels.
        #expect(abs(masked.x - exact.x) <= 0.125 + 0.01, "\(character) at \(pen): \(masked) vs \(exact)")
        #expect(abs(masked.y - exact.y) <= 0.125 + 0.01, "\(character) at \(pen): \(masked) vs \(exact)")
      }
    }
  }

  @Test func exactPlacementRotationAndClipsFillTheOutlines() throws {
    let face = try Reference.interRegular()
    let glyph = face.glyph(for: "R")
    let pen = Point(x: 30.37, y: 60.61)
    func path(_ t: AffineTransform) -> DisplayItem {
      .shape(
        ShapeItem(
          geometry: .path(run(face, glyph, size: 40, at: pen).path), style: .fill, transform: t, color: Self.ink))
    }
    // Asked for: the exact outline, byte for byte.
    #expect(
      render([.glyphs(run(face, glyph, size: 40, at: pen, exact: true))]).bytes == render([path(.identity)]).bytes)
    // Rotated: no mask fits it.
    let rotated = AffineTransform.rotation(cos: 0.8, sin: 0.6).concatenating(.translation(x: 30, y: -10))
    #expect(
      render([.glyphs(run(face, glyph, size: 40, at: pen, transform: rotated))]).bytes == render([path(rotated)]).bytes)
    // In a clip.
    let clip = Clip(geometry: .ellipse(Rect(x: 20, y: 20, width: 60, height: 50)), transform: .identity)
    #expect(
      render([.layer(items: [.glyphs(run(face, glyph, size: 40, at: pen))], opacity: 1, clip: clip)]).bytes
        == render([.layer(items: [path(.identity)], opacity: 1, clip: clip)]).bytes)
    // Not rounded: the masked glyph differs from the exact one.
    #expect(render([.glyphs(run(face, glyph, size: 40, at: pen))]).bytes != render([path(.identity)]).bytes)
  }

  /// A run's glyphs are blended together (one call per run, or with a gradient row by row in
  /// Swift): narrow and wide masks (whose rows' last groups are blended two rows at a time, or
  /// not), glyphs cut by every edge of the canvas, overlapping ones, and spaces, each as its
  /// outline filled at its rounded pen, drawn one after another.
  @Test(arguments: [9.0, 13.0, 21.5, 34.0], [false, true])
  func aRunIsItsGlyphsOutlinesFilledAtTheirRoundedPens(size: Double, gradient: Bool) throws {
    let face = try Reference.interRegular()
    let text = Array("il1 .,Mmw@Wg|j fq" + "MW")
    var glyphs: [GlyphRun.Glyph] = []
    // Along the top edge, across the middle (overlapping by half an advance), and along
    // the bottom edge, every row starting left of the canvas and ending right of it.
    for (row, y) in [size * 0.3, 45.17, 90 + size * 0.2].enumerated() {
      for (k, c) in text.enumerated() {
        let x = -size * 0.4 + Double(k) * size * (row == 1 ? 0.31 : 0.62) + Double(row) * 0.137
        let id = face.glyph(for: c.unicodeScalars.first!)
        glyphs.append(GlyphRun.Glyph(face: 0, id: id, x: x, y: y + Double(k % 3) * 0.21))
      }
    }
    let width = 90
    let paint =
      gradient
      ? GradientPaint(
        kind: .linear(start: Point(x: 0, y: 0), end: Point(x: 90, y: 60)),
        stops: [
          .init(color: Self.ink, location: 0),
          .init(color: Color(red: 0.9, green: 0.3, blue: 0, opacity: 0.7), location: 1),
        ])
      : nil
    let run = GlyphRun(
      faces: [face], glyphs: glyphs, fontSize: size, transform: .identity, color: Self.ink, gradient: paint)
    let masked = render([.glyphs(run)], width: width, height: 90)
    let outlines = glyphs.map { g in
      let one = GlyphRun(
        faces: [face], glyphs: [GlyphRun.Glyph(face: 0, id: g.id, x: quantized(g.x), y: quantized(g.y))],
        fontSize: size, transform: .identity, color: Self.ink)
      return ShapeItem(geometry: .path(one.path), style: .fill, transform: .identity, color: Self.ink, gradient: paint)
    }
    // A plain color goes through the glyph blend, a gradient through the shapes' blend.
    let reference =
      gradient
      ? render(outlines.map { .shape($0) }, width: width, height: 90)
      : glyphBlended(outlines, over: render([], width: width, height: 90), color: Self.ink)
    // As for one glyph: a coverage on a rounding boundary may round the other way.
    let d = difference(masked, reference)
    #expect(d.max <= 1, "at \(size): \(d)")
    #expect(d.pixels <= 3 * glyphs.count, "at \(size): \(d)")
    #expect(masked.bytes != render([], width: width, height: 90).bytes)
  }

  @Test func masksNeverChangeAPixelAndStayWithinTheirBudget() throws {
    let face = try Reference.interRegular()
    let glyphs = (33..<127).map { face.glyph(for: Unicode.Scalar($0)!) }
    // Text at many sizes: more masks than the budget holds, so the cache starts over
    // within the frame.
    func text(_ size: Double, y: Double) -> DisplayItem {
      .glyphs(
        GlyphRun(
          faces: [face], glyphs: glyphs.enumerated().map { GlyphRun.Glyph(face: 0, id: $1, x: Double($0) * 7.3, y: y) },
          fontSize: size, transform: .identity, color: Self.ink))
    }
    let many = (0..<120).map { text(60 + Double($0) * 0.5, y: 40 + Double($0 % 10) * 60) }
    let few = [text(17, y: 30.3), text(23.5, y: 71.8)]
    var used = Rasterizer()
    let manyUsed = render(many, width: 700, height: 640, with: &used)
    // Fewer masks held than were made (one per glyph and size): the cache started over.
    #expect(used.glyphMaskCount > 0 && used.glyphMaskCount < many.count * glyphs.count)
    #expect(used.glyphMaskBytes <= Rasterizer.glyphMaskBudget)
    let fewUsed = render(few, width: 700, height: 640, with: &used)
    let fewAgain = render(few, width: 700, height: 640, with: &used)
    #expect(fewUsed.bytes == render(few, width: 700, height: 640).bytes)
    #expect(fewAgain.bytes == fewUsed.bytes)
    #expect(render(many, width: 700, height: 640, with: &used).bytes == manyUsed.bytes)
  }

  @Test func exactTextIsAnOptionOfTheScene() throws {
    let text = #"""
      {"version": 1, "canvas": {"width": 100, "height": 40}, "fps": 10,
       "root": {"type": "text", "text": "Hi"}}
      """#
    let plain = try compile(text)
    let exact = try CompiledScene(
      SceneDecoder.decode(Array(text.utf8), file: "t.json", overrides: SceneOverrides(exactText: true)))
    guard case .glyphs(let a) = plain.displayList(at: 0).items.first,
      case .glyphs(let b) = exact.displayList(at: 0).items.first
    else {
      Issue.record("no glyphs drawn")
      return
    }
    #expect(!a.exactPlacement && b.exactPlacement)
  }
}
