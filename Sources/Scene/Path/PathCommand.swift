/// One command of a `path` node, whose numbers are values: a path animates point by point
/// when they change.
///
/// SVG path data (`d`) is parsed into the same commands with constant values (its arcs, which
/// may be elliptical and rotated, become cubic curves), so the engine sees one form.
public enum PathCommand: Hashable, Sendable {
  case move(to: Expression)
  case line(to: Expression)
  case quad(control: Expression, to: Expression)
  case curve(control1: Expression, control2: Expression, to: Expression)
  /// SwiftUI's `addArc(center:radius:startAngle:endAngle:clockwise:)`; angles in degrees, and
  /// `clockwise` named for a y-up space, so `true` turns counter-clockwise on screen.
  case arc(center: Expression, radius: Expression, startAngle: Expression, endAngle: Expression, clockwise: Bool)
  case close
}

/// How overlapping parts of a path are filled.
public enum FillRule: String, CaseIterable, Hashable, Sendable {
  /// Inside where the winding number is not zero (SwiftUI's default).
  case nonZero
  /// Inside where the winding number is odd.
  case evenOdd
}

/// A `path` node's geometry.
public struct PathShape: Hashable, Sendable {
  public var commands: [PathCommand]
  /// `[x, y, width, height]`: this box is stretched onto the view's layout rect; nil: the
  /// coordinates are points in the view's own space.
  public var viewBox: [Double]?
  public var fillRule: FillRule
  /// Path data as the file wrote it, kept so the encoder writes `d` back as `d`.
  public var data: String?

  public init(commands: [PathCommand], viewBox: [Double]? = nil, fillRule: FillRule = .nonZero, data: String? = nil) {
    self.commands = commands; self.viewBox = viewBox; self.fillRule = fillRule; self.data = data
  }
}

extension PathCommand {
  /// Parses SVG path data (`d`) into commands, as a `path` node's `d` is read.
  ///
  /// - Throws: ``PathDataError`` naming the offset (in UTF-8 bytes) of the bad character.
  public static func parse(svg data: String) throws(PathDataError) -> [PathCommand] {
    do {
      return try SVGPathParser.parse(data)
    } catch {
      throw PathDataError(offset: error.offset, message: error.message)
    }
  }
}

/// Malformed SVG path data: what is wrong, and where.
public struct PathDataError: Error, Equatable, Sendable {
  /// The offset of the offending character, in UTF-8 bytes from the start of the data.
  public var offset: Int
  public var message: String
}
