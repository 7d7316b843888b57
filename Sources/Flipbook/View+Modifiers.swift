import FlipbookScene
import Foundation

/// SwiftUI's modifiers, in the order docs/scene-format.md lists them. Every numeric and color argument
/// animates when it changes inside an animated transaction.
extension View {
  /// The default color of shapes below that have no `fill` or `stroke` color.
  public func foregroundColor(_ color: Color) -> some View {
    modifier(ModifierValue(.foregroundColor(color.resolvedStyle.paint)))
  }

  /// A color as the foreground style: the same as ``foregroundColor(_:)``.
  public func foregroundStyle(_ color: Color) -> some View { foregroundColor(color) }

  /// Proposes a fixed size to the view and places it in that frame by `alignment`; a nil
  /// dimension passes the parent's proposal through.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
    modifier(
      ModifierValue(
        .frame(width: width.map { .number($0) }, height: height.map { .number($0) }, alignment: alignment.model)))
  }

  /// SwiftUI's flexible frame: proposes the parent's proposal clamped to the bounds (an ideal
  /// replaces a missing proposal) and takes a size between them, as docs/scene-format.md
  /// ("Flexible layout") describes; `maxWidth: .infinity` fills the width offered.
  public func frame(
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
  ) -> some View {
    func v(_ d: Double?) -> StateValue? { d.map { .number($0) } }
    let bounds = FlexibleFrame(
      minWidth: v(minWidth), idealWidth: v(idealWidth), maxWidth: v(maxWidth), minHeight: v(minHeight),
      idealHeight: v(idealHeight), maxHeight: v(maxHeight))
    return modifier(ModifierValue(.frame(width: nil, height: nil, alignment: alignment.model, flexible: bounds)))
  }

  /// Proposes nothing in the given dimensions, so the view takes its ideal size there.
  public func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
    modifier(ModifierValue(.fixedSize(horizontal: horizontal, vertical: vertical)))
  }

  /// The order in which a stack offers this view space: higher first.
  public func layoutPriority(_ value: Double) -> some View {
    modifier(ModifierValue(.layoutPriority(.number(value))))
  }

  /// Insets the view by `length` on `edges`; a nil length is 16 points (SwiftUI's padding is
  /// adaptive, 16 on iOS).
  public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
    func side(_ edge: Edge.Set) -> StateValue { .number(edges.contains(edge) ? length ?? 16 : 0) }
    return modifier(
      ModifierValue(
        .padding(top: side(.top), leading: side(.leading), bottom: side(.bottom), trailing: side(.trailing))))
  }

  /// Insets the view by `length` on every edge.
  public func padding(_ length: Double) -> some View { padding(.all, length) }

  /// Moves the drawing by (x, y); layout is unchanged.
  public func offset(x: Double = 0, y: Double = 0) -> some View {
    modifier(ModifierValue(.offset(.point(SIMD2(x, y)))))
  }

  /// Centers the view at (x, y) in its parent's coordinates.
  public func position(x: Double = 0, y: Double = 0) -> some View {
    modifier(ModifierValue(.position(.point(SIMD2(x, y)))))
  }

  /// Scales the drawing by `scale` about `anchor` of its frame.
  public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View {
    scaleEffect(x: scale, y: scale, anchor: anchor)
  }

  /// Scales the drawing by (x, y) about `anchor` of its frame.
  public func scaleEffect(x: Double = 1, y: Double = 1, anchor: UnitPoint = .center) -> some View {
    modifier(ModifierValue(.scaleEffect(scale: .point(SIMD2(x, y)), anchor: anchor.model)))
  }

  /// Rotates the drawing by `angle` about `anchor` of its frame.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    modifier(ModifierValue(.rotationEffect(degrees: .number(angle.degrees), anchor: anchor.model)))
  }

  /// Rotates the drawing by `angle` in three dimensions about `axis` through `anchor` of its
  /// frame (lifted by `anchorZ` toward the viewer), seen with perspective: `perspective` 1
  /// puts the viewer at the frame's longer side's distance, 0 looks from infinitely far. A
  /// positive angle about `(x: 0, y: 1, z: 0)` takes the right side away from the viewer.
  public func rotation3DEffect(
    _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center, anchorZ: CGFloat = 0,
    perspective: CGFloat = 1
  ) -> some View {
    modifier(
      ModifierValue(
        .rotation3DEffect(
          degrees: .number(angle.degrees), axis: RotationAxis(x: Double(axis.x), y: Double(axis.y), z: Double(axis.z)),
          anchor: anchor.model, anchorZ: .number(Double(anchorZ)), perspective: .number(Double(perspective)))))
  }

  /// Multiplies the opacity of everything below (overlapping parts show through each other
  /// unless a ``compositingGroup()`` comes first).
  public func opacity(_ opacity: Double) -> some View {
    modifier(ModifierValue(.opacity(.number(opacity))))
  }

  /// Renders the view into a layer first, so that a later ``opacity(_:)`` applies once.
  public func compositingGroup() -> some View { modifier(ModifierValue(.compositingGroup)) }

  /// Draws a shadow below every drawing of the view: its alpha blurred by a Gaussian whose
  /// standard deviation is `radius` points, moved by (`x`, `y`) and tinted by `color`
  /// (SwiftUI's default: black at opacity 0.33). As in SwiftUI, a shadowed stack shadows each
  /// child; put ``compositingGroup()`` before the shadow to shadow the group as one.
  public func shadow(
    color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: Double, x: Double = 0, y: Double = 0
  ) -> some View {
    modifier(
      ModifierValue(.shadow(color: .color(color.model), radius: .number(radius), x: .number(x), y: .number(y))))
  }

  /// Blurs the view's drawing, as one layer, by a Gaussian whose standard deviation is
  /// `radius` points. With `opaque`, the drawing's edge pixels are repeated outward instead of
  /// fading into transparency, and nothing is drawn outside the drawing's box.
  public func blur(radius: Double, opaque: Bool = false) -> some View {
    modifier(ModifierValue(.blur(radius: .number(radius), opaque: opaque)))
  }

  /// Brightens the view's drawing by adding `amount` to each color component (as one layer).
  public func brightness(_ amount: Double) -> some View { modifier(ModifierValue(.brightness(.number(amount)))) }

  /// Scales each color component's distance from ½ by `amount` (as one layer).
  public func contrast(_ amount: Double) -> some View { modifier(ModifierValue(.contrast(.number(amount)))) }

  /// Moves each color from its luma gray by `amount`: 0 is gray, 1 unchanged (as one layer).
  public func saturation(_ amount: Double) -> some View { modifier(ModifierValue(.saturation(.number(amount)))) }

  /// Drains `amount` (0…1) of the color toward its luma gray (as one layer).
  public func grayscale(_ amount: Double) -> some View { modifier(ModifierValue(.grayscale(.number(amount)))) }

  /// Turns every hue by `angle` about the gray axis (as one layer).
  public func hueRotation(_ angle: Angle) -> some View {
    modifier(ModifierValue(.hueRotation(.number(angle.degrees))))
  }

  /// Multiplies every component, alpha too, by `color`'s (as one layer).
  public func colorMultiply(_ color: Color) -> some View {
    modifier(ModifierValue(.colorMultiply(.color(color.model))))
  }

  /// Inverts each color component (as one layer).
  public func colorInvert() -> some View { modifier(ModifierValue(.colorInvert)) }

  /// Combines the view's drawing, as one layer, with what is below it by `mode` (the W3C
  /// formulas, as Core Graphics).
  public func blendMode(_ mode: BlendMode) -> some View { modifier(ModifierValue(.blendMode(mode))) }

  /// Clips the view's drawing to `shape` laid over its frame, anti-aliased (the frame at this
  /// point of the chain: `.frame(…).clipShape(Circle())` clips to the frame; modifiers after
  /// it move the clipped result). A rounded rectangle's radius and a ``Path``'s numbers
  /// animate. `style` chooses the fill rule; its default leaves a path's own rule (non-zero,
  /// or even-odd after ``Path/evenOddFill()``). Only the built-in shapes and ``Path`` can clip
  /// (a trimmed shape cannot: making the movie then fails with a ``MovieError``).
  public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
    guard var clip = ClipShape<StateValue>(shape.piece) else {
      return modifier(
        ModifierValue(
          .clipShape(ClipShape(form: .rectangle)),
          problem:
            "\(S.self) cannot be a clip shape; clip to Circle, Ellipse, Capsule, Rectangle, RoundedRectangle or a Path"
        ))
    }
    if style.isEOFilled { clip.fillRule = .evenOdd }
    return modifier(ModifierValue(.clipShape(clip)))
  }

  /// Clips the view to a rounded rectangle over its frame with circular corners of `radius`,
  /// anti-aliased (SwiftUI's `cornerRadius(_:)`); the radius animates.
  public func cornerRadius(_ radius: Double) -> some View {
    modifier(ModifierValue(.cornerRadius(.number(radius))))
  }

  /// Clips the view to its frame, without anti-aliasing, as SwiftUI does: a pixel is kept if
  /// its center is inside the frame.
  public func clipped() -> some View { modifier(ModifierValue(.clipped)) }

  /// Draws `content` in front of the view, sized to it, placed by `alignment`.
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    modifier(ModifierValue(.overlay(content().piece, alignment: alignment.model)))
  }

  /// Draws `view` in front of this one, sized to it (SwiftUI's `overlay(_:alignment:)`).
  public func overlay<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
    modifier(ModifierValue(.overlay(view.piece, alignment: alignment.model)))
  }

  /// Draws `content` behind the view, sized to it, placed by `alignment`.
  public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
    modifier(ModifierValue(.background(content().piece, alignment: alignment.model)))
  }

  /// Draws `view` behind this one, sized to it: `.background(Color.yellow)`.
  public func background<V: View>(_ view: V, alignment: Alignment = .center) -> some View {
    modifier(ModifierValue(.background(view.piece, alignment: alignment.model)))
  }

  /// Shows the view only where `mask` (sized to the view and placed by `alignment`, as an
  /// overlay) has alpha, in proportion to it: SwiftUI's `mask(alignment:_:)`.
  public func mask<V: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> V) -> some View {
    modifier(ModifierValue(.mask(mask().piece, alignment: alignment.model)))
  }

  /// The drawing order among siblings (higher is in front).
  public func zIndex(_ value: Double) -> some View {
    modifier(ModifierValue(.zIndex(.number(value))))
  }

  /// Animates every change below this point with `animation` (nil: none) in transactions
  /// where `value` changes, unless the transaction disables animations.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modifier(ModifierValue(.animation(curve: animation, value: ""), watched: EquatableBox(value: value)))
  }

  /// How the view enters and leaves when it is the content of an `if` that flips in an
  /// animated transaction (the default is ``AnyTransition/opacity``).
  public func transition(_ transition: AnyTransition) -> some View {
    modifier(ModifierValue(.transition(transition.model)))
  }

  /// How the texts inside animate a change of their content (default: `.opacity`).
  public func contentTransition(_ transition: ContentTransition) -> some View {
    modifier(ModifierValue(.contentTransition(transition.model)))
  }

  /// Shares one animated frame among the views with the same `id` in `namespace`; the one
  /// with `isSource` (the first present, in tree order) gives the frame.
  public func matchedGeometryEffect<ID: Hashable>(id: ID, in namespace: Namespace.ID, isSource: Bool = true)
    -> some View
  {
    modifier(ModifierValue(.matchedGeometryEffect(id: "\(namespace.name)#\(id)", isSource: isSource)))
  }

  /// Names the view: its identity among stack children, and its name in messages and in
  /// exported JSON. The id must be the same in every state.
  public func id<ID: Hashable>(_ id: ID) -> some View {
    IdentifiedView(content: self, id: "\(id)")
  }
}
