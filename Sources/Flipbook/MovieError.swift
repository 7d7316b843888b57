/// Why a ``Movie`` cannot be made from a view and a timeline: the view's structure differs
/// between states in a way SwiftUI's identity rules do not allow, a modifier is used where
/// Flipbook cannot draw it, or the timeline never ends.
public struct MovieError: Error, CustomStringConvertible, Sendable {
  public var description: String
  init(_ description: String) { self.description = description }
}
