import FlipbookDisplayList
import FlipbookImage
import FlipbookRaster
import Foundation
import Testing

/// Every blend mode on a grid of (source, backdrop) pairs against the W3C Compositing and
/// Blending formulas, written out here in Double from the spec's text: within one level.
@Suite struct BlendModeTests {
  static let colors: [Color] = [
    Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1), Color(red: 0.9, green: 0.2, blue: 0.1),
    Color(red: 0.1, green: 0.6, blue: 0.95), Color(red: 0.5, green: 0.5, blue: 0.5, opacity: 0.5),
    Color(red: 0.3, green: 0.85, blue: 0.2, opacity: 0.8), Color(red: 1, green: 0.9, blue: 0, opacity: 0.25),
    Color(red: 0.2, green: 0.1, blue: 0.4, opacity: 0),
  ]

  /// B(Cb, Cs) on straight colors, per the spec.
  static func mix(_ cb: [Double], _ cs: [Double], _ mode: BlendMode) -> [Double] {
    func hard(_ b: Double, _ s: Double) -> Double { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
    func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    func clip(_ c: [Double]) -> [Double] {
      let l = lum(c), n = c.min()!, x = c.max()!
      var c = c
      if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
      if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
      return c
    }
    func setLum(_ c: [Double], _ l: Double) -> [Double] { clip(c.map { $0 + l - lum(c) }) }
    func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    func setSat(_ c: [Double], _ s: Double) -> [Double] {
      let order = (0..<3).sorted { c[$0] < c[$1] }
      var r = [0.0, 0.0, 0.0]
      let (mn, md, mx) = (order[0], order[1], order[2])
      if c[mx] > c[mn] {
        r[md] = (c[md] - c[mn]) * s / (c[mx] - c[mn])
        r[mx] = s
      }
      return r
    }
    func each(_ f: (Double, Double) -> Double) -> [Double] { (0..<3).map { f(cb[$0], cs[$0]) } }
    switch mode {
    case .normal, .plusDarker, .plusLighter: return cs
    case .multiply: return each { $0 * $1 }
    case .screen: return each { $0 + $1 - $0 * $1 }
    case .overlay: return each { hard($1, $0) }
    case .darken: return each { min($0, $1) }
    case .lighten: return each { max($0, $1) }
    case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
    case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
    case .hardLight: return each(hard)
    case .softLight:
      return each { b, s in
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b)
      }
    case .difference: return each { abs($0 - $1) }
    case .exclusion: return each { $0 + $1 - 2 * $0 * $1 }
    case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
    case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
    case .color: return setLum(cs, lum(cb))
    case .luminosity: return setLum(cb, lum(cs))
    }
  }

  /// The premultiplied result (0…255) of source s over backdrop b (premultiplied 0…255).
  static func reference(_ s: [Double], _ b: [Double], _ mode: BlendMode, opacity: Double) -> [Double] {
    let s = s.map { $0 / 255 * opacity }, b = b.map { $0 / 255 }
    let sa = s[3], ba = b[3]
    switch mode {
    case .plusLighter: return (0..<4).map { min(1, s[$0] + b[$0]) * 255 }
    case .plusDarker:
      let a = min(1, sa + ba)
      return (0..<3).map { max(0, a - ((sa - s[$0]) + (ba - b[$0]))) * 255 } + [a * 255]
    default:
      let cs = (0..<3).map { sa > 0 ? s[$0] / sa : 0 }, cb = (0..<3).map { ba > 0 ? b[$0] / ba : 0 }
      let m = mix(cb, cs, mode)
      var out: [Double] = []
      for k in 0..<3 {
        let over: Double = sa * (1 - ba) * cs[k] + sa * ba * m[k]
        out.append((over + (1 - sa) * ba * cb[k]) * 255)
      }
      return out + [(sa + ba * (1 - sa)) * 255]
    }
  }

  @Test(arguments: BlendMode.allCases)
  func eachModeFollowsTheW3CFormulas(mode: BlendMode) {
    let n = Self.colors.count
    func cell(_ x: Int, _ y: Int, _ c: Color) -> DisplayItem {
      fill(.rectangle(Rect(x: Double(x), y: Double(y), width: 1, height: 1)), color: c)
    }
    var backdrop: [DisplayItem] = [], source: [DisplayItem] = []
    for y in 0..<n {
      for x in 0..<n { backdrop.append(cell(x, y, Self.colors[y])); source.append(cell(x, y, Self.colors[x])) }
    }
    let b = render(backdrop, width: n, height: n), s = render(source, width: n, height: n)
    for opacity in [1.0, 0.6] {
      let got = render(backdrop + [.layer(items: source, opacity: opacity, effect: .blend(mode))], width: n, height: n)
      let o8 = (opacity * 255).rounded() / 255
      var worst = 0.0
      for y in 0..<n {
        for x in 0..<n {
          let sp = s.pixel(x: x, y: y), bp = b.pixel(x: x, y: y), g = got.pixel(x: x, y: y)
          let want = Self.reference(
            [Double(sp.r), Double(sp.g), Double(sp.b), Double(sp.a)],
            [Double(bp.r), Double(bp.g), Double(bp.b), Double(bp.a)],
            mode, opacity: o8)
          let have = [Double(g.r), Double(g.g), Double(g.b), Double(g.a)]
          for k in 0..<4 { worst = max(worst, abs(have[k] - want[k])) }
        }
      }
      #expect(worst <= 1, "\(mode) at opacity \(opacity): worst \(worst) levels")
    }
  }
}
