/// Names one animatable attribute of a node: a modifier's argument (`modifier` ≥ 0) or the
/// content's own (`modifier == -1`: a color view's color, a rounded rectangle's radius).
struct AttributeKey: Hashable, Sendable {
  var node: Int32
  var modifier: Int32
  /// Which argument of the modifier (a stroke has a color and a width), or which value of a
  /// path's commands.
  var slot: Int32

  init(_ node: Int, _ modifier: Int, _ slot: Int = 0) {
    self.node = Int32(node); self.modifier = Int32(modifier); self.slot = Int32(slot)
  }
}
