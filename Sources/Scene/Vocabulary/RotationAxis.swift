/// The axis of a `rotation3DEffect`: SwiftUI's `(x: CGFloat, y: CGFloat, z: CGFloat)` tuple.
///
/// Only its direction matters (it is normalized when drawn); a literal in the scene, so it
/// does not animate. `[0, 1, 0]` is the vertical axis of a card flip.
public struct RotationAxis: Hashable, Sendable {
  public var x: Double, y: Double, z: Double

  public init(x: Double, y: Double, z: Double) {
    self.x = x; self.y = y; self.z = z
  }
}
