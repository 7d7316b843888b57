import FlipbookImage
import FlipbookDisplayList
import FlipbookEngine
import FlipbookRaster
import FlipbookScene

/// `render curves`: every animated value of a scene plotted against time, one panel per
/// value and one colored line per component, with the timeline's events marked, so that a
/// spring's overshoot or a curve's ease can be seen rather than read from numbers.
///
/// Drawn with the project's own rasterizer (lines are thin rotated rectangles, so they are
/// anti-aliased by area coverage like every shape) and labeled with ``BitmapFont``.
public enum CurvePlot {
  public struct Options: Sendable {
    /// Image width in pixels.
    public var width: Int
    /// A heading drawn above the panels (the scene's file name, usually).
    public var title: String
    public init(width: Int = 960, title: String = "") {
      self.width = width; self.title = title
    }
  }

  static let left = 72, right = 20, top = 34, header = 20, plotHeight = 90, gap = 14, bottom = 44
  static let ink: (UInt8, UInt8, UInt8) = (60, 60, 67)
  static let faint: (UInt8, UInt8, UInt8) = (142, 142, 147)
  static let event = Color(red: 1, green: 0.584, blue: 0, opacity: 0.75)
  /// SwiftUI's purple: the boundaries of keyframe segments.
  static let keyframe = Color(red: 0.686, green: 0.322, blue: 0.871, opacity: 0.9)
  /// SwiftUI's blue, orange, green, pink; colors plot as themselves.
  static let lineColors: [Color] = [
    Color(red: 0, green: 0.478, blue: 1), Color(red: 1, green: 0.584, blue: 0),
    Color(red: 0.204, green: 0.78, blue: 0.349), Color(red: 1, green: 0.176, blue: 0.333),
  ]

  /// The plot, or `nil` when nothing in the scene animates.
  public static func make(_ scene: CompiledScene, options: Options = Options()) -> Pixmap? {
    let width = max(options.width, 320)
    let plotWidth = width - left - right
    let duration = scene.duration
    guard duration > 0 else { return nil }
    let times = (0...plotWidth).map { Double($0) / Double(plotWidth) * duration }
    // As many panels as fit the pixel limits of a frame; a note in the title says when
    // there were more values than that.
    let panelHeight = header + plotHeight + gap
    let tallest = min(SceneLimits.maxPixelSide, SceneLimits.maxPixelsPerFrame / width)
    let maxPanels = (tallest - top - bottom) / panelHeight
    var values = scene.animatedValues(at: times, limit: maxPanels + 1)
    guard !values.isEmpty else { return nil }
    var title = options.title
    if values.count > maxPanels {
      values.removeLast()
      title += "   (the first \(maxPanels) animated values, as many as fit)"
    }
    let height = top + values.count * panelHeight + bottom
    func x(_ t: Double) -> Double { Double(left) + t / duration * Double(plotWidth) }

    var items: [DisplayItem] = []
    for (p, value) in values.enumerated() {
      let y0 = Double(top + p * panelHeight + header)
      items.append(
        rect(Double(left), y0, Double(plotWidth), Double(plotHeight), Color(red: 0.97, green: 0.97, blue: 0.976)))
      for t in scene.eventTimes where t <= duration {
        items.append(rect(x(t) - 0.5, y0, 1, Double(plotHeight), event))
      }
      // The segment boundaries of the keyframe tracks this value reads, dashed.
      for t in scene.keyframeBoundaries(reading: value.variables) where t <= duration {
        for dash in stride(from: 0, to: plotHeight, by: 8) {
          items.append(rect(x(t) - 0.5, y0 + Double(dash), 1, Double(min(4, plotHeight - dash)), keyframe))
        }
      }
      let (low, high) = range(value)
      for (c, component) in value.components.enumerated() {
        let color = lineColor(component.name, c)
        let points = zip(times, component.values).map { t, v in
          Point(x: x(t), y: y0 + 6 + (high - v) / (high - low) * Double(plotHeight - 12))
        }
        for (a, b) in zip(points, points.dropFirst()) { items.append(segment(a, b, lineWidth: 2, color)) }
      }
    }
    var rasterizer = Rasterizer()
    var image = Pixmap(width: width, height: height)
    rasterizer.render(DisplayList(width: width, height: height, background: .white, items: items), into: &image)

    BitmapFont.draw(title, into: &image, x: left, y: 10, scale: 2, rgb: ink)
    for (p, value) in values.enumerated() {
      let y0 = top + p * panelHeight + header
      BitmapFont.draw(value.label, into: &image, x: left, y: y0 - 15, scale: 2, rgb: ink)
      var lx = left + BitmapFont.width(value.label, scale: 2) + 20
      for (c, component) in value.components.enumerated() {
        let color = lineColor(component.name, c)
        let rgb = (UInt8(color.red * 255), UInt8(color.green * 255), UInt8(color.blue * 255))
        image.fill(x: lx, y: y0 - 14, width: 14, height: 8, color: PremulColor(opaque: rgb))
        BitmapFont.draw(component.name, into: &image, x: lx + 18, y: y0 - 15, scale: 2, rgb: ink)
        lx += 18 + BitmapFont.width(component.name, scale: 2) + 16
      }
      let (low, high) = range(value)
      let lows = value.components.flatMap(\.values).min()!, highs = value.components.flatMap(\.values).max()!
      for v in [lows, highs] {
        let y = y0 + 6 + Int(((high - v) / (high - low) * Double(plotHeight - 12)).rounded())
        let label = compact(v)
        BitmapFont.draw(
          label, into: &image, x: left - 8 - BitmapFont.width(label, scale: 2), y: y - 5, scale: 2, rgb: faint)
        image.fill(x: left - 5, y: y, width: 4, height: 1, color: PremulColor(opaque: faint))
      }
    }
    // A phases event's steps are events too; each is labeled with the phase it enters.
    var phases: [Double: Int] = [:]
    for e in scene.events { for step in e.phases { phases[step.time] = step.phase } }
    let y = top + values.count * panelHeight - gap + 6
    drawTimeAxis(&image, duration: duration, events: scene.eventTimes, phases: phases, y: y, x: x)
    if values.contains(where: { !scene.keyframeBoundaries(reading: $0.variables).isEmpty }) {
      let label = "- - KEYFRAME SEGMENTS"
      BitmapFont.draw(label, into: &image, x: 8, y: y + 34, scale: 2, rgb: (175, 82, 222))
    }
    return image
  }

  /// Ticks and seconds under the panels, and the event times below them in the events' color,
  /// a phase step's with the phase it enters (`0.4 P2`).
  static func drawTimeAxis(
    _ image: inout Pixmap, duration: Double, events: [Double], phases: [Double: Int] = [:], y: Int,
    x: (Double) -> Double
  ) {
    let steps = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600]
    let step = steps.first { duration / $0 <= 10 } ?? 600
    var t = 0.0
    while t <= duration + 1e-9 {
      let px = Int(x(t).rounded())
      image.fill(x: px, y: y - 4, width: 1, height: 5, color: PremulColor(opaque: faint))
      let label = compact(t) + (t == 0 ? " S" : "")
      BitmapFont.draw(
        label, into: &image, x: px - (t == 0 ? 0 : BitmapFont.width(label, scale: 2) / 2), y: y + 4, scale: 2,
        rgb: faint)
      t += step
    }
    BitmapFont.draw("EVENTS", into: &image, x: 8, y: y + 20, scale: 2, rgb: (255, 149, 0))
    // Events close together get one tick each, and a label only where it does not overlap.
    var free = 8 + BitmapFont.width("EVENTS", scale: 2) + 8
    var previous: Double?
    for e in events where e <= duration && e != previous {
      previous = e
      let px = Int(x(e).rounded())
      image.fill(x: px, y: y + 16, width: 1, height: 3, color: PremulColor(opaque: (255, 149, 0)))
      let label = compact(e) + (phases[e].map { " P\($0)" } ?? "")
      let lx = px - BitmapFont.width(label, scale: 2) / 2
      if lx >= free && lx + BitmapFont.width(label, scale: 2) < image.width {
        BitmapFont.draw(label, into: &image, x: lx, y: y + 20, scale: 2, rgb: (255, 149, 0))
        free = lx + BitmapFont.width(label, scale: 2) + 8
      }
    }
  }

  /// The value range a panel shows: all components, with room above and below.
  static func range(_ value: AnimatedValue) -> (Double, Double) {
    let all = value.components.flatMap(\.values)
    let low = all.min()!, high = all.max()!
    return high > low ? (low, high) : (low - 1, high + 1)
  }

  static func lineColor(_ name: String, _ index: Int) -> Color {
    switch name {
    case "red": return Color(red: 1, green: 0.231, blue: 0.188)
    case "green": return Color(red: 0.204, green: 0.78, blue: 0.349)
    case "blue": return Color(red: 0, green: 0.478, blue: 1)
    case "opacity": return Color(red: 0.557, green: 0.557, blue: 0.576)
    default: return lineColors[index % lineColors.count]
    }
  }

  /// A number in at most 3 decimals, without trailing zeros: `1`, `0.25`, `-12.5`.
  static func compact(_ v: Double) -> String {
    let scaled = (v * 1000).rounded()
    if scaled == 0 { return "0" }
    let negative = scaled < 0
    let n = Int(abs(scaled))
    var text = String(n / 1000)
    var frac = String(n % 1000)
    frac = String(repeating: "0", count: 3 - frac.count) + frac
    while frac.hasSuffix("0") { frac.removeLast() }
    if !frac.isEmpty { text += "." + frac }
    return (negative ? "-" : "") + text
  }

  static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ color: Color) -> DisplayItem {
    .shape(
      ShapeItem(
        geometry: .rectangle(Rect(x: x, y: y, width: w, height: h)), style: .fill, transform: .identity, color: color))
  }

  /// A line from `a` to `b` as a rectangle with square caps, rotated into place.
  static func segment(_ a: Point, _ b: Point, lineWidth w: Double, _ color: Color) -> DisplayItem {
    let dx = b.x - a.x, dy = b.y - a.y
    let length = (dx * dx + dy * dy).squareRoot()
    guard length > 0 else { return rect(a.x - w / 2, a.y - w / 2, w, w, color) }
    let transform = AffineTransform.rotation(cos: dx / length, sin: dy / length)
      .concatenating(.translation(x: a.x, y: a.y))
    let body = Rect(x: -w / 2, y: -w / 2, width: length + w, height: w)
    return .shape(ShapeItem(geometry: .rectangle(body), style: .fill, transform: transform, color: color))
  }
}
