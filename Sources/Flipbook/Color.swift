import FlipbookScene

/// A color, and a view that fills its space with it: SwiftUI's `Color`, in sRGB.
///
/// The named colors are SwiftUI's light-mode system colors (docs/scene-format.md lists their values).
/// Components are clamped to 0…1: Flipbook has no extended-range or other color spaces.
public struct Color: Hashable, Sendable, View, PrimitiveView {
  let model: FlipbookScene.Color

  init(model: FlipbookScene.Color) { self.model = model }

  /// A color from gamma-encoded sRGB components in 0…1.
  public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
    func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
    model = FlipbookScene.Color(red: unit(red), green: unit(green), blue: unit(blue), opacity: unit(opacity))
  }

  /// A gray from its sRGB level.
  public init(white: Double, opacity: Double = 1) {
    self.init(red: white, green: white, blue: white, opacity: opacity)
  }

  public var red: Double { model.red }
  public var green: Double { model.green }
  public var blue: Double { model.blue }

  /// The same color with its opacity multiplied by `opacity`, as SwiftUI's `Color.opacity(_:)`.
  public func opacity(_ opacity: Double) -> Color {
    Color(red: model.red, green: model.green, blue: model.blue, opacity: model.opacity * opacity)
  }

  public var body: Never { primitiveBody() }
  var piece: Piece { .leaf(Leaf(kind: .color, values: [.color(model)])) }

  static func named(_ name: String) -> Color { Color(model: FlipbookScene.Color.named[name]!) }

  public static let black = named("black")
  public static let white = named("white")
  public static let gray = named("gray")
  public static let red = named("red")
  public static let orange = named("orange")
  public static let yellow = named("yellow")
  public static let green = named("green")
  public static let mint = named("mint")
  public static let teal = named("teal")
  public static let cyan = named("cyan")
  public static let blue = named("blue")
  public static let indigo = named("indigo")
  public static let purple = named("purple")
  public static let pink = named("pink")
  public static let brown = named("brown")
  public static let clear = named("clear")
  /// Light mode's primary color: black.
  public static let primary = black
}
