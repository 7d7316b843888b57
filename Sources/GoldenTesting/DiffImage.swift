import FlipbookImage

/// The three-panel picture of a failed comparison, `expected | mask | actual`: the mask is
/// red where a pixel differs beyond the tolerance, yellow where it differs within it, and a
/// dimmed copy of the expected image where it is identical.
public enum DiffImage {
  public static func make(expected: Pixmap, actual: Pixmap, tolerance: GoldenTolerance) -> Pixmap {
    let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
    let gap = 4
    var out = Pixmap(width: 3 * w + 2 * gap, height: h)
    out.fill(x: 0, y: 0, width: out.width, height: out.height, color: PremulColor(r: 128, g: 128, b: 128, a: 255))
    func put(_ p: Pixmap, at ox: Int) {
      // Over a white backdrop, so transparent pixels read as white.
      out.fill(x: ox, y: 0, width: p.width, height: p.height, color: PremulColor(r: 255, g: 255, b: 255, a: 255))
      out.composite(p, x: ox, y: 0)
    }
    put(expected, at: 0)
    put(actual, at: 2 * (w + gap))
    let sameSize = expected.width == actual.width && expected.height == actual.height
    for y in 0..<h {
      for x in 0..<w {
        let d = (y * out.width + w + gap + x) * 4
        var color: (UInt8, UInt8, UInt8) = (255, 0, 0)
        if sameSize {
          let i = (y * w + x) * 4
          var worst = 0
          for c in 0..<4 { worst = max(worst, abs(Int(expected.bytes[i + c]) - Int(actual.bytes[i + c]))) }
          if worst == 0 {
            let g = UInt8(200 + Int(expected.bytes[i + 1]) / 5 * Int(expected.bytes[i + 3]) / 255 / 5)
            color = (g, g, g)
          } else if worst <= tolerance.maxChannelDelta {
            color = (255, 210, 0)
          }
        }
        out.bytes[d] = color.0; out.bytes[d + 1] = color.1; out.bytes[d + 2] = color.2; out.bytes[d + 3] = 255
      }
    }
    return out
  }
}
