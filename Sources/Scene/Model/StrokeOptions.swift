/// SwiftUI's `CGLineCap`: how an open end of a stroke is drawn.
public enum StrokeCap: String, CaseIterable, Hashable, Sendable {
  case butt, round, square
}

/// SwiftUI's `CGLineJoin`: how a stroke turns a corner.
public enum StrokeJoin: String, CaseIterable, Hashable, Sendable {
  case miter, round, bevel
}
