/// How a stroke ends at the open ends of subpaths and dashes (SwiftUI's `CGLineCap`).
public enum LineCap: Sendable, Equatable {
  /// Square ends exactly at the end points.
  case butt
  /// Half discs of the line width's diameter around the end points.
  case round
  /// Square ends extended by half the line width past the end points.
  case square
}
