import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Blurs and shadows against a direct two-dimensional convolution computed here in Double.
///
/// The input is the layer's drawing, rendered without the effect on a canvas grown by a wide
/// margin (so that what lies off the visible canvas is in it too). The reference convolves it
/// with the Gaussian whose weight at offset k is its mass over the pixel around k − shift,
/// per axis, out to 6σ (no truncation to speak of), with no rounding until the comparison.
/// The rasterizer (separable, Float sums, a kernel cut at 4σ, one rounding) must be within
/// one level on every channel of every pixel.
@Suite struct LayerEffectTests {
  /// Gaussian mass over [k − shift − ½, k − shift + ½] for standard deviation sigma.
  static func mass(_ k: Int, _ shift: Double, _ sigma: Double) -> Double {
    let s = 1 / (sigma * 2.0.squareRoot())
    let t = Double(k) - shift
    return 0.5 * (erf((t + 0.5) * s) - erf((t - 0.5) * s))
  }

  /// A few overlapping shapes, one reaching past the canvas's left edge, one rotated; scaled
  /// by `scale` about the canvas's center (so that a wide blur still has edges to blur).
  static func drawing(_ dx: Double = 0, _ dy: Double = 0, scale: Double = 1) -> [DisplayItem] {
    let zoom = AffineTransform.translation(x: -24, y: -20).concatenating(.scale(x: scale, y: scale))
      .concatenating(.translation(x: 24 + dx, y: 20 + dy))
    let turn = AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 30.3, ty: 6.7).concatenating(zoom)
    return [
      fill(.rectangle(Rect(x: -9.5, y: 10.25, width: 22, height: 14)), zoom, color: Color(red: 1, green: 0.2, blue: 0)),
      fill(
        .ellipse(Rect(x: 18.3, y: 14.6, width: 20.4, height: 17)), zoom,
        color: Color(red: 0, green: 0.4, blue: 1, opacity: 0.7)),
      fill(.rectangle(Rect(x: 0, y: 0, width: 12, height: 6)), turn, color: Color(red: 0.1, green: 0.9, blue: 0.3)),
    ]
  }

  /// The scale that keeps the drawing's features about as wide as the blur.
  static func scale(for sigma: Double) -> Double { max(1, sigma / 6) }

  /// The drawing's premultiplied pixels on a canvas grown by `margin` on every side.
  static func input(_ width: Int, _ height: Int, margin: Int, scale: Double = 1) -> [[Double]] {
    let p = render(
      drawing(Double(margin), Double(margin), scale: scale), width: width + 2 * margin, height: height + 2 * margin)
    var rows: [[Double]] = []
    for y in 0..<p.height {
      var row: [Double] = []
      for x in 0..<p.width {
        let c = p.pixel(x: x, y: y)
        row += [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
      }
      rows.append(row)
    }
    return rows
  }

  /// The two-dimensional convolution Σⱼ Σᵢ wy[j]·wx[i]·src(y − j − by, x − i − bx) (zero
  /// outside `src`) at the pixels x in 0..<width, y in 0..<height of `src` offset by `margin`,
  /// summed as rows first: the same sum as the double loop, in Double, in a time a test can
  /// afford at σ = 128. Weights run over k = −reach…reach around each axis's base.
  static func convolve(
    _ src: [[Double]], width: Int, height: Int, margin: Int, wx: [Double], wy: [Double], bx: Int = 0, by: Int = 0,
    channels: [Int] = [0, 1, 2, 3]
  ) -> [[Double]] {
    let reach = wx.count / 2
    var out = Array(repeating: Array(repeating: 0.0, count: width * 4), count: height)
    // Rows first, for every source row the columns pass reads.
    var across: [Int: [Double]] = [:]
    for y in 0..<height {
      for j in -reach...reach {
        let sy = y + margin - by - j
        guard sy >= 0, sy < src.count else { continue }
        if across[sy] == nil {
          var row = Array(repeating: 0.0, count: width * 4)
          for x in 0..<width {
            for i in -reach...reach {
              let sx = x + margin - bx - i
              guard sx >= 0, sx * 4 < src[sy].count else { continue }
              for ch in channels { row[x * 4 + ch] += wx[i + reach] * src[sy][sx * 4 + ch] }
            }
          }
          across[sy] = row
        }
        for k in 0..<width * 4 { out[y][k] += wy[j + reach] * across[sy]![k] }
      }
    }
    return out
  }

  /// The worst difference, in levels, between `got` and `want(x, y, channel)`.
  static func worst(_ got: Pixmap, _ want: (Int, Int, Int) -> Double) -> Double {
    var worst = 0.0
    for y in 0..<got.height {
      for x in 0..<got.width {
        let c = got.pixel(x: x, y: y)
        let have = [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        for ch in 0..<4 { worst = max(worst, abs(have[ch] - want(x, y, ch))) }
      }
    }
    return worst
  }

  // Both of the rasterizer's methods: the direct convolution below σ 2, the recursive filter
  // from there on.
  @Test(arguments: [0.4, 1.0, 1.9, 2.0, 2.5, 6.3, 8, 16, 32, 64, 128])
  func blurIsTheGaussianConvolution(sigma: Double) {
    let w = 48, h = 40
    let margin = Int((6 * sigma).rounded(.up)) + 2
    let scale = Self.scale(for: sigma)
    let src = Self.input(w, h, margin: margin, scale: scale)
    let reach = Int((6 * sigma).rounded(.up))
    let weights = (-reach...reach).map { Self.mass($0, 0, sigma) }
    let got = render(
      [.layer(items: Self.drawing(scale: scale), opacity: 1, effect: .blur(sigma: sigma, opaque: false))], width: w,
      height: h)
    let want = Self.convolve(src, width: w, height: h, margin: margin, wx: weights, wy: weights)
    let worst = Self.worst(got) { x, y, ch in want[y][x * 4 + ch] }
    #expect(worst <= 1, "σ \(sigma): worst \(worst) levels")
  }

  @Test(arguments: [
    (1.5, 3.3, -2.6), (2.0, 1.25, -0.5), (3.0, 0.0, 4.0), (0.0, 2.5, 1.25), (4.0, -6.5, 2.7), (12.0, 10.25, -7.9),
    (24, 30.6, 12.5),
  ])
  func shadowIsTheDrawingOverItsBlurredTintedAlpha(sigma: Double, dx: Double, dy: Double) {
    let w = 48, h = 40
    let margin = Int((6 * sigma + max(abs(dx), abs(dy)) + 4).rounded(.up))
    let scale = Self.scale(for: sigma)
    let src = Self.input(w, h, margin: margin, scale: scale)
    let tint = Color(red: 0.2, green: 0.1, blue: 0.5, opacity: 0.6)
    let reach = Int((6 * sigma).rounded(.up)) + 2
    // Weights per axis around the offset's whole part.
    func axis(_ shift: Double) -> (base: Int, w: [Double]) {
      let base = Int(shift.rounded(.down))
      return (
        base,
        (-reach...reach).map {
          sigma > 0
            ? Self.mass(base + $0, shift, sigma)
            : abs(Double(base + $0) - shift) < 0.5 ? 1 : abs(Double(base + $0) - shift) == 0.5 ? 0.5 : 0
        }
      )
    }
    let ax = axis(dx), ay = axis(dy)
    let got = render(
      [
        .layer(
          items: Self.drawing(scale: scale), opacity: 1, effect: .shadow(color: tint, sigma: sigma, dx: dx, dy: dy))
      ],
      width: w, height: h)
    let tintPremul = [tint.red * tint.opacity, tint.green * tint.opacity, tint.blue * tint.opacity, tint.opacity]
    let blurred = Self.convolve(
      src, width: w, height: h, margin: margin, wx: ax.w, wy: ay.w, bx: ax.base, by: ay.base, channels: [3])
    let worst = Self.worst(got) { x, y, ch in
      let c = src[y + margin][(x + margin) * 4 + ch], a = src[y + margin][(x + margin) * 4 + 3]
      return c + tintPremul[ch] * blurred[y][x * 4 + 3] * (1 - a / 255)
    }
    #expect(worst <= 1, "σ \(sigma), offset (\(dx), \(dy)): worst \(worst) levels")
  }

  // One shape in one opaque color is blurred as its alpha tinted by the color (σ ≥ 2): still
  // the convolution of its four channels, as drawn, within a level.
  @Test(arguments: [2.0, 2.6, 6.3, 24])
  func blurOfOneShapeInOneOpaqueColorIsTheGaussianConvolution(sigma: Double) {
    let w = 64, h = 48
    let margin = Int((6 * sigma).rounded(.up)) + 2
    let color = Color(red: 0.9, green: 0.35, blue: 0.12)
    let scale = Self.scale(for: sigma)
    let zoom = AffineTransform.translation(x: -32, y: -24).concatenating(.scale(x: scale, y: scale))
      .concatenating(.translation(x: 32, y: 24))
    // Edges at fractions of a pixel, so that many edge pixels carry rounded channels.
    let shapes: [ShapeGeometry] = [
      .ellipse(Rect(x: 9.3, y: 7.6, width: 41.5, height: 30.2)),
      .rectangle(Rect(x: -5.35, y: 11.7, width: 47.4, height: 23.45)),
    ]
    for shape in shapes {
      let reach = Int((6 * sigma).rounded(.up))
      let weights = (-reach...reach).map { Self.mass($0, 0, sigma) }
      let moved = AffineTransform.translation(x: Double(margin), y: Double(margin))
      let plain = render(
        [fill(shape, zoom.concatenating(moved), color: color)], width: w + 2 * margin, height: h + 2 * margin)
      let src = (0..<plain.height).map { y in
        (0..<plain.width).flatMap { x in
          let c = plain.pixel(x: x, y: y)
          return [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        }
      }
      let got = render(
        [.layer(items: [fill(shape, zoom, color: color)], opacity: 1, effect: .blur(sigma: sigma, opaque: false))],
        width: w, height: h)
      let want = Self.convolve(src, width: w, height: h, margin: margin, wx: weights, wy: weights)
      let worst = Self.worst(got) { x, y, ch in want[y][x * 4 + ch] }
      #expect(worst <= 1, "σ \(sigma), \(shape): worst \(worst) levels")
    }
  }

  @Test(arguments: [(1.5, 1, true), (2.2, 1, true), (8, 2, true), (32, 5, true), (128, 8, true), (8, 2, false)])
  func opaqueBlurRepeatsTheEdgesAndStaysInTheDrawingsBox(sigma: Double, scale: Int, split: Bool) {
    let w = 40 * scale, h = 32 * scale, s = Double(scale)
    let rect = Rect(x: 6 * s, y: 5 * s, width: 25 * s, height: 19 * s)
    let colors: [Color] = [.init(red: 1, green: 0, blue: 0), .init(red: 0, green: 0, blue: 1)]
    // Two halves of different colors, so that the blur has something to mix; or one
    // rectangle in one color (blurred as its alpha, tinted).
    let items: [DisplayItem] =
      split
      ? [
        fill(.rectangle(Rect(x: rect.minX, y: rect.minY, width: 12 * s, height: rect.height)), color: colors[0]),
        fill(
          .rectangle(Rect(x: rect.minX + 12 * s, y: rect.minY, width: 13 * s, height: rect.height)), color: colors[1]),
      ] : [fill(.rectangle(rect), color: colors[0])]
    let plain = render(items, width: w, height: h)
    let got = render([.layer(items: items, opacity: 1, effect: .blur(sigma: sigma, opaque: true))], width: w, height: h)
    let reach = Int((6 * sigma).rounded(.up))
    let weights = (-reach...reach).map { Self.mass($0, 0, sigma) }
    let x0 = Int(rect.minX), y0 = Int(rect.minY), x1 = Int(rect.maxX), y1 = Int(rect.maxY)
    // The drawing's box with its edges repeated as far as the kernel reaches, then the
    // ordinary convolution over it.
    let margin = reach
    let src = (y0 - margin..<y1 + margin).map { y in
      (x0 - margin..<x1 + margin).flatMap { x in
        let c = plain.pixel(x: min(max(x, x0), x1 - 1), y: min(max(y, y0), y1 - 1))
        return [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
      }
    }
    let want = Self.convolve(src, width: x1 - x0, height: y1 - y0, margin: margin, wx: weights, wy: weights)
    let worst = Self.worst(got) { x, y, ch in
      guard x >= x0, x < x1, y >= y0, y < y1 else { return 0 }
      return want[y - y0][(x - x0) * 4 + ch]
    }
    #expect(worst <= 1, "σ \(sigma): worst \(worst) levels")
    // Opaque inside: the drawing's alpha everywhere in its box.
    #expect(got.pixel(x: x0, y: y0).a == 255)
  }

  // The output stops where the blurred drawing rounds to 0 (about 3σ for a full-strength
  // blur, 2.6σ for a default shadow) rather than at the kernel's 4σ: every pixel left out
  // must be one whose exact value is below half a level, and none that shows may be lost.
  @Test(arguments: [(2.0, 0.0, 0.0, false), (5.0, 0.0, 0.0, false), (3.0, 2.5, -4.25, true), (9.0, 7.6, 10.3, true)])
  func blurAndShadowEndWhereTheyRoundToZero(sigma: Double, dx: Double, dy: Double, shadow: Bool) {
    let w = Int(12 * sigma) + 70, h = Int(12 * sigma) + 60
    // Edges at fractions whose coverage is no tie between two levels (0.3 · 255 = 76.5 could
    // round either way in the layer's space and the plain drawing's).
    let rect = Rect(x: 6 * sigma + 20.37, y: 6 * sigma + 18.61, width: 29.46, height: 22.83)
    let color = shadow ? Color(red: 0.1, green: 0.6, blue: 0.9) : Color(red: 0.9, green: 0.8, blue: 0.7)
    let tint = Color(red: 0, green: 0, blue: 0, opacity: 0.33)
    let effect: LayerEffect =
      shadow ? .shadow(color: tint, sigma: sigma, dx: dx, dy: dy) : .blur(sigma: sigma, opaque: false)
    let got = render(
      [.layer(items: [fill(.rectangle(rect), color: color)], opacity: 1, effect: effect)], width: w, height: h)
    let plain = render([fill(.rectangle(rect), color: color)], width: w, height: h)
    let src = (0..<h).map { y in
      (0..<w).flatMap { x in
        let c = plain.pixel(x: x, y: y)
        return [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
      }
    }
    let reach = Int((6 * sigma).rounded(.up)) + 2
    func axis(_ shift: Double) -> (base: Int, w: [Double]) {
      let base = Int(shift.rounded(.down))
      return (base, (-reach...reach).map { Self.mass(base + $0, shift, sigma) })
    }
    let ax = axis(dx), ay = axis(dy)
    let blurred = Self.convolve(
      src, width: w, height: h, margin: 0, wx: ax.w, wy: ay.w, bx: ax.base, by: ay.base,
      channels: shadow ? [3] : [0, 1, 2, 3])
    var lost = 0, stray = 0, worst = 0.0
    for y in 0..<h {
      for x in 0..<w {
        let c = got.pixel(x: x, y: y)
        let have = [Double(c.r), Double(c.g), Double(c.b), Double(c.a)]
        for ch in 0..<4 {
          let a = src[y][x * 4 + 3]
          let want =
            shadow
            ? src[y][x * 4 + ch] + (ch == 3 ? tint.opacity : 0) * blurred[y][x * 4 + 3] * (1 - a / 255)
            : blurred[y][x * 4 + ch]
          worst = max(worst, abs(have[ch] - want))
          if want >= 0.7 && have[ch] == 0 { lost += 1 }
          if want < 0.3 && have[ch] != 0 { stray += 1 }
        }
      }
    }
    #expect(worst <= 1, "σ \(sigma): worst \(worst) levels")
    #expect(lost == 0, "σ \(sigma): \(lost) values lost")
    #expect(stray == 0, "σ \(sigma): \(stray) values drawn where nothing shows")
  }

  @Test func effectsNestAndTakeTheLayersOpacity() {
    // A blur inside a shadowed layer at half opacity, against the same drawn in two steps:
    // each layer's output composited at its place.
    let inner = DisplayItem.layer(items: Self.drawing(), opacity: 1, effect: .blur(sigma: 1.5, opaque: false))
    let outer = DisplayItem.layer(
      items: [inner], opacity: 0.5, effect: .shadow(color: .black, sigma: 2, dx: 2, dy: 3))
    let got = render([outer], width: 48, height: 40, background: .white)
    let plain = render([inner], width: 48, height: 40)
    // Where nothing is drawn or shadowed (bottom right corner), the background shows.
    #expect(got.pixel(x: 47, y: 39) == (255, 255, 255, 255))
    // Inside the drawing, the blurred drawing over its shadow at opacity ½ over white.
    var drawn = 0
    for y in 0..<40 {
      for x in 0..<48 where plain.pixel(x: x, y: y).a == 255 {
        drawn += 1
        let c = plain.pixel(x: x, y: y), g = got.pixel(x: x, y: y)
        // Opaque drawing: its shadow is hidden; half of it over white.
        let expected = (Double(c.r) + 255) / 2
        #expect(abs(Double(g.r) - expected) <= 1)
      }
    }
    #expect(drawn > 20)
  }

  @Test func hugeAndNonFiniteEffectsAreBounded() {
    let items = Self.drawing()
    // A blur far wider than the canvas: capped, drawn, no crash; a NaN radius draws the
    // layer as it is; a shadow thrown far away leaves only the drawing.
    _ = render([.layer(items: items, opacity: 1, effect: .blur(sigma: 1e9, opaque: false))], width: 48, height: 40)
    let plain = render(items, width: 48, height: 40)
    let nan = render(
      [.layer(items: items, opacity: 1, effect: .blur(sigma: .nan, opaque: false))], width: 48, height: 40)
    #expect(nan.bytes == plain.bytes)
    let far = render(
      [.layer(items: items, opacity: 1, effect: .shadow(color: .black, sigma: 1, dx: 1e12, dy: -1e12))], width: 48,
      height: 40)
    #expect(far.bytes == plain.bytes)
    let infinite = render(
      [.layer(items: items, opacity: 1, effect: .shadow(color: .black, sigma: 1, dx: .infinity, dy: 0))], width: 48,
      height: 40)
    #expect(infinite.bytes == plain.bytes)
  }

  @Test(arguments: [
    ColorMatrix.saturation(0.3), .grayscale(1), .brightness(0.25), .contrast(1.8), .colorInvert,
    .hueRotation(cos: -0.5, sin: 0.866), .colorMultiply(red: 0.9, green: 0.5, blue: 0.2, opacity: 0.7),
  ])
  func aColorEffectTransformsEachPixelsStraightColor(matrix m: ColorMatrix) {
    let items = Self.drawing()
    let plain = render(items, width: 48, height: 40)
    let got = render([.layer(items: items, opacity: 1, effect: .colorMatrix(m))], width: 48, height: 40)
    let worst = Self.worst(got) { x, y, ch in
      let q = plain.pixel(x: x, y: y)
      guard q.a > 0 else { return 0 }
      let a = Double(q.a) / 255
      let c = SIMD4<Double>(Double(q.r) / 255 / a, Double(q.g) / 255 / a, Double(q.b) / 255 / a, 1)
      let rows = [m.red, m.green, m.blue]
      let a2 = min(max(a * m.alpha, 0), 1)
      if ch == 3 { return a2 * 255 }
      return min(max((rows[ch] * c).sum(), 0), 1) * a2 * 255
    }
    #expect(worst <= 1, "\(m): worst \(worst) levels")
  }

  @Test func swiftUIsColorMatricesKeepGrayAndLuma() {
    // Saturation 1, contrast 1, brightness 0 and a full turn change nothing.
    for m in [ColorMatrix.saturation(1), .contrast(1), .brightness(0), .hueRotation(cos: 1, sin: 0)] {
      let identity = ColorMatrix.identity
      for (a, b) in zip([m.red, m.green, m.blue], [identity.red, identity.green, identity.blue]) {
        #expect((0..<4).allSatisfy { abs(a[$0] - b[$0]) < 1e-12 }, "\(m)")
      }
    }
    // Grayscale 1 gives the Rec. 709 luma in every component; a hue turn keeps grays gray.
    let red = SIMD4<Double>(1, 0, 0, 1)
    for row in [ColorMatrix.grayscale(1).red, ColorMatrix.grayscale(1).green, ColorMatrix.grayscale(1).blue] {
      #expect(abs((row * red).sum() - 0.2126) < 1e-12)
    }
    let turn = ColorMatrix.hueRotation(cos: cos(2.0), sin: sin(2.0))
    let gray = SIMD4<Double>(0.4, 0.4, 0.4, 1)
    for row in [turn.red, turn.green, turn.blue] { #expect(abs((row * gray).sum() - 0.4) < 2e-3) }
    // The W3C hueRotate matrix at 90° (its weights 0.213/0.715/0.072, within their rounding).
    let w3c: [[Double]] = [[0, 0, 1], [0.356, 0.855, -0.211], [-0.574, 1.43, 0.144]]
    let ninety = ColorMatrix.hueRotation(cos: 0, sin: 1)
    for (row, want) in zip([ninety.red, ninety.green, ninety.blue], w3c) {
      for k in 0..<3 { #expect(abs(row[k] - want[k]) < 2e-3, "\(row) vs \(want)") }
    }
  }
}

/// `mask`: the drawing kept in proportion to the mask's alpha, pixel by pixel.
@Suite struct MaskEffectTests {
  @Test func theDrawingIsScaledByTheMasksAlpha() {
    let items = LayerEffectTests.drawing()
    // A mask that reaches beyond the drawing on one side and not on the other, half opaque
    // in one part.
    let mask: [DisplayItem] = [
      fill(.ellipse(Rect(x: 4.3, y: 2.7, width: 50, height: 30))),
      fill(.rectangle(Rect(x: 0, y: 30, width: 20, height: 10)), color: Color(red: 1, green: 1, blue: 1, opacity: 0.5)),
    ]
    let plain = render(items, width: 48, height: 40), m = render(mask, width: 48, height: 40)
    let got = render([.layer(items: items, opacity: 1, effect: .mask(mask))], width: 48, height: 40)
    let worst = LayerEffectTests.worst(got) { x, y, ch in
      let c = plain.pixel(x: x, y: y), a = Double(m.pixel(x: x, y: y).a) / 255
      return Double([c.r, c.g, c.b, c.a][ch]) * a
    }
    #expect(worst <= 1, "worst \(worst) levels")
    // An empty mask hides everything.
    let none = render([.layer(items: items, opacity: 1, effect: .mask([]))], width: 48, height: 40)
    #expect(none.bytes.allSatisfy { $0 == 0 })
  }
}
