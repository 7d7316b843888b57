/// A `text` node's font: a text style by name, or a size with a weight, a design and an
/// optional family, as SwiftUI's `Font.system(size:weight:design:)` and `.custom`.
public struct FontSpec: Hashable, Sendable {
  /// The text style the font was named by, if any (its size and weight are then the style's).
  public var style: TextStyle?
  /// Points; animates (the text is laid out again at each size).
  public var size: Expression
  public var weight: FontWeight
  public var design: FontDesign
  /// An installed family (fontconfig's name); nil: the design's face.
  public var family: String?
  /// Where the font is written, for the error about a family that is not installed.
  public var location: SourceLocation

  public init(
    size: Expression, weight: FontWeight = .regular, design: FontDesign = .default, family: String? = nil,
    location: SourceLocation = SourceLocation(line: 1, column: 1)
  ) {
    self.size = size; self.weight = weight; self.design = design; self.family = family; self.location = location
  }

  /// The font of a text style, at iOS's default size for it.
  public init(_ style: TextStyle, location: SourceLocation = SourceLocation(line: 1, column: 1)) {
    self.init(size: .number(style.size), weight: style.weight, location: location)
    self.style = style
  }

  /// `body`, SwiftUI's default font.
  public static let body = FontSpec(.body)
}

/// SwiftUI's text styles, with iOS's default sizes (Dynamic Type "Large").
public enum TextStyle: String, CaseIterable, Sendable {
  case largeTitle, title, title2, title3, headline, body, callout, subheadline, footnote, caption, caption2

  /// Points.
  public var size: Double {
    switch self {
    case .largeTitle: 34
    case .title: 28
    case .title2: 22
    case .title3: 20
    case .headline, .body: 17
    case .callout: 16
    case .subheadline: 15
    case .footnote: 13
    case .caption: 12
    case .caption2: 11
    }
  }

  public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// SwiftUI's `Font.Weight`, lightest first.
public enum FontWeight: String, CaseIterable, Sendable {
  case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

  /// The weight on the OpenType / CSS scale that fonts are published with: San Francisco's
  /// Ultralight is 100 and Thin 200, and so on up to Black 900.
  public var openTypeWeight: Int {
    switch self {
    case .ultraLight: 100
    case .thin: 200
    case .light: 300
    case .regular: 400
    case .medium: 500
    case .semibold: 600
    case .bold: 700
    case .heavy: 800
    case .black: 900
    }
  }
}

/// SwiftUI's `Font.Design`.
public enum FontDesign: String, CaseIterable, Sendable {
  case `default`, rounded, serif, monospaced

  /// The installed family that stands in for Apple's face of this design: Inter for San
  /// Francisco (and SF Rounded, which has no free counterpart installed by default), DejaVu
  /// Serif for New York, DejaVu Sans Mono for SF Mono.
  public var family: String {
    switch self {
    case .default, .rounded: "Inter"
    case .serif: "DejaVu Serif"
    case .monospaced: "DejaVu Sans Mono"
    }
  }
}

/// How the lines of a multiline text align (SwiftUI's `TextAlignment`).
public enum TextAlignment: String, CaseIterable, Sendable {
  case leading, center, trailing
}
