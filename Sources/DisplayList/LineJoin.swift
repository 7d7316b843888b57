/// How a stroke turns the corners between the segments of a subpath (SwiftUI's `CGLineJoin`).
public enum LineJoin: Sendable, Equatable {
  /// The outer edges extended until they meet, unless that point is farther than the miter
  /// limit allows; then as `bevel`.
  case miter
  /// A circular arc of half the line width around the corner.
  case round
  /// The outer corners of the two segments joined by a straight line.
  case bevel
}
