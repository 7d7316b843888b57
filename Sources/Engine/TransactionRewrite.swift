import FlipbookAnimation
import FlipbookScene

/// What a modifier does to the transaction that the views inside it see: SwiftUI passes each
/// update's transaction from the root down, and `animation(_:value:)`, `animation(_:body:)`
/// and `transaction(_:)` rewrite it on the way (docs/animation-semantics.md §6).
struct TransactionRewrite {
  enum Kind {
    /// Sets the animation unless the transaction disables animations; only in transactions
    /// that change `value`, when one is given (`animation(_:value:)`; without a value,
    /// `animation(_:body:)` for the modifiers of its body).
    case implicit(curve: Animation?, value: String?)
    /// Sets the animation (when not nil) and `disablesAnimations` (when not nil): a
    /// `transaction(_:)` closure.
    case set(animation: Animation??, disablesAnimations: Bool?)
  }

  var kind: Kind

  /// The animation and `disablesAnimations` below this modifier, in a transaction that
  /// changed the variables `changed`.
  func apply(_ animation: inout Animation?, _ disablesAnimations: inout Bool, changed: Set<String>) {
    switch kind {
    case .implicit(let curve, let value):
      if !disablesAnimations && (value.map { changed.contains($0) } ?? true) { animation = curve }
    case .set(let a, let d):
      if let a { animation = a }
      if let d { disablesAnimations = d }
    }
  }

  /// The rewrites of `node`'s modifiers with index > `above`, outermost (last) first, that
  /// apply at modifier `above` (-1: the node's content and children). An `animation(_:body:)`
  /// applies only to the modifiers of its body; below its body the transaction is the one
  /// from outside it, so neither it nor the rewrites inside its body apply there. For
  /// `geometry` (layout rects) no body applies: SwiftUI lays out with the transaction saved
  /// where the outermost body begins (OpenSwiftUI's `geometryTransaction()`).
  static func of(_ node: Node, above: Int, geometry: Bool = false) -> [TransactionRewrite] {
    var result: [TransactionRewrite] = []
    var i = node.modifiers.count - 1
    while i > above {
      switch node.modifiers[i].kind {
      case .animation(let curve, let value):
        result.append(TransactionRewrite(kind: .implicit(curve: curve, value: value)))
      case .transaction(let a, let d):
        result.append(TransactionRewrite(kind: .set(animation: a, disablesAnimations: d)))
      case .animationBody(let curve, let count):
        if geometry || above < i - count {
          // Outside the body: skip it whole.
          i -= count
        } else {
          result.append(TransactionRewrite(kind: .implicit(curve: curve, value: nil)))
        }
      default: break
      }
      i -= 1
    }
    return result
  }
}
