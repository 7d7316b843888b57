/// A `text` node: what it shows and how its lines are laid out.
public struct TextNode: Hashable, Sendable {
  public var content: TextContent
  public var font: FontSpec
  /// At most this many lines (nil: as many as the text needs).
  public var lineLimit: Int?
  public var alignment: TextAlignment
  /// Points added between lines.
  public var lineSpacing: Expression

  public init(
    _ content: TextContent, font: FontSpec = .body, lineLimit: Int? = nil, alignment: TextAlignment = .leading,
    lineSpacing: Expression = .number(0)
  ) {
    self.content = content; self.font = font; self.lineLimit = lineLimit; self.alignment = alignment
    self.lineSpacing = lineSpacing
  }
}

/// What a text shows: a literal string, a string value, or a number written with a fixed
/// count of decimals.
public enum TextContent: Hashable, Sendable {
  case literal(String)
  /// `"$name"` of a string variable, or a `forEach` element's `"$item"` over strings.
  case string(Expression)
  /// `{"number": V, "decimals": n}`: V rounded to n decimals (half to even, as ICU's and
  /// so SwiftUI's number formats round), a minus sign only when the rounded value is below
  /// zero.
  case number(Expression, decimals: Int)

  /// The string shown in a state.
  public func string(_ state: StateSnapshot) -> String {
    switch self {
    case .literal(let s): return s
    case .string(let e): return e.evaluate(state).string ?? ""
    case .number(let e, let decimals): return Self.format(e.number(state), decimals: decimals)
    }
  }

  /// `value` with exactly `decimals` digits after the point, its binary value rounded half
  /// to even, without exponent or grouping.
  public static func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-∞" : "∞" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (abs(value) * scale).rounded(.toNearestOrEven)
    guard scaled < 1e18 else { return "\(value)" }
    var digits = String(UInt64(scaled))
    if decimals > 0 {
      if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    return (value < 0 && scaled > 0 ? "-" : "") + digits
  }
}
