import RealModule

/// Reads SVG path data (`M L H V C S Q T A Z` and their relative forms, numbers as SVG
/// writes them: `M10-5.5.5e2` is three numbers) into absolute ``PathCommand``s.
///
/// Arcs are converted to their center form (SVG 1.1, appendix F.6) and drawn as cubic curves
/// of at most a quarter turn each, so the whole path is lines and curves. Errors name the
/// offset of the offending character, counted in UTF-8 bytes from the start of the data.
struct SVGPathParser {
  struct Failure: Error, Equatable {
    var offset: Int
    var message: String
  }

  /// At most this many commands come out of one path data string (arcs count per curve).
  static let maxCommands = 1_000_000

  private let bytes: [UInt8]
  private var i = 0
  private var commands: [PathCommand] = []
  private var current = SIMD2<Double>.zero
  private var subpathStart = SIMD2<Double>.zero
  /// The last curve's second control point (cubic) or control point (quadratic), for `S`/`T`.
  private var lastCubicControl: SIMD2<Double>?
  private var lastQuadControl: SIMD2<Double>?

  static func parse(_ text: String) throws(Failure) -> [PathCommand] {
    var parser = SVGPathParser(bytes: Array(text.utf8))
    try parser.run()
    return parser.commands
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private mutating func run() throws(Failure) {
    skipSpace()
    var command: UInt8 = 0
    while i < bytes.count {
      let c = bytes[i]
      if Self.isCommand(c) {
        command = c
        i += 1
      } else if command == 0 {
        throw fail("path data must start with a command such as M, found \(describe(i))")
      } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
        throw fail("expected a command after Z, found \(describe(i))")
      } else if command == UInt8(ascii: "M") {
        command = UInt8(ascii: "L")  // numbers after a move are line-tos
      } else if command == UInt8(ascii: "m") {
        command = UInt8(ascii: "l")
      }
      if commands.isEmpty, command != UInt8(ascii: "M"), command != UInt8(ascii: "m") {
        throw fail("path data must start with M or m", at: i - 1)
      }
      try apply(command)
      skipSpace()
      if commands.count > Self.maxCommands {
        throw fail("more than \(Self.maxCommands) path commands; this is beyond the renderer's limit")
      }
    }
  }

  private mutating func apply(_ c: UInt8) throws(Failure) {
    let relative = c >= UInt8(ascii: "a")
    let base = relative ? current : .zero
    switch c | 0x20 {
    case UInt8(ascii: "m"):
      let p = try point() + base
      emit(.move(to: Self.constant(p)), to: p)
      subpathStart = p
      clearControls()
    case UInt8(ascii: "l"):
      let p = try point() + base
      line(p)
    case UInt8(ascii: "h"):
      let x = try number() + (relative ? current.x : 0)
      line(SIMD2(x, current.y))
    case UInt8(ascii: "v"):
      let y = try number() + (relative ? current.y : 0)
      line(SIMD2(current.x, y))
    case UInt8(ascii: "c"):
      let c1 = try point() + base, c2 = try point() + base, p = try point() + base
      cubic(c1, c2, p)
    case UInt8(ascii: "s"):
      let c1 = lastCubicControl.map { 2 * current - $0 } ?? current
      let c2 = try point() + base, p = try point() + base
      cubic(c1, c2, p)
    case UInt8(ascii: "q"):
      let q = try point() + base, p = try point() + base
      quad(q, p)
    case UInt8(ascii: "t"):
      let q = lastQuadControl.map { 2 * current - $0 } ?? current
      let p = try point() + base
      quad(q, p)
    case UInt8(ascii: "a"):
      let rx = try number(), ry = try number(), rotation = try number()
      let largeArc = try flag(), sweep = try flag()
      let p = try point() + base
      arc(rx: rx, ry: ry, rotation: rotation, largeArc: largeArc, sweep: sweep, to: p)
    default:  // z
      commands.append(.close)
      current = subpathStart
      clearControls()
    }
  }

  // MARK: Emitting

  private static func constant(_ p: SIMD2<Double>) -> Expression { .constant(.point(p)) }

  private mutating func emit(_ command: PathCommand, to p: SIMD2<Double>) {
    commands.append(command)
    current = p
  }

  private mutating func clearControls() { lastCubicControl = nil; lastQuadControl = nil }

  private mutating func line(_ p: SIMD2<Double>) {
    emit(.line(to: Self.constant(p)), to: p)
    clearControls()
  }

  private mutating func cubic(_ c1: SIMD2<Double>, _ c2: SIMD2<Double>, _ p: SIMD2<Double>) {
    emit(.curve(control1: Self.constant(c1), control2: Self.constant(c2), to: Self.constant(p)), to: p)
    lastCubicControl = c2; lastQuadControl = nil
  }

  private mutating func quad(_ q: SIMD2<Double>, _ p: SIMD2<Double>) {
    emit(.quad(control: Self.constant(q), to: Self.constant(p)), to: p)
    lastQuadControl = q; lastCubicControl = nil
  }

  /// SVG's endpoint arc as cubic curves (SVG 1.1 F.6.5–F.6.6, radii scaled up when too small).
  private mutating func arc(rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, to p: SIMD2<Double>)
  {
    var rx = abs(rx), ry = abs(ry)
    let p0 = current
    if p0 == p { return }
    if rx == 0 || ry == 0 {
      line(p)
      return
    }
    let phi = rotation * .pi / 180
    let cosPhi = Double.cos(phi), sinPhi = Double.sin(phi)
    let d = (p0 - p) / 2
    let x1 = cosPhi * d.x + sinPhi * d.y
    let y1 = -sinPhi * d.x + cosPhi * d.y
    let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
    if !(lambda <= 1) {
      // rx·√λ = √(x1² + (y1·rx/ry)²), which stays finite when the radii are so small that
      // their squares underflow (λ is then infinite, or NaN as 0/0; found by fuzzing).
      let q = rx / ry
      let scaled = (x1 * x1 + (y1 * q) * (y1 * q)).squareRoot()
      guard q > 0, q.isFinite, scaled > 0, scaled.isFinite else {
        line(p)
        return
      }
      rx = scaled; ry = scaled / q
    }
    let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var coef = den > 0 ? (max(0, num) / den).squareRoot() : 0
    if largeArc == sweep { coef = -coef }
    let cx1 = coef * rx * y1 / ry, cy1 = -coef * ry * x1 / rx
    let mid = (p0 + p) / 2
    let center = SIMD2(cosPhi * cx1 - sinPhi * cy1 + mid.x, sinPhi * cx1 + cosPhi * cy1 + mid.y)
    func angle(_ u: SIMD2<Double>, _ v: SIMD2<Double>) -> Double {
      let a = Double.atan2(y: u.x * v.y - u.y * v.x, x: u.x * v.x + u.y * v.y)
      return a
    }
    let u = SIMD2((x1 - cx1) / rx, (y1 - cy1) / ry)
    let v = SIMD2((-x1 - cx1) / rx, (-y1 - cy1) / ry)
    let theta1 = angle(SIMD2(1, 0), u)
    var delta = angle(u, v)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    // An ellipse too flat for its angles to be found (one radius vanishing beside the other)
    // is, to any precision a path holds, the straight line.
    guard delta.isFinite, theta1.isFinite, center.x.isFinite, center.y.isFinite else {
      line(p)
      return
    }
    let segments = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(segments)
    let k = 4.0 / 3.0 * Double.tan(step / 4)
    func onEllipse(_ t: Double) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
      let ct = Double.cos(t), st = Double.sin(t)
      let point = SIMD2(
        center.x + rx * ct * cosPhi - ry * st * sinPhi, center.y + rx * ct * sinPhi + ry * st * cosPhi)
      let tangent = SIMD2(-rx * st * cosPhi - ry * ct * sinPhi, -rx * st * sinPhi + ry * ct * cosPhi)
      return (point, tangent)
    }
    var t = theta1
    var start = onEllipse(t)
    for s in 0..<segments {
      let t2 = t + step
      let end = onEllipse(t2)
      // The last segment ends exactly where the data says.
      let to = s == segments - 1 ? p : end.point
      cubic(start.point + k * start.tangent, end.point - k * end.tangent, to)
      t = t2
      start = end
    }
    clearControls()
  }

  // MARK: Lexing

  private static func isCommand(_ c: UInt8) -> Bool {
    switch c | 0x20 {
    case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
      UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
      return c >= 0x41 && c <= 0x7A
    default: return false
    }
  }

  private mutating func skipSpace() {
    while i < bytes.count,
      bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C
    {
      i += 1
    }
  }

  /// Skips white space and at most one comma between numbers.
  private mutating func separator() {
    skipSpace()
    if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
      i += 1
      skipSpace()
    }
  }

  private mutating func point() throws(Failure) -> SIMD2<Double> {
    let x = try number()
    let y = try number()
    return SIMD2(x, y)
  }

  /// An arc flag: a lone `0` or `1`, which SVG allows without a separator (`a1 1 0 00 1 1`).
  private mutating func flag() throws(Failure) -> Bool {
    separator()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
      throw fail("expected an arc flag (0 or 1), found \(describe(i))")
    }
    i += 1
    return bytes[i - 1] == UInt8(ascii: "1")
  }

  /// A number as SVG writes it: sign, digits, fraction, exponent; finite.
  private mutating func number() throws(Failure) -> Double {
    separator()
    let start = i
    if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
    var digits = 0
    while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1; digits += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count, bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1; digits += 1 }
    }
    guard digits > 0 else {
      i = start
      throw fail("expected a number, found \(describe(start))")
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      var j = i + 1
      if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
      var expDigits = 0
      while j < bytes.count, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1; expDigits += 1 }
      if expDigits > 0 { i = j }
    }
    let text = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let value = Double(text), value.isFinite, abs(value) <= 1e9 else {
      throw fail(
        "the number \(text.count > 40 ? String(text.prefix(40)) + "…" : text) is out of range; expected a magnitude of at most 1e9",
        at: start)
    }
    return value
  }

  private func describe(_ at: Int) -> String {
    guard at < bytes.count else { return "the end of the data" }
    let b = bytes[at]
    if b >= 0x20 && b < 0x7F { return "\"\(String(UnicodeScalar(b)))\"" }
    return String(format16: b)
  }

  private func fail(_ message: String, at offset: Int? = nil) -> Failure {
    Failure(offset: offset ?? i, message: message)
  }
}

extension String {
  /// `byte 0xNN`, for a byte that cannot be shown as it is.
  fileprivate init(format16 b: UInt8) {
    let hex = Array("0123456789ABCDEF")
    self = "byte 0x\(hex[Int(b >> 4)])\(hex[Int(b & 15)])"
  }
}
