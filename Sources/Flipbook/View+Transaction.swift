import FlipbookAnimation

/// A view whose modifiers `body` are applied under one transaction rewrite that they alone see:
/// SwiftUI's `animation(_:body:)`.
struct ScopedModifiers<Content: View>: View, PrimitiveView {
  let content: Content
  let curve: Animation?
  let bodyPiece: Piece
  var body: Never { primitiveBody() }

  var piece: Piece {
    // The body is a chain of modifiers on the placeholder, flattened into the chain here
    // before the modifier that holds them (JSON `{"animation": {"curve", "body"}}`).
    var layers: [ModifierValue] = []
    var p = bodyPiece
    while case .modified(let inner, let m) = p {
      layers.append(m)
      p = inner
    }
    guard case .identified(_, PlaceholderMarker.id) = p else {
      return .modified(
        content.piece,
        ModifierValue(
          .animationBody(curve: curve, count: 0),
          problem: "the body of animation(_:body:) must be modifiers applied to its content (content.opacity(…)…)"))
    }
    var result = content.piece
    for m in layers.reversed() { result = .modified(result, m) }
    return .modified(result, ModifierValue(.animationBody(curve: curve, count: layers.count)))
  }
}

extension View {
  /// Animates the modifiers of `body` with `animation` (nil: none) whenever they change,
  /// unless the transaction disables animations, while the rest of this view keeps the
  /// transaction's own animation: SwiftUI's `animation(_:body:)`.
  public func animation<V: View>(
    _ animation: Animation?, @ViewBuilder body: (PlaceholderContentView<Self>) -> V
  ) -> some View {
    ScopedModifiers(content: self, curve: animation, bodyPiece: body(PlaceholderContentView()).piece)
  }

  /// Rewrites the transaction of every change below this point: SwiftUI's `transaction(_:)`.
  ///
  /// The movie exports what `transform` sets: it may set `animation` and
  /// `disablesAnimations` to fixed values (`t.animation = .spring`), not compute them from
  /// the transaction it gets (`t.animation = t.animation?.delay(1)`), which JSON cannot say.
  public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
    // Two transactions that differ in everything show what the closure sets and what it keeps.
    var a = Transaction(animation: Self.probe(0)), b = Transaction(animation: Self.probe(1))
    b.disablesAnimations = true
    transform(&a)
    transform(&b)
    var animation: Animation??
    var disables: Bool?
    var problem: String?
    if a.animation == b.animation {
      animation = .some(a.animation)
    } else if a.animation != Self.probe(0) || b.animation != Self.probe(1) {
      problem = "a transaction(_:) closure may set the animation but not compute it from the transaction"
    }
    if a.disablesAnimations == b.disablesAnimations {
      disables = a.disablesAnimations
    } else if a.disablesAnimations || !b.disablesAnimations {
      problem = "a transaction(_:) closure may set disablesAnimations but not compute it from the transaction"
    }
    return modifier(ModifierValue(.transaction(animation: animation, disablesAnimations: disables), problem: problem))
  }

  /// Two animations no scene uses, that stand for "the transaction's animation" when a
  /// `transaction(_:)` closure is probed.
  static func probe(_ k: Int) -> Animation { .linear(duration: 0x1p-40 * Double(k + 1)) }
}
