import FlipbookImage

/// Composites `count` premultiplied RGBA8 pixels of `layer` onto `dst` with `mode` at
/// `opacity`, by the W3C Compositing and Blending formulas (Core Graphics shares them).
///
/// Separable and non-separable modes mix the blend of the straight colors into source-over:
/// cₒ = αs(1 − αb)Cs + αs·αb·B(Cb, Cs) + (1 − αs)αb·Cb, αₒ = αs + αb(1 − αs). `plusLighter`
/// adds premultiplied components (clamped at 1); `plusDarker` is Core Graphics' R = max(0,
/// 1 − ((1 − D) + (1 − S))) with each "1" the alpha, so that it is source-over where either
/// side is transparent. Float arithmetic, each result rounded to the nearest level.
func blendLayer(
  _ dst: UnsafeMutableRawPointer, layer: UnsafeRawPointer, count: Int, opacity: UInt8, mode: BlendMode
) {
  let o = Float(opacity) / (255 * 255)
  for k in 0..<count {
    let q = layer.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt8>.self)
    if q[3] == 0 { continue }
    let d = dst.loadUnaligned(fromByteOffset: k &* 4, as: SIMD4<UInt8>.self)
    // Premultiplied source (opacity applied) and backdrop, 0…1.
    let s = SIMD4<Float>(Float(q[0]), Float(q[1]), Float(q[2]), Float(q[3])) * o
    let b = SIMD4<Float>(Float(d[0]), Float(d[1]), Float(d[2]), Float(d[3])) / 255
    let out = blend(s, b, mode)
    let v = (out * 255 + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
    dst.storeBytes(of: SIMD4<UInt8>(truncatingIfNeeded: SIMD4<Int32>(v)), toByteOffset: k &* 4, as: SIMD4<UInt8>.self)
  }
}

/// One premultiplied source over one premultiplied backdrop by `mode` (0…1 components).
@inline(__always)
func blend(_ s: SIMD4<Float>, _ b: SIMD4<Float>, _ mode: BlendMode) -> SIMD4<Float> {
  let one = SIMD4<Float>(repeating: 1)
  switch mode {
  case .plusLighter:
    return (s + b).clamped(lowerBound: .zero, upperBound: one)
  case .plusDarker:
    let a = min(1, s[3] + b[3])
    var c = SIMD4<Float>(repeating: a) - ((SIMD4(repeating: s[3]) - s) + (SIMD4(repeating: b[3]) - b))
    c = c.clamped(lowerBound: .zero, upperBound: one)
    c[3] = a
    return c
  default:
    let sa = s[3], ba = b[3]
    let cs = sa > 0 ? SIMD3(s[0], s[1], s[2]) / sa : .zero
    let cb = ba > 0 ? SIMD3(b[0], b[1], b[2]) / ba : .zero
    let mixed = blendStraight(cb, cs, mode)
    let c = sa * (1 - ba) * cs + sa * ba * mixed + (1 - sa) * ba * cb
    return SIMD4(c.x, c.y, c.z, sa + ba * (1 - sa))
  }
}

/// B(Cb, Cs) of the W3C spec on straight colors.
@inline(__always)
private func blendStraight(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>, _ mode: BlendMode) -> SIMD3<Float> {
  func each(_ f: (Float, Float) -> Float) -> SIMD3<Float> { SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z)) }
  func hardLight(_ b: Float, _ s: Float) -> Float { s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1) }
  switch mode {
  case .normal, .plusDarker, .plusLighter: return cs
  case .multiply: return cb * cs
  case .screen: return cb + cs - cb * cs
  case .overlay: return each { b, s in hardLight(s, b) }
  case .darken: return pointwiseMin(cb, cs)
  case .lighten: return pointwiseMax(cb, cs)
  case .colorDodge: return each { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
  case .colorBurn: return each { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
  case .hardLight: return each(hardLight)
  case .softLight:
    return each { b, s in
      if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
      let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
      return b + (2 * s - 1) * (d - b)
    }
  case .difference: return each { b, s in abs(b - s) }
  case .exclusion: return cb + cs - 2 * cb * cs
  case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
  case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
  case .color: return setLum(cs, lum(cb))
  case .luminosity: return setLum(cb, lum(cs))
  }
}

@inline(__always) private func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }
@inline(__always) private func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

@inline(__always)
private func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
  let moved = c + (l - lum(c))
  // ClipColor: bring the components into 0…1 keeping the luminosity.
  let ll = lum(moved), n = moved.min(), x = moved.max()
  var out = moved
  if n < 0 { out = ll + (out - ll) * ll / (ll - n) }
  if x > 1 { out = ll + (out - ll) * (1 - ll) / (x - ll) }
  return out
}

@inline(__always)
private func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
  let mx = c.max(), mn = c.min()
  guard mx > mn else { return .zero }
  // The middle component scales with the range; the largest becomes s, the smallest 0.
  return SIMD3(
    c.x == mx ? s : c.x == mn ? 0 : (c.x - mn) * s / (mx - mn),
    c.y == mx ? s : c.y == mn ? 0 : (c.y - mn) * s / (mx - mn),
    c.z == mx ? s : c.z == mn ? 0 : (c.z - mn) * s / (mx - mn))
}
