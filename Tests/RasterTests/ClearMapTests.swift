import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Testing

/// A pixmap that still holds a rasterizer's last frame is cleared only where that frame drew
/// (`ClearMap`): every frame must have the bytes of the same list drawn into a fresh pixmap by
/// a fresh rasterizer (every pixel cleared), whatever moved, appeared or vanished, and a
/// pixmap changed or swapped between frames must be cleared whole.
@Suite struct ClearMapTests {
  /// A 32-bit LCG (Numerical Recipes), for repeatable scenes.
  struct LCG {
    var state: UInt32
    mutating func next() -> Double {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
  }

  /// Frame `f` of a scene of moving shapes; every few frames a clipped layer, a blurred or
  /// shadowed layer, a projected layer, a blend mode, or nothing at all, and shapes that
  /// reach past the canvas.
  static func frame(_ f: Int, width: Int, height: Int, background: Color) -> DisplayList {
    var rng = LCG(state: UInt32(f &* 7919 &+ 17))
    let W = Double(width), H = Double(height)
    var items: [DisplayItem] = []
    let count = f % 9 == 4 ? 0 : 3 + Int(rng.next() * 10)
    for k in 0..<count {
      let r = Rect(
        x: rng.next() * W * 1.1 - W * 0.05, y: rng.next() * H * 1.1 - H * 0.05, width: 2 + rng.next() * W * 0.3,
        height: 2 + rng.next() * H * 0.3)
      let color = Color(red: rng.next(), green: rng.next(), blue: rng.next(), opacity: 0.3 + 0.7 * rng.next())
      switch k % 4 {
      case 0: items.append(fill(.rectangle(r), color: color))
      case 1: items.append(fill(.ellipse(r), color: color))
      case 2: items.append(stroke(.roundedRectangle(r, cornerRadius: 5, style: .circular), width: 3, color: color))
      default:
        let t = AffineTransform(a: 0.8, b: 0.6, c: -0.6, d: 0.8, tx: 0, ty: 0).concatenating(
          .translation(x: r.minX, y: r.minY))
        items.append(fill(.capsule(Rect(x: 0, y: 0, width: r.width, height: 9)), t, color: color))
      }
    }
    let box = Rect(x: W * 0.2 + Double(f % 5) * 7.3, y: H * 0.15 + Double(f % 3) * 5.1, width: W * 0.4, height: H * 0.5)
    let inner = [
      fill(.ellipse(box), color: Color(red: 0.9, green: 0.1, blue: 0.2, opacity: 0.8)),
      fill(.rectangle(Rect(x: box.minX + 9, y: box.minY + 4, width: 30, height: 20)), color: .black),
    ]
    switch f % 6 {
    case 1:
      items.append(
        .layer(
          items: inner, opacity: 0.7,
          clip: Clip(geometry: .ellipse(Rect(x: box.minX, y: box.minY, width: 40, height: 30)), transform: .identity)))
    case 2: items.append(.layer(items: inner, opacity: 1, effect: .blur(sigma: 3, opaque: false)))
    case 3:
      items.append(.layer(items: inner, opacity: 0.9, effect: .shadow(color: .black, sigma: 2, dx: 4, dy: 5)))
    case 5:
      items.append(
        .layer(
          items: inner, opacity: 1,
          effect: .projection(Homography(1, 0.1, 0, 0.05, 1, 0, 0.0004, 0.0002, 1))))
    default:
      items.append(.layer(items: inner, opacity: 1, effect: .blend(.multiply)))
    }
    return DisplayList(width: width, height: height, background: background, items: items)
  }

  /// Frames drawn one after another into one pixmap have the bytes of each drawn afresh.
  /// 2000 columns: bands of 65 rows and chunks of 32 columns; 101: one band, chunks of 8.
  @Test(arguments: [(2000, 150), (101, 77)])
  func aReusedPixmapGetsTheBytesOfAFreshOne(size: (Int, Int)) {
    let (w, h) = size
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    for f in 0..<24 {
      // The background changes once (a whole clear), then stays.
      let background = f < 13 ? Color.white : Color(red: 0.2, green: 0.3, blue: 0.4, opacity: 0.5)
      let list = Self.frame(f, width: w, height: h, background: background)
      r.render(list, into: &p)
      var fresh = Rasterizer()
      var q = Pixmap(width: 0, height: 0)
      fresh.render(list, into: &q)
      let same = p.bytes == q.bytes  // (not the bytes in a failure's message)
      #expect(same, "frame \(f)")
    }
  }

  /// Pixels changed after a frame, or a pixmap that is not the rasterizer's last, are
  /// cleared whole: an empty frame after them is the background everywhere.
  @Test func changedOrSwappedPixmapsAreClearedWhole() {
    let w = 700, h = 300
    let white = PremulColor(Color.white).packed
    func isBlank(_ p: Pixmap) -> Bool {
      p.bytes.withUnsafeBytes { b in
        (0..<(w * h)).allSatisfy { b.load(fromByteOffset: $0 * 4, as: UInt32.self) == white }
      }
    }
    var r = Rasterizer()
    let drawn = DisplayList(
      width: w, height: h, background: .white,
      items: [fill(.rectangle(Rect(x: 10, y: 10, width: 50, height: 40)), color: .black)])
    let elsewhere = DisplayList(
      width: w, height: h, background: .white,
      items: [fill(.rectangle(Rect(x: 400, y: 200, width: 50, height: 40)), color: .black)])
    let empty = DisplayList(width: w, height: h, background: .white, items: [])
    // A pixel far from what was drawn, changed by the caller.
    var p = Pixmap(width: 0, height: 0)
    r.render(drawn, into: &p)
    p.bytes[(200 * w + 600) * 4] = 0
    r.render(empty, into: &p)
    #expect(isBlank(p))
    // A copy kept from an earlier frame, drawn into after another pixmap (whose frame drew
    // elsewhere).
    r.render(drawn, into: &p)
    var kept = p
    var other = Pixmap(width: 0, height: 0)
    r.render(elsewhere, into: &other)
    r.render(empty, into: &kept)
    #expect(isBlank(kept))
    // Another rasterizer's frame.
    var s = Rasterizer()
    s.render(drawn, into: &p)
    r.render(empty, into: &p)
    #expect(isBlank(p))
    // Through a pointer: the stamp is reset too.
    r.render(empty, into: &p)
    p.bytes.withUnsafeMutableBytes { $0[(290 * w + 5) * 4 + 1] = 3 }
    r.render(empty, into: &p)
    #expect(isBlank(p))
  }

  /// The stamp takes no part in equality.
  @Test func pixmapsEqualByTheirBytes() {
    var r = Rasterizer()
    var p = Pixmap(width: 0, height: 0)
    r.render(Self.frame(0, width: 40, height: 30, background: .white), into: &p)
    #expect(p == Pixmap(width: 40, height: 30, bytes: p.bytes))
    #expect(p != Pixmap(width: 40, height: 30))
  }
}
