import FlipbookScene

/// SwiftUI's `Gradient`: colors at locations along a gradient. Colors interpolate component
/// by component in gamma-encoded sRGB with straight alpha (SwiftUI's default `.device`
/// space), so a fade to ``Color/clear`` passes through darker, half-transparent colors; fade
/// to the same color at opacity 0 instead. As a shape style it draws top to bottom.
public struct Gradient: Hashable, Sendable, ShapeStyle {
  /// One color stop.
  public struct Stop: Hashable, Sendable {
    public var color: Color
    /// Where the color sits, 0…1 (the scene format requires it; stops out of order are drawn
    /// in order of location).
    public var location: Double
    public init(color: Color, location: Double) { self.color = color; self.location = location }
  }

  public var stops: [Stop]
  /// Made from colors, so recorded as evenly spaced `colors` while the locations stay so.
  private let fromColors: Bool

  /// Evenly spaced colors.
  public init(colors: [Color]) {
    stops = colors.enumerated().map { k, c in
      Stop(color: c, location: colors.count == 1 ? 0 : Double(k) / Double(colors.count - 1))
    }
    fromColors = true
  }

  public init(stops: [Stop]) {
    self.stops = stops
    fromColors = false
  }

  /// Top to bottom, as SwiftUI draws a `Gradient` used as a shape style.
  public var resolvedStyle: ResolvedShapeStyle {
    paint(.linearGradient, [.point(UnitPoint.top.model), .point(UnitPoint.bottom.model)])
  }

  /// The paint of `kind` with these stops and the geometry values.
  func paint(_ kind: GradientKind, _ geometry: [StateValue]) -> ResolvedShapeStyle {
    let even =
      fromColors
      && stops.enumerated().allSatisfy { k, s in
        s.location == (stops.count == 1 ? 0 : Double(k) / Double(stops.count - 1))
      }
    let values: [StateValue] =
      even
      ? stops.map { .color($0.color.model) } : stops.flatMap { [.color($0.color.model), .number($0.location)] }
    return ResolvedShapeStyle(
      paint: Paint(form: .gradient(kind, stops: stops.count, locations: !even), values: values + geometry))
  }
}

/// SwiftUI's `AnyGradient`, what ``Color/gradient`` returns: as a shape style, a linear
/// gradient from the top to the bottom of the shape.
public struct AnyGradient: Hashable, Sendable, ShapeStyle {
  let gradient: Gradient
  public init(_ gradient: Gradient) { self.gradient = gradient }
  public var resolvedStyle: ResolvedShapeStyle { gradient.resolvedStyle }
}

extension Color {
  /// SwiftUI's `Color.gradient`: a subtle gradient from a lighter version of the color at the
  /// top to the color itself at the bottom.
  ///
  /// SwiftUI does not document how it derives the lighter color. Renders of SwiftUI's own
  /// gradients measure its top color at about 0.15 more HSL lightness than the color, with
  /// the same hue; Flipbook uses exactly that (hue and saturation kept, lightness + 0.15 up
  /// to white, opacity kept).
  public var gradient: AnyGradient {
    AnyGradient(Gradient(colors: [lightened(by: 0.15), self]))
  }

  /// The color with `amount` more HSL lightness (at most 1), hue, saturation and opacity kept.
  func lightened(by amount: Double) -> Color {
    let r = model.red, g = model.green, b = model.blue
    let hi = max(r, g, b), lo = min(r, g, b)
    let l = (hi + lo) / 2
    let d = hi - lo
    let s = d == 0 ? 0 : d / (1 - abs(2 * l - 1))
    var h = 0.0
    if d > 0 {
      if hi == r {
        h = (g - b) / d
      } else if hi == g {
        h = (b - r) / d + 2
      } else {
        h = (r - g) / d + 4
      }
      h = (h / 6).truncatingRemainder(dividingBy: 1)
      if h < 0 { h += 1 }
    }
    let l2 = min(1, l + amount)
    // HSL back to RGB (the standard formula).
    func f(_ n: Double) -> Double {
      let k = (n + h * 12).truncatingRemainder(dividingBy: 12)
      let a = s * min(l2, 1 - l2)
      return l2 - a * max(-1, min(k - 3, 9 - k, 1))
    }
    return Color(red: f(0), green: f(8), blue: f(4), opacity: model.opacity)
  }
}

/// SwiftUI's `LinearGradient`: colors along the line from `startPoint` to `endPoint`, unit
/// points in the bounding rect of the shape it paints; the end colors continue beyond them.
/// As a view it fills its frame.
public struct LinearGradient: Hashable, Sendable, ShapeStyle, View {
  public var gradient: Gradient
  public var startPoint: UnitPoint
  public var endPoint: UnitPoint

  public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
    self.gradient = gradient; self.startPoint = startPoint; self.endPoint = endPoint
  }

  public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
  }

  public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
    self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
  }

  public var resolvedStyle: ResolvedShapeStyle {
    gradient.paint(.linearGradient, [.point(startPoint.model), .point(endPoint.model)])
  }

  public var body: some View { Rectangle().fill(self) }
}

/// SwiftUI's `RadialGradient`: colors by the distance from `center` (a unit point in the
/// shape's bounding rect), from `startRadius` to `endRadius` points; the end colors continue
/// inside and beyond. As a view it fills its frame.
public struct RadialGradient: Hashable, Sendable, ShapeStyle, View {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startRadius: Double
  public var endRadius: Double

  public init(gradient: Gradient, center: UnitPoint, startRadius: Double, endRadius: Double) {
    self.gradient = gradient; self.center = center; self.startRadius = startRadius; self.endRadius = endRadius
  }

  public init(colors: [Color], center: UnitPoint, startRadius: Double, endRadius: Double) {
    self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
  }

  public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: Double, endRadius: Double) {
    self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
  }

  public var resolvedStyle: ResolvedShapeStyle {
    gradient.paint(.radialGradient, [.point(center.model), .number(startRadius), .number(endRadius)])
  }

  public var body: some View { Rectangle().fill(self) }
}

/// SwiftUI's `AngularGradient` (a conic gradient): colors by the angle about `center` (a unit
/// point in the shape's bounding rect) from `startAngle` to `endAngle`, clockwise on screen.
/// Over more than a full turn only the last turn shows; over less, the gap takes the last
/// color up to its middle and the first color after; equal angles draw one full turn. As a
/// view it fills its frame.
public struct AngularGradient: Hashable, Sendable, ShapeStyle, View {
  public var gradient: Gradient
  public var center: UnitPoint
  public var startAngle: Angle
  public var endAngle: Angle

  public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
    self.gradient = gradient; self.center = center; self.startAngle = startAngle; self.endAngle = endAngle
  }

  public init(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
  }

  public init(stops: [Gradient.Stop], center: UnitPoint, startAngle: Angle, endAngle: Angle) {
    self.init(gradient: Gradient(stops: stops), center: center, startAngle: startAngle, endAngle: endAngle)
  }

  /// A full turn starting at `angle` (SwiftUI's conic gradient).
  public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
    self.init(
      gradient: gradient, center: center, startAngle: angle, endAngle: Angle(degrees: angle.degrees + 360))
  }

  public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(colors: colors), center: center, angle: angle)
  }

  public init(stops: [Gradient.Stop], center: UnitPoint, angle: Angle = .zero) {
    self.init(gradient: Gradient(stops: stops), center: center, angle: angle)
  }

  public var resolvedStyle: ResolvedShapeStyle {
    gradient.paint(
      .angularGradient, [.point(center.model), .number(startAngle.degrees), .number(endAngle.degrees)])
  }

  public var body: some View { Rectangle().fill(self) }
}
