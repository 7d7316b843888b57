import FlipbookAnimation
import FlipbookImage

/// A modifier and its arguments, generic over how a value and a secondary view are held.
///
/// The scene model holds state-dependent ``Expression``s and ``Node``s (``Modifier/Kind``);
/// the Swift API holds one state's concrete values and view descriptions. One declaration
/// serves both, and ``ModifierSpec`` below gives each case its JSON key, argument slots and
/// types, so that the decoder, the encoder, the schema, the engine's animatable attributes and
/// the Swift API's recording all follow from this file. To add a modifier: a case here, its
/// ``ModifierSpec`` and its two lines in ``arguments`` and ``init(_:arguments:)``; then what
/// it does where it is drawn or laid out (Sources/Engine), its Swift spelling
/// (Sources/Flipbook/View+Modifiers.swift) and its row in docs/scene-format.md.
public enum ModifierKind<Value, Content> {
  /// SwiftUI's `fill(_:)` with a color or a gradient.
  case fill(Paint<Value>)
  /// SwiftUI's `stroke(_:style:)`, centered on the outline; a nil paint strokes with the
  /// inherited foreground style.
  case stroke(
    color: Paint<Value>?, lineWidth: Value, lineCap: StrokeCap, lineJoin: StrokeJoin, miterLimit: Value,
    dash: [Double], dashPhase: Value)
  /// SwiftUI's `strokeBorder(_:style:)`: the stroke drawn inside the outline.
  case strokeBorder(
    color: Paint<Value>?, lineWidth: Value, lineCap: StrokeCap, lineJoin: StrokeJoin, miterLimit: Value,
    dash: [Double], dashPhase: Value)
  /// SwiftUI's `trim(from:to:)`: only the part of the outline between those fractions of its
  /// length.
  case trim(from: Value, to: Value)
  /// The default paint of shapes below (SwiftUI's `foregroundColor`, which takes a gradient
  /// here too, and `foregroundStyle`).
  case foregroundColor(Paint<Value>)
  case foregroundStyle(Paint<Value>)
  /// SwiftUI's two frames in one: a fixed size (`width`, `height`; nil dimensions pass the
  /// parent's proposal through), or a flexible frame (`min…`, `ideal…`, `max…`; a max may be
  /// infinite). One dimension is either fixed or flexible, never both (``frameProblem``).
  case frame(width: Value?, height: Value?, alignment: Alignment, flexible: FlexibleFrame<Value> = .none)
  /// SwiftUI's `fixedSize(horizontal:vertical:)`: proposes nothing (the ideal size) in those
  /// dimensions.
  case fixedSize(horizontal: Bool, vertical: Bool)
  /// SwiftUI's `layoutPriority(_:)`: stacks give space to higher priorities first.
  case layoutPriority(Value)
  case padding(top: Value, leading: Value, bottom: Value, trailing: Value)
  case offset(Value)
  case position(Value)
  /// `scale` is a number (uniform) or a point (x, y).
  case scaleEffect(scale: Value, anchor: UnitPoint)
  case rotationEffect(degrees: Value, anchor: UnitPoint)
  /// SwiftUI's `rotation3DEffect(_:axis:anchor:anchorZ:perspective:)`: the drawing rotated
  /// about `axis` through (`anchor`, `anchorZ`) and projected back onto the plane with
  /// SwiftUI's perspective (m34 = −perspective / max(width, height)).
  case rotation3DEffect(degrees: Value, axis: RotationAxis, anchor: UnitPoint, anchorZ: Value, perspective: Value)
  case opacity(Value)
  case compositingGroup
  /// SwiftUI's `shadow(color:radius:x:y:)`: every drawing of the view gets a shadow of its
  /// alpha, blurred by a Gaussian of standard deviation `radius` points, offset and tinted.
  case shadow(color: Value, radius: Value, x: Value, y: Value)
  /// SwiftUI's `blur(radius:opaque:)`: the view's drawing as one layer, blurred by a Gaussian
  /// of standard deviation `radius` points.
  case blur(radius: Value, opaque: Bool)
  /// SwiftUI's color effects on the view's drawing as one layer: `brightness(_:)`,
  /// `contrast(_:)`, `saturation(_:)`, `grayscale(_:)`, `hueRotation(_:)` (degrees),
  /// `colorMultiply(_:)` and `colorInvert()`.
  case brightness(Value)
  case contrast(Value)
  case saturation(Value)
  case grayscale(Value)
  case hueRotation(Value)
  case colorMultiply(Value)
  case colorInvert
  /// SwiftUI's `blendMode(_:)`: the view's drawing as one layer, combined with what is below.
  case blendMode(BlendMode)
  /// SwiftUI's `clipShape(_:style:)`: the drawing clipped, anti-aliased, to the shape laid
  /// over the layout rect of the view the modifier wraps.
  case clipShape(ClipShape<Value>)
  /// SwiftUI's `cornerRadius(_:)`: a clip to a rounded rectangle with circular corners.
  case cornerRadius(Value)
  /// SwiftUI's `clipped()`: a clip to the layout rect, not anti-aliased.
  case clipped
  case overlay(Content, alignment: Alignment)
  case background(Content, alignment: Alignment)
  /// SwiftUI's `mask(alignment:_:)`: the view shows only where the secondary view (sized and
  /// placed as an overlay) has alpha, in proportion to it.
  case mask(Content, alignment: Alignment)
  case zIndex(Value)
  /// `animation(curve, value: $name)`; a nil curve disables animation below.
  case animation(curve: Animation?, value: String)
  /// SwiftUI's `animation(_:body:)`: the `count` modifiers just before this one are its body
  /// (written nested in JSON, flattened into the chain here, so the engine reads them like any
  /// other); they animate with `curve` whenever they change, unless the transaction disables
  /// animations, while the content below keeps the transaction from outside.
  case animationBody(curve: Animation?, count: Int)
  /// SwiftUI's `transaction(_:)` with a closure that sets the transaction's animation (when
  /// `animation` is not nil; `.some(nil)` sets none) and `disablesAnimations` (when not nil), for
  /// every change below this point.
  case transaction(animation: Animation??, disablesAnimations: Bool?)
  case transition(Transition)
  /// SwiftUI's `contentTransition(_:)`: how the texts inside animate a change of content.
  case contentTransition(ContentTransition)
  case matchedGeometryEffect(id: String, isSource: Bool)
}

/// The bounds of SwiftUI's flexible frame, `frame(minWidth:idealWidth:maxWidth:…)`; nil
/// where not given.
public struct FlexibleFrame<Value> {
  public var minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight: Value?

  public init(
    minWidth: Value? = nil, idealWidth: Value? = nil, maxWidth: Value? = nil, minHeight: Value? = nil,
    idealHeight: Value? = nil, maxHeight: Value? = nil
  ) {
    self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
    self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
  }

  /// No bound given: a fixed frame.
  public static var none: FlexibleFrame { FlexibleFrame() }

  /// Whether a bound of the width (`horizontal`) or of the height is given.
  public func constrains(horizontal: Bool) -> Bool {
    horizontal
      ? minWidth != nil || idealWidth != nil || maxWidth != nil
      : minHeight != nil || idealHeight != nil || maxHeight != nil
  }
}

extension FlexibleFrame: Equatable where Value: Equatable {}
extension FlexibleFrame: Hashable where Value: Hashable {}
extension FlexibleFrame: Sendable where Value: Sendable {}

extension ModifierKind {
  /// What is wrong with a frame that fixes a dimension and bounds it too (SwiftUI's
  /// `frame(width:)` and `frame(minWidth:…)` are two modifiers); nil when it is fine.
  public var frameProblem: String? {
    guard case .frame(let w, let h, _, let f) = self else { return nil }
    if w != nil && f.constrains(horizontal: true) {
      return
        "\"width\" cannot be combined with \"minWidth\", \"idealWidth\" or \"maxWidth\" in one frame (SwiftUI's frame(width:height:) and frame(minWidth:…) are two modifiers); use two frame modifiers"
    }
    if h != nil && f.constrains(horizontal: false) {
      return
        "\"height\" cannot be combined with \"minHeight\", \"idealHeight\" or \"maxHeight\" in one frame (SwiftUI's frame(width:height:) and frame(minHeight:…) are two modifiers); use two frame modifiers"
    }
    return nil
  }
}

extension ModifierKind: Equatable where Value: Equatable, Content: Equatable {}
extension ModifierKind: Hashable where Value: Hashable, Content: Hashable {}
extension ModifierKind: Sendable where Value: Sendable, Content: Sendable {}

// MARK: - The table

extension ModifierSpec {
  /// Every modifier, in the order the format reference lists them.
  public static let all: [ModifierSpec] = [
    ModifierSpec(
      "fill", form: .value, swift: "fill(_:)", placement: .shapeStyle,
      [ArgumentSpec("fill", .paint, role: .draws)]),
    ModifierSpec("stroke", form: .object, swift: "stroke(_:style:)", placement: .shapeStyle, strokeArguments),
    ModifierSpec(
      "strokeBorder", form: .object, swift: "strokeBorder(_:style:)", placement: .shapeStyle, strokeArguments),
    ModifierSpec(
      "trim", form: .object, swift: "trim(from:to:)", placement: .shapeModifier,
      [
        .value("from", .number, role: .draws, presence: .defaulted(.number(0))),
        .value("to", .number, role: .draws, presence: .defaulted(.number(1))),
      ]),
    ModifierSpec(
      "foregroundColor", form: .value, swift: "foregroundColor(_:)",
      [ArgumentSpec("foregroundColor", .paint, role: .draws)]),
    ModifierSpec(
      "foregroundStyle", form: .value, swift: "foregroundStyle(_:)",
      [ArgumentSpec("foregroundStyle", .paint, role: .draws)]),
    ModifierSpec(
      "frame", form: .object, swift: "frame(width:height:alignment:)",
      [
        .value("width", .number, range: .nonNegative, role: .layout, presence: .optional),
        .value("height", .number, range: .nonNegative, role: .layout, presence: .optional),
        ArgumentSpec("alignment", .alignment, presence: .defaulted(.alignment(.center))),
      ]
        + ["Width", "Height"].flatMap { axis in
          ["min", "ideal", "max"].map { bound in
            .value(
              bound + axis, .number, range: bound == "max" ? .nonNegativeOrInfinity : .nonNegative, role: .layout,
              presence: .optional)
          }
        }),
    ModifierSpec(
      "fixedSize", form: .valueOrObject(.withArgumentKey, spread: true), swift: "fixedSize(horizontal:vertical:)",
      [
        ArgumentSpec("horizontal", .bool, presence: .defaulted(.bool(true))),
        ArgumentSpec("vertical", .bool, presence: .defaulted(.bool(true))),
      ]),
    ModifierSpec(
      "layoutPriority", form: .value, swift: "layoutPriority(_:)", [.value("layoutPriority", .number, role: .layout)]),
    ModifierSpec(
      "padding", form: .valueOrObject(.unlessConditional, spread: true), swift: "padding(_:_:)",
      ["top", "leading", "bottom", "trailing"].map {
        .value($0, .number, role: .layout, presence: .defaulted(.number(0)))
      }),
    ModifierSpec(
      "offset", form: .value, swift: "offset(x:y:)",
      [.value("offset", .point, defaultComponent: 0, role: .draws)]),
    ModifierSpec(
      "position", form: .value, swift: "position(x:y:)",
      [.value("position", .point, defaultComponent: 0, role: .layout)]),
    ModifierSpec(
      "scaleEffect", form: .valueOrObject(.withArgumentKey, spread: false), swift: "scaleEffect(x:y:anchor:)",
      [
        .value("scale", .point, numberAsPoint: true, defaultComponent: 1, role: .draws),
        ArgumentSpec("anchor", .anchor, presence: .defaulted(.anchor(Alignment.center.unitPoint))),
      ]),
    ModifierSpec(
      "rotationEffect", form: .valueOrObject(.unlessConditional, spread: false), swift: "rotationEffect(_:anchor:)",
      [
        .value("degrees", .number, role: .draws),
        ArgumentSpec("anchor", .anchor, presence: .defaulted(.anchor(Alignment.center.unitPoint))),
      ]),
    ModifierSpec(
      "rotation3DEffect", form: .object, swift: "rotation3DEffect(_:axis:anchor:anchorZ:perspective:)",
      [
        .value("degrees", .number, role: .draws),
        ArgumentSpec("axis", .axis),
        ArgumentSpec("anchor", .anchor, presence: .defaulted(.anchor(Alignment.center.unitPoint))),
        .value("anchorZ", .number, role: .draws, presence: .defaulted(.number(0))),
        .value("perspective", .number, role: .draws, presence: .defaulted(.number(1))),
      ]),
    ModifierSpec(
      "opacity", form: .value, swift: "opacity(_:)",
      [.value("opacity", .number, range: .unit, role: .draws)]),
    ModifierSpec("compositingGroup", form: .flag, swift: "compositingGroup()", []),
    ModifierSpec(
      "shadow", form: .object, swift: "shadow(color:radius:x:y:)",
      [
        .value("color", .color, role: .draws, presence: .defaulted(.value(.constant(.color(shadowColor))))),
        .value("radius", .number, range: .nonNegative, role: .draws),
        .value("x", .number, role: .draws, presence: .defaulted(.number(0))),
        .value("y", .number, role: .draws, presence: .defaulted(.number(0))),
      ]),
    ModifierSpec(
      "blur", form: .valueOrObject(.unlessConditional, spread: false), swift: "blur(radius:opaque:)",
      [
        .value("radius", .number, range: .nonNegative, role: .draws),
        ArgumentSpec("opaque", .bool, presence: .defaulted(.bool(false))),
      ]),
    ModifierSpec("brightness", form: .value, swift: "brightness(_:)", [.value("brightness", .number, role: .draws)]),
    ModifierSpec("contrast", form: .value, swift: "contrast(_:)", [.value("contrast", .number, role: .draws)]),
    ModifierSpec("saturation", form: .value, swift: "saturation(_:)", [.value("saturation", .number, role: .draws)]),
    ModifierSpec("grayscale", form: .value, swift: "grayscale(_:)", [.value("grayscale", .number, role: .draws)]),
    ModifierSpec(
      "hueRotation", form: .value, swift: "hueRotation(_:)", [.value("hueRotation", .number, role: .draws)]),
    ModifierSpec(
      "colorMultiply", form: .value, swift: "colorMultiply(_:)", [.value("colorMultiply", .color, role: .draws)]),
    ModifierSpec("colorInvert", form: .flag, swift: "colorInvert()", []),
    ModifierSpec(
      "blendMode", form: .value, swift: "blendMode(_:)",
      [ArgumentSpec("blendMode", .choice(BlendMode.allCases.map(\.rawValue)))]),
    ModifierSpec("clipShape", form: .value, swift: "clipShape(_:style:)", [ArgumentSpec("shape", .clipShape)]),
    ModifierSpec(
      "cornerRadius", form: .value, swift: "cornerRadius(_:)",
      [.value("cornerRadius", .number, range: .nonNegative, role: .draws)]),
    ModifierSpec("clipped", form: .flag, swift: "clipped()", []),
    ModifierSpec(
      "overlay", form: .object, swift: "overlay(alignment:content:)",
      [ArgumentSpec("node", .node), ArgumentSpec("alignment", .alignment, presence: .defaulted(.alignment(.center)))]),
    ModifierSpec(
      "background", form: .object, swift: "background(alignment:content:)",
      [ArgumentSpec("node", .node), ArgumentSpec("alignment", .alignment, presence: .defaulted(.alignment(.center)))]),
    ModifierSpec(
      "mask", form: .object, swift: "mask(alignment:_:)",
      [ArgumentSpec("node", .node), ArgumentSpec("alignment", .alignment, presence: .defaulted(.alignment(.center)))]),
    ModifierSpec(
      "zIndex", form: .value, swift: "zIndex(_:)",
      [.value("zIndex", .number, role: .discrete)]),
    ModifierSpec(
      "animation", form: .object, swift: "animation(_:value:)", exactlyOne: ["value", "body"],
      [
        ArgumentSpec("curve", .animation), ArgumentSpec("value", .stateReference, presence: .optional),
        ArgumentSpec("body", .body, presence: .optional),
      ]),
    ModifierSpec(
      "transaction", form: .object, swift: "transaction(_:)",
      [
        ArgumentSpec("animation", .animation, presence: .optional),
        ArgumentSpec("disablesAnimations", .bool, presence: .optional),
      ]),
    ModifierSpec("transition", form: .value, swift: "transition(_:)", [ArgumentSpec("transition", .transition)]),
    ModifierSpec(
      "contentTransition", form: .value, swift: "contentTransition(_:)",
      [ArgumentSpec("contentTransition", .contentTransition)]),
    ModifierSpec(
      "matchedGeometryEffect", form: .object, swift: "matchedGeometryEffect(id:in:isSource:)",
      [ArgumentSpec("id", .string), ArgumentSpec("isSource", .bool, presence: .defaulted(.bool(true)))]),
  ]
}

extension ModifierSpec {
  /// SwiftUI's default shadow color: black at opacity 0.33.
  public static let shadowColor = Color(red: 0, green: 0, blue: 0, opacity: 0.33)

  /// `stroke` and `strokeBorder`: SwiftUI's `StrokeStyle` and a color.
  static let strokeArguments: [ArgumentSpec] = [
    ArgumentSpec("color", .paint, role: .draws, presence: .optional),
    .value("lineWidth", .number, range: .nonNegative, role: .draws, presence: .defaulted(.number(1))),
    ArgumentSpec("lineCap", .choice(StrokeCap.allCases.map(\.rawValue)), presence: .defaulted(.choice("butt"))),
    ArgumentSpec("lineJoin", .choice(StrokeJoin.allCases.map(\.rawValue)), presence: .defaulted(.choice("miter"))),
    .value("miterLimit", .number, range: .nonNegative, role: .draws, presence: .defaulted(.number(10))),
    ArgumentSpec("dash", .numbers(.nonNegative), presence: .defaulted(.numbers([]))),
    .value("dashPhase", .number, role: .draws, presence: .defaulted(.number(0))),
  ]
}

extension ModifierKind {
  /// The modifier's JSON key.
  public var name: String {
    switch self {
    case .fill: "fill"
    case .stroke: "stroke"
    case .strokeBorder: "strokeBorder"
    case .trim: "trim"
    case .foregroundColor: "foregroundColor"
    case .foregroundStyle: "foregroundStyle"
    case .frame: "frame"
    case .fixedSize: "fixedSize"
    case .layoutPriority: "layoutPriority"
    case .padding: "padding"
    case .offset: "offset"
    case .position: "position"
    case .scaleEffect: "scaleEffect"
    case .rotationEffect: "rotationEffect"
    case .rotation3DEffect: "rotation3DEffect"
    case .opacity: "opacity"
    case .compositingGroup: "compositingGroup"
    case .shadow: "shadow"
    case .blur: "blur"
    case .brightness: "brightness"
    case .contrast: "contrast"
    case .saturation: "saturation"
    case .grayscale: "grayscale"
    case .hueRotation: "hueRotation"
    case .colorMultiply: "colorMultiply"
    case .colorInvert: "colorInvert"
    case .blendMode: "blendMode"
    case .clipShape: "clipShape"
    case .cornerRadius: "cornerRadius"
    case .clipped: "clipped"
    case .overlay: "overlay"
    case .background: "background"
    case .mask: "mask"
    case .zIndex: "zIndex"
    case .animation, .animationBody: "animation"
    case .transaction: "transaction"
    case .transition: "transition"
    case .contentTransition: "contentTransition"
    case .matchedGeometryEffect: "matchedGeometryEffect"
    }
  }

  /// The modifier's entry in the table.
  public var spec: ModifierSpec { ModifierSpec.named[name]! }

  /// The arguments in the order of ``ModifierSpec/arguments``: the index of a value is its
  /// slot (an animatable attribute is named by node, modifier and slot).
  package var arguments: [ModifierArgument<Value, Content>] {
    switch self {
    case .fill(let p), .foregroundColor(let p), .foregroundStyle(let p): [.paint(p)]
    case .stroke(let c, let w, let cap, let join, let miter, let dash, let phase),
      .strokeBorder(let c, let w, let cap, let join, let miter, let dash, let phase):
      [
        .paint(c), .value(w), .choice(cap.rawValue), .choice(join.rawValue), .value(miter), .numbers(dash),
        .value(phase),
      ]
    case .trim(let from, let to): [.value(from), .value(to)]
    case .frame(let w, let h, let a, let f):
      [.value(w), .value(h), .alignment(a)]
        + [f.minWidth, f.idealWidth, f.maxWidth, f.minHeight, f.idealHeight, f.maxHeight].map { .value($0) }
    case .fixedSize(let h, let v): [.bool(h), .bool(v)]
    case .layoutPriority(let p): [.value(p)]
    case .padding(let t, let l, let b, let r): [.value(t), .value(l), .value(b), .value(r)]
    case .offset(let p), .position(let p): [.value(p)]
    case .scaleEffect(let s, let a): [.value(s), .anchor(a)]
    case .rotationEffect(let d, let a): [.value(d), .anchor(a)]
    case .rotation3DEffect(let d, let axis, let a, let z, let p):
      [.value(d), .numbers([axis.x, axis.y, axis.z]), .anchor(a), .value(z), .value(p)]
    case .opacity(let o), .zIndex(let o), .cornerRadius(let o): [.value(o)]
    case .compositingGroup, .clipped, .colorInvert: []
    case .blendMode(let m): [.choice(m.rawValue)]
    case .brightness(let v), .contrast(let v), .saturation(let v), .grayscale(let v), .hueRotation(let v),
      .colorMultiply(let v):
      [.value(v)]
    case .shadow(let c, let r, let x, let y): [.value(c), .value(r), .value(x), .value(y)]
    case .blur(let r, let opaque): [.value(r), .bool(opaque)]
    case .clipShape(let c): [.clipShape(c)]
    case .overlay(let n, let a), .background(let n, let a), .mask(let n, let a): [.content(n), .alignment(a)]
    case .animation(let c, let v): [.animation(c), .stateReference(v), .value(nil)]
    case .animationBody(let c, let n): [.animation(c), .value(nil), .body(count: n)]
    case .transaction(let a, let d): [a.map { .animation($0) } ?? .value(nil), d.map { .bool($0) } ?? .value(nil)]
    case .transition(let t): [.transition(t)]
    case .contentTransition(let t): [.contentTransition(t)]
    case .matchedGeometryEffect(let id, let s): [.string(id), .bool(s)]
    }
  }

  /// The modifier `name` with `arguments` in the table's order, or nil if they do not fit.
  package init?(_ name: String, arguments a: [ModifierArgument<Value, Content>]) {
    switch (name, a.count) {
    case ("fill", 1): guard case .paint(let p?) = a[0] else { return nil }; self = .fill(p)
    case ("stroke", 7), ("strokeBorder", 7):
      guard case .paint(let paint) = a[0], let w = a[1].required, case .choice(let capName) = a[2],
        let cap = StrokeCap(rawValue: capName),
        case .choice(let joinName) = a[3], let join = StrokeJoin(rawValue: joinName), let miter = a[4].required,
        case .numbers(let dash) = a[5], let phase = a[6].required
      else { return nil }
      self =
        name == "stroke"
        ? .stroke(
          color: paint, lineWidth: w, lineCap: cap, lineJoin: join, miterLimit: miter, dash: dash,
          dashPhase: phase)
        : .strokeBorder(
          color: paint, lineWidth: w, lineCap: cap, lineJoin: join, miterLimit: miter, dash: dash,
          dashPhase: phase)
    case ("trim", 2):
      guard let from = a[0].required, let to = a[1].required else { return nil }
      self = .trim(from: from, to: to)
    case ("foregroundColor", 1): guard case .paint(let p?) = a[0] else { return nil }; self = .foregroundColor(p)
    case ("foregroundStyle", 1): guard case .paint(let p?) = a[0] else { return nil }; self = .foregroundStyle(p)
    case ("frame", 9):
      guard case .alignment(let al) = a[2] else { return nil }
      let f = FlexibleFrame(
        minWidth: a[3].optional, idealWidth: a[4].optional, maxWidth: a[5].optional, minHeight: a[6].optional,
        idealHeight: a[7].optional, maxHeight: a[8].optional)
      self = .frame(width: a[0].optional, height: a[1].optional, alignment: al, flexible: f)
    case ("fixedSize", 2):
      guard case .bool(let h) = a[0], case .bool(let v) = a[1] else { return nil }
      self = .fixedSize(horizontal: h, vertical: v)
    case ("layoutPriority", 1): guard let p = a[0].required else { return nil }; self = .layoutPriority(p)
    case ("padding", 4):
      guard let t = a[0].required, let l = a[1].required, let b = a[2].required, let r = a[3].required else {
        return nil
      }
      self = .padding(top: t, leading: l, bottom: b, trailing: r)
    case ("offset", 1): guard let p = a[0].required else { return nil }; self = .offset(p)
    case ("position", 1): guard let p = a[0].required else { return nil }; self = .position(p)
    case ("scaleEffect", 2):
      guard let s = a[0].required, case .anchor(let an) = a[1] else { return nil }
      self = .scaleEffect(scale: s, anchor: an)
    case ("rotationEffect", 2):
      guard let d = a[0].required, case .anchor(let an) = a[1] else { return nil }
      self = .rotationEffect(degrees: d, anchor: an)
    case ("rotation3DEffect", 5):
      guard let d = a[0].required, case .numbers(let axis) = a[1], axis.count == 3, case .anchor(let an) = a[2],
        let z = a[3].required, let p = a[4].required
      else { return nil }
      self = .rotation3DEffect(
        degrees: d, axis: RotationAxis(x: axis[0], y: axis[1], z: axis[2]), anchor: an, anchorZ: z, perspective: p)
    case ("opacity", 1): guard let o = a[0].required else { return nil }; self = .opacity(o)
    case ("compositingGroup", 0): self = .compositingGroup
    case ("shadow", 4):
      guard let c = a[0].required, let r = a[1].required, let x = a[2].required, let y = a[3].required else {
        return nil
      }
      self = .shadow(color: c, radius: r, x: x, y: y)
    case ("brightness", 1): guard let v = a[0].required else { return nil }; self = .brightness(v)
    case ("contrast", 1): guard let v = a[0].required else { return nil }; self = .contrast(v)
    case ("saturation", 1): guard let v = a[0].required else { return nil }; self = .saturation(v)
    case ("grayscale", 1): guard let v = a[0].required else { return nil }; self = .grayscale(v)
    case ("hueRotation", 1): guard let v = a[0].required else { return nil }; self = .hueRotation(v)
    case ("colorMultiply", 1): guard let v = a[0].required else { return nil }; self = .colorMultiply(v)
    case ("colorInvert", 0): self = .colorInvert
    case ("blendMode", 1):
      guard case .choice(let name) = a[0], let mode = BlendMode(rawValue: name) else { return nil }
      self = .blendMode(mode)
    case ("blur", 2):
      guard let r = a[0].required, case .bool(let opaque) = a[1] else { return nil }
      self = .blur(radius: r, opaque: opaque)
    case ("clipShape", 1): guard case .clipShape(let c) = a[0] else { return nil }; self = .clipShape(c)
    case ("cornerRadius", 1): guard let r = a[0].required else { return nil }; self = .cornerRadius(r)
    case ("clipped", 0): self = .clipped
    case ("overlay", 2), ("background", 2), ("mask", 2):
      guard case .content(let n) = a[0], case .alignment(let al) = a[1] else { return nil }
      switch name {
      case "overlay": self = .overlay(n, alignment: al)
      case "background": self = .background(n, alignment: al)
      default: self = .mask(n, alignment: al)
      }
    case ("zIndex", 1): guard let z = a[0].required else { return nil }; self = .zIndex(z)
    case ("animation", 3):
      guard case .animation(let c) = a[0] else { return nil }
      switch (a[1], a[2]) {
      case (.stateReference(let v), .value(nil)): self = .animation(curve: c, value: v)
      case (.value(nil), .body(let n)): self = .animationBody(curve: c, count: n)
      default: return nil
      }
    case ("transaction", 2):
      var animation: Animation??
      switch a[0] {
      case .animation(let c): animation = .some(c)
      case .value(nil): animation = nil
      default: return nil
      }
      switch a[1] {
      case .bool(let d): self = .transaction(animation: animation, disablesAnimations: d)
      case .value(nil): self = .transaction(animation: animation, disablesAnimations: nil)
      default: return nil
      }
    case ("transition", 1): guard case .transition(let t) = a[0] else { return nil }; self = .transition(t)
    case ("contentTransition", 1):
      guard case .contentTransition(let t) = a[0] else { return nil }
      self = .contentTransition(t)
    case ("matchedGeometryEffect", 2):
      guard case .string(let id) = a[0], case .bool(let s) = a[1] else { return nil }
      self = .matchedGeometryEffect(id: id, isSource: s)
    default: return nil
    }
  }

  /// The same modifier with every value and secondary view converted: how the Swift API turns
  /// each state's values into expressions, and how the modifier's fixed structure is compared.
  package func map<V, C, E: Error>(
    value: (_ value: Value, _ slot: Int) throws(E) -> V, content: (Content) throws(E) -> C
  ) throws(E) -> ModifierKind<V, C> {
    var converted: [ModifierArgument<V, C>] = []
    for (index, argument) in arguments.enumerated() {
      converted.append(
        try argument.map(value: { v, k throws(E) in try value(v, Self.slot(argument, index, k)) }, content: content))
    }
    return ModifierKind<V, C>(name, arguments: converted)!
  }

  /// The value in `slot`: a value argument's (the argument's index), one of a clip shape's
  /// (the argument's index plus the value's index in ``ClipShape/values``), or one of a
  /// paint's (``paintSlots`` plus its index in ``Paint/values``); nil if none.
  package func value(atSlot slot: Int) -> Value? {
    for (index, argument) in arguments.enumerated() {
      switch argument {
      case .value(let v) where index == slot: return v
      case .clipShape(let c) where slot >= index && slot - index < c.values.count: return c.values[slot - index]
      case .paint(let p?) where slot >= Self.paintSlots && slot - Self.paintSlots < p.values.count:
        return p.values[slot - Self.paintSlots]
      default: continue
      }
    }
    return nil
  }

  /// The first slot of a paint's values. A modifier has at most one paint, whose values are
  /// numbered from here so that they never collide with the other arguments' slots (a
  /// stroke's paint comes first, its line width second).
  public static var paintSlots: Int { 1 << 16 }

  /// The slot of value `k` of the argument at `index`.
  static func slot(_ argument: ModifierArgument<Value, Content>, _ index: Int, _ k: Int) -> Int {
    if case .paint = argument { return paintSlots + k }
    return index + k
  }

  /// The secondary view of `overlay`, `background` and `mask`, and where it is aligned: laid
  /// out over the view's rect at the modifier.
  public var secondary: (content: Content, alignment: Alignment)? {
    switch self {
    case .overlay(let n, let a), .background(let n, let a), .mask(let n, let a): return (n, a)
    default: return nil
    }
  }

  /// The same modifier with its secondary view replaced.
  package func withSecondary(_ content: Content) -> Self {
    switch self {
    case .overlay(_, let a): return .overlay(content, alignment: a)
    case .background(_, let a): return .background(content, alignment: a)
    case .mask(_, let a): return .mask(content, alignment: a)
    default: return self
    }
  }

  /// The modifier's paint (`fill`, `foregroundColor`, `foregroundStyle`, a stroke's color).
  public var paint: Paint<Value>? {
    switch self {
    case .fill(let p), .foregroundColor(let p), .foregroundStyle(let p): return p
    case .stroke(let p, _, _, _, _, _, _), .strokeBorder(let p, _, _, _, _, _, _): return p
    default: return nil
    }
  }

  /// The fixed part of the modifier (which arguments are given, anchors, alignments, curves,
  /// ids) with every value and view left out: two states of one view must agree on it.
  package var structure: ModifierKind<ArgumentMarker, ArgumentMarker> {
    map(value: { _, _ in ArgumentMarker() }, content: { _ in ArgumentMarker() })
  }
}
