/// The rule that decides which points a filled path covers, as in SwiftUI's `FillStyle`.
///
/// The winding number of a point counts the path's crossings of a ray from it, +1 for each
/// crossing in one direction and −1 for the other.
public enum FillRule: Sendable, Equatable {
  /// Inside where the winding number is not zero (SwiftUI's default).
  case nonZero
  /// Inside where the winding number is odd (`FillStyle(eoFill: true)`).
  case evenOdd
}
