import FlipbookScene

/// A view that shows a line or paragraphs of text: SwiftUI's `Text`, exported as a `text`
/// node.
///
/// Its font, line limit, alignment and line spacing are set with ``font(_:)``,
/// ``lineLimit(_:)``, ``multilineTextAlignment(_:)`` and ``lineSpacing(_:)`` on the text
/// itself (the format keeps them on the node, not in an environment that reaches the texts
/// inside a stack). The string may differ from one state to another (`Text(saved ? "Saved" :
/// "Save")`), as may a number shown with ``init(_:format:)``; in an animated transaction the
/// old and new text then crossfade (or change as ``View/contentTransition(_:)`` says).
public struct Text: View, PrimitiveView {
  enum Content: Hashable {
    case literal(String)
    case number(Double, decimals: Int)
  }

  var content: Content
  var font: Font = .body
  var lineLimit: Int?
  var alignment: TextAlignment = .leading
  var spacing = 0.0

  /// A text that shows `content` as it is.
  public init(_ content: String) { self.content = .literal(content) }

  /// A text that shows `value` written by `format` (``NumberTextFormat/number`` and its
  /// `precision(.fractionLength(n))`).
  public init(_ value: Double, format: NumberTextFormat) { content = .number(value, decimals: format.decimals) }

  public var body: Never { primitiveBody() }

  /// The text in `font` (SwiftUI's `.font(_:)`; nil: `body`).
  public func font(_ font: Font?) -> Text {
    var t = self
    t.font = font ?? .body
    return t
  }

  /// At most `number` lines; the last shows "…" where text was cut off (nil: no limit).
  public func lineLimit(_ number: Int?) -> Text {
    var t = self
    t.lineLimit = number.map { max(1, $0) }
    return t
  }

  /// How the lines align with one another.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
    var t = self
    t.alignment = alignment
    return t
  }

  /// Points added between lines.
  public func lineSpacing(_ spacing: Double) -> Text {
    var t = self
    t.spacing = spacing
    return t
  }

  var piece: Piece {
    var values: [StateValue] = [.number(font.size), .number(spacing)]
    let shown: Leaf.TextContent
    switch content {
    case .literal(let s):
      shown = .string
      values.append(.string(s))
    case .number(let v, let decimals):
      shown = .number(decimals: decimals)
      values.append(.number(v))
    }
    let structure = Leaf.TextStructure(
      content: shown, style: font.style, weight: font.weight.model, design: font.design.model, family: font.family,
      lineLimit: lineLimit, alignment: alignment.model)
    return .leaf(Leaf(kind: .text(structure), values: values))
  }
}

/// How numbers are written by ``Text/init(_:format:)``: SwiftUI's spelling
/// `.number.precision(.fractionLength(n))`, with exactly n decimals. Plain `.number` writes
/// whole numbers (SwiftUI's shows up to three decimals, as needed).
public struct NumberTextFormat: Hashable, Sendable {
  var decimals = 0

  /// Whole numbers.
  public static var number: NumberTextFormat { NumberTextFormat() }

  /// The number with the precision's count of decimals.
  public func precision(_ precision: Precision) -> NumberTextFormat { NumberTextFormat(decimals: precision.decimals) }

  /// A count of decimals.
  public struct Precision: Hashable, Sendable {
    var decimals: Int
    /// Exactly `length` digits after the decimal point (0 to 15).
    public static func fractionLength(_ length: Int) -> Precision { Precision(decimals: min(max(0, length), 15)) }
  }
}

/// A font: SwiftUI's `Font`, as a text style, `system(size:weight:design:)` or `custom`.
///
/// The families that stand in for Apple's are Inter (default and rounded), DejaVu Serif and
/// DejaVu Sans Mono (docs/scene-format.md, "Text").
public struct Font: Hashable, Sendable {
  var style: FlipbookScene.TextStyle?
  var size: Double
  var weight: Weight = .regular
  var design: Design = .default
  var family: String?

  init(_ style: FlipbookScene.TextStyle) {
    self.style = style
    size = style.size
    weight = style.weight == .semibold ? .semibold : .regular
  }

  init(size: Double, weight: Weight, design: Design, family: String?) {
    self.size = size; self.weight = weight; self.design = design; self.family = family
  }

  public static let largeTitle = Font(.largeTitle)
  public static let title = Font(.title)
  public static let title2 = Font(.title2)
  public static let title3 = Font(.title3)
  public static let headline = Font(.headline)
  public static let body = Font(.body)
  public static let callout = Font(.callout)
  public static let subheadline = Font(.subheadline)
  public static let footnote = Font(.footnote)
  public static let caption = Font(.caption)
  public static let caption2 = Font(.caption2)

  /// The system font (Inter, or the design's stand-in) at `size` points.
  public static func system(size: Double, weight: Weight = .regular, design: Design = .default) -> Font {
    Font(size: size, weight: weight, design: design, family: nil)
  }

  /// An installed family by its fontconfig name, at `size` points.
  public static func custom(_ name: String, size: Double) -> Font {
    Font(size: size, weight: .regular, design: .default, family: name)
  }

  /// The same font in another weight.
  public func weight(_ weight: Weight) -> Font {
    var f = Font(size: size, weight: weight, design: design, family: family)
    if let style, style.weight.rawValue == weight.model.rawValue { f.style = style }
    return f
  }

  /// The same font in bold.
  public func bold() -> Font { self.weight(.bold) }

  /// SwiftUI's `Font.Weight`.
  public enum Weight: String, Hashable, Sendable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    var model: FontWeight { FontWeight(rawValue: rawValue)! }
  }

  /// SwiftUI's `Font.Design`.
  public enum Design: String, Hashable, Sendable {
    case `default`, rounded, serif, monospaced
    var model: FontDesign { FontDesign(rawValue: rawValue)! }
  }
}

/// How a multiline text's lines align: SwiftUI's `TextAlignment`.
public enum TextAlignment: String, Hashable, Sendable {
  case leading, center, trailing
  var model: FlipbookScene.TextAlignment { FlipbookScene.TextAlignment(rawValue: rawValue)! }
}

/// How a text's content change animates: SwiftUI's `ContentTransition`.
public struct ContentTransition: Hashable, Sendable {
  let model: FlipbookScene.ContentTransition

  /// The old and the new text crossfade (the default).
  public static let opacity = ContentTransition(model: .opacity)
  /// The new text replaces the old at once.
  public static let identity = ContentTransition(model: .identity)
  /// Crossfades, as `opacity` (SwiftUI morphs the glyphs).
  public static let interpolate = ContentTransition(model: .interpolate)

  /// Each changed digit rolls vertically while it fades: up when counting up.
  public static func numericText(countsDown: Bool = false) -> ContentTransition {
    ContentTransition(model: .numericText(countsDown: countsDown))
  }
}
