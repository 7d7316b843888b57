import RealModule
import FlipbookAnimation
import FlipbookImage
import FlipbookDisplayList
import FlipbookScene

extension CompiledScene {
  /// What a view inherits from the modifiers around it while the tree is walked from the
  /// root to the leaves.
  struct DrawContext {
    /// Local coordinates (points) to pixels.
    var transform: AffineTransform
    /// Product of the opacities since the nearest enclosing compositing group.
    var opacity: Double
    /// The innermost `foregroundColor` or `foregroundStyle` around the view.
    var foreground: FramePaint?
    /// The shadows since the nearest enclosing layer, outermost first: SwiftUI gives every
    /// drawing inside a `shadow` its own shadow (a shadowed stack shadows each child).
    var shadows: [LayerEffect] = []
    /// The innermost `contentTransition` around the view (texts crossfade by default).
    var contentTransition: ContentTransition = .opacity
  }

  /// The display list of the frame at `time`: a pure function of the scene and `time`.
  public func displayList(at time: Double) -> DisplayList {
    let k = snapshotIndex(at: time)
    var walker = Walker(scene: self, time: time, state: history[k])
    let s = scene.canvas.scale
    let ctx = DrawContext(transform: .scale(x: s, y: s), opacity: 1, foreground: nil)
    walker.drawNode(0, ctx)
    return DisplayList(
      width: pixelWidth, height: pixelHeight, background: scene.canvas.background, items: walker.items)
  }

  /// The display list of frame `i` (at t = i / fps).
  public func displayList(frame i: Int) -> DisplayList { displayList(at: time(ofFrame: i)) }

  func trackedRect(_ i: Int, _ level: Int, at time: Double) -> Rect {
    let v = rectTracks[i][level].value(at: time)
    return Rect(x: v.x, y: v.y, width: max(0, v.z), height: max(0, v.w))
  }

  func attribute(_ key: AttributeKey, at time: Double) -> AnimatableVector {
    for a in nodeAttributes[Int(key.node)] where a.modifier == key.modifier && a.slot == key.slot {
      return a.constant ?? a.track.value(at: time)
    }
    return .zero
  }

  /// ``attribute(_:at:)`` of a color attribute, as a color (converted once if it never changes).
  func color(_ key: AttributeKey, at time: Double) -> Color {
    for a in nodeAttributes[Int(key.node)] where a.modifier == key.modifier && a.slot == key.slot {
      return a.constantColor ?? ColorSpace.color(a.track.value(at: time))
    }
    return ColorSpace.color(.zero)
  }

  struct Walker {
    let scene: CompiledScene
    let time: Double
    let state: StateSnapshot
    var items: [DisplayItem] = []
    /// Rects that replace the tracked ones: members of a matched-geometry group are laid out
    /// inside the group's animated shared frame.
    var overrides: [Int: [Rect]] = [:]
    /// Scratch layout for matched-geometry members (see `applyMatchedGeometry`).
    var matchedPass: LayoutPass?

    init(scene: CompiledScene, time: Double, state: StateSnapshot) {
      self.scene = scene; self.time = time; self.state = state
    }

    func rect(_ i: Int, _ level: Int) -> Rect {
      if let o = overrides[i], level < o.count { return o[level] }
      return scene.trackedRect(i, level, at: time)
    }

    /// Lays node `i` (up to its effect's level) and its subtree out in the shared frame.
    mutating func applyMatchedGeometry(_ i: Int) {
      guard let member = scene.matchedMembers[i], let track = scene.matchedTracks[member.id] else { return }
      let v = track.value(at: time)
      let frame = Rect(x: v.x, y: v.y, width: max(0, v.z), height: max(0, v.w))
      // One pass serves every member of the frame (thousands of members must not each
      // allocate and scan a pass over the whole tree). Taken out of `matchedPass` while in
      // use, so that it is not copied.
      var pass = matchedPass ?? LayoutPass(table: table, state: state)
      matchedPass = nil
      pass.removePlacements()
      pass.place(i, member.level, frame)
      for n in pass.placed {
        guard var rects = pass.rects[n] else { continue }
        if n == i { rects = Array(rects[0...member.level]) }
        overrides[n] = rects
      }
      matchedPass = pass
    }

    /// The scene's node table, borrowed (not copied) at each use.
    var table: NodeTable {
      _read { yield scene.table }
    }

    /// Draws node `i` if it is present (or still leaving), with its transition applied.
    mutating func drawNode(_ i: Int, _ ctx: DrawContext) {
      var ctx = ctx
      if let track = scene.presenceTracks[i] {
        let shown = isShown(i)
        let progress = track.value(at: time).x
        if !shown && !(track.isAnimating(at: time) && progress != 0) { return }
        if shown && progress != 1 || !shown {
          let transition = Self.transition(of: table[i].node)
          let top = table[i].node.modifiers.count
          apply(transition, inserting: shown, progress: progress, rect: rect(i, top), to: &ctx)
        }
      }
      if scene.matchedMembers[i] != nil { applyMatchedGeometry(i) }
      level(i, table[i].node.modifiers.count, ctx)
    }

    /// The shown elements of the `forEach`s drawn so far, so that an element's check costs
    /// no scan of its data.
    var shownElements: [Int: Set<Int>] = [:]

    /// Whether an `if` branch or `forEach` element is shown by its parent at this time.
    func isShown(_ i: Int) -> Bool {
      if let (forEach, _) = table[i].element, let shown = shownElements[forEach] { return shown.contains(i) }
      return table.isShown(i, state)
    }

    static func transition(of node: Node) -> Transition {
      for m in node.modifiers.reversed() {
        if case .transition(let t) = m.kind { return t }
      }
      return .opacity
    }

    /// Applies a transition's effect at `progress` (1: identity, 0: fully active).
    func apply(_ t: Transition, inserting: Bool, progress p: Double, rect: Rect, to ctx: inout DrawContext) {
      let q = 1 - p
      func move(_ edge: Edge) {
        let d: (Double, Double)
        switch edge {
        case .top: d = (0, -rect.height)
        case .bottom: d = (0, rect.height)
        case .leading: d = (-rect.width, 0)
        case .trailing: d = (rect.width, 0)
        }
        ctx.transform = AffineTransform.translation(x: d.0 * q, y: d.1 * q).concatenating(ctx.transform)
      }
      switch t {
      case .identity:
        break
      case .opacity:
        ctx.opacity *= p
      case .scale(let s, let anchor):
        let f = s + (1 - s) * p
        let ax = rect.minX + anchor.x * rect.width, ay = rect.minY + anchor.y * rect.height
        ctx.transform = AffineTransform.translation(x: -ax, y: -ay)
          .concatenating(.scale(x: f, y: f))
          .concatenating(.translation(x: ax, y: ay))
          .concatenating(ctx.transform)
      case .slide:
        move(inserting ? .leading : .trailing)
      case .move(let e):
        move(e)
      case .push(let e):
        move(inserting ? e : Self.opposite(e))
        ctx.opacity *= p
      case .offset(let o):
        ctx.transform = AffineTransform.translation(x: o.x * q, y: o.y * q).concatenating(ctx.transform)
      case .combined(let ts):
        for x in ts { apply(x, inserting: inserting, progress: p, rect: rect, to: &ctx) }
      case .asymmetric(let ins, let rem):
        apply(inserting ? ins : rem, inserting: inserting, progress: p, rect: rect, to: &ctx)
      }
    }

    static func opposite(_ e: Edge) -> Edge {
      switch e {
      case .top: return .bottom
      case .bottom: return .top
      case .leading: return .trailing
      case .trailing: return .leading
      }
    }

    /// Draws the view formed by node `i`'s content and `modifiers[0..<level]`, walking the
    /// chain from the outside in, as SwiftUI applies `a.b.c` (c outermost).
    mutating func level(_ i: Int, _ level: Int, _ ctx: DrawContext) {
      guard level > 0 else {
        content(i, ctx)
        return
      }
      let j = level - 1
      var ctx = ctx
      switch table[i].node.modifiers[j].kind {
      case .offset:
        let v = scene.attribute(AttributeKey(i, j), at: time)
        ctx.transform = AffineTransform.translation(x: v.x, y: v.y).concatenating(ctx.transform)
      case .scaleEffect(_, let anchor):
        let v = scene.attribute(AttributeKey(i, j), at: time)
        let r = rect(i, j)
        let ax = r.minX + anchor.x * r.width, ay = r.minY + anchor.y * r.height
        ctx.transform = AffineTransform.translation(x: -ax, y: -ay)
          .concatenating(.scale(x: v.x, y: v.y))
          .concatenating(.translation(x: ax, y: ay))
          .concatenating(ctx.transform)
      case .rotationEffect(_, let anchor):
        let degrees = scene.attribute(AttributeKey(i, j), at: time).x
        let r = rect(i, j)
        let ax = r.minX + anchor.x * r.width, ay = r.minY + anchor.y * r.height
        let radians = degrees * .pi / 180
        ctx.transform = AffineTransform.translation(x: -ax, y: -ay)
          .concatenating(.rotation(cos: .cos(radians), sin: .sin(radians)))
          .concatenating(.translation(x: ax, y: ay))
          .concatenating(ctx.transform)
      case .rotation3DEffect(_, let axis, let anchor, _, _):
        // Slots: degrees, axis, anchor, anchorZ, perspective. The projection is in local
        // points; conjugated by the transform at this level, it maps the pixels the view
        // inside is drawn in (as if unprojected) onto the canvas.
        let t = ctx.transform
        guard let toLocal = Homography(t).inverted else { return }
        let r = rect(i, j)
        let radians = scene.attribute(AttributeKey(i, j, 0), at: time).x * .pi / 180
        let local = Homography.rotation3D(
          cos: .cos(radians), sin: .sin(radians), axis: (axis.x, axis.y, axis.z),
          anchor: Point(x: r.minX + anchor.x * r.width, y: r.minY + anchor.y * r.height),
          anchorZ: scene.attribute(AttributeKey(i, j, 3), at: time).x,
          perspective: scene.attribute(AttributeKey(i, j, 4), at: time).x, size: Size(width: r.width, height: r.height))
        group(i, j, ctx, opacity: nil, effect: .projection(toLocal.concatenating(local).concatenating(Homography(t))))
        return
      case .opacity:
        ctx.opacity *= scene.attribute(AttributeKey(i, j), at: time).x
      case .foregroundColor(let p), .foregroundStyle(let p):
        ctx.foreground = framePaint(i, j, p)
      case .shadow:
        // Slots: color, radius, x, y.
        let radius = scene.attribute(AttributeKey(i, j, 1), at: time).x
        let offset = ctx.transform.applyLinear(
          x: scene.attribute(AttributeKey(i, j, 2), at: time).x, y: scene.attribute(AttributeKey(i, j, 3), at: time).x)
        ctx.shadows.append(
          .shadow(
            color: scene.color(AttributeKey(i, j, 0), at: time), sigma: max(0, radius) * ctx.transform.lengthScale,
            dx: offset.x, dy: offset.y))
      case .blur(_, let opaque):
        let radius = max(0, scene.attribute(AttributeKey(i, j), at: time).x)
        group(i, j, ctx, opacity: ctx.opacity, effect: .blur(sigma: radius * ctx.transform.lengthScale, opaque: opaque))
        return
      case .contentTransition(let t):
        ctx.contentTransition = t
      case .compositingGroup:
        group(i, j, ctx, opacity: ctx.opacity)
        return
      case .brightness, .contrast, .saturation, .grayscale, .hueRotation, .colorMultiply, .colorInvert:
        group(i, j, ctx, opacity: ctx.opacity, effect: .colorMatrix(colorMatrix(i, j)))
        return
      case .blendMode(let mode):
        group(i, j, ctx, opacity: ctx.opacity, effect: .blend(mode))
        return
      case .mask:
        // The mask view, laid out as an overlay, drawn on its own: only its alpha counts.
        var maskWalker = Walker(scene: scene, time: time, state: state)
        maskWalker.overrides = overrides
        var maskCtx = ctx
        maskCtx.opacity = 1
        maskCtx.shadows = []
        if let s = table[i].secondary[j] { maskWalker.drawNode(s, maskCtx) }
        group(i, j, ctx, opacity: ctx.opacity, effect: .mask(maskWalker.items))
        return
      case .clipShape, .cornerRadius, .clipped:
        // The view inside is drawn into a layer composited through the clip, which is laid
        // over the layout rect at this level and moves with the transform of what is outside.
        group(i, j, ctx, opacity: nil, clip: clip(i, j, ctx))
        return
      case .background:
        if let s = table[i].secondary[j] { drawNode(s, ctx) }
      case .overlay:
        self.level(i, j, ctx)
        if let s = table[i].secondary[j] { drawNode(s, ctx) }
        return
      default:
        break
      }
      self.level(i, j, ctx)
    }

    /// Draws the view inside modifier `j` as one layer: composited once with `opacity` (nil:
    /// the opacity stays in the drawings inside), through `clip`, after `effect`. The shadows
    /// around it shadow the layer as a whole, not the drawings inside.
    mutating func group(
      _ i: Int, _ j: Int, _ ctx: DrawContext, opacity: Double?, clip: Clip? = nil, effect: LayerEffect? = nil
    ) {
      var inner = Walker(scene: scene, time: time, state: state)
      inner.overrides = overrides
      var innerCtx = ctx
      innerCtx.shadows = []
      if opacity != nil { innerCtx.opacity = 1 }
      inner.level(i, j, innerCtx)
      if inner.items.isEmpty { return }
      append(.layer(items: inner.items, opacity: opacity ?? 1, clip: clip, effect: effect), ctx)
    }

    /// The color effect of modifier `j` of node `i` now (SwiftUI's matrices, ColorMatrix).
    func colorMatrix(_ i: Int, _ j: Int) -> ColorMatrix {
      let v = scene.attribute(AttributeKey(i, j), at: time).x
      switch table[i].node.modifiers[j].kind {
      case .brightness: return .brightness(v)
      case .contrast: return .contrast(v)
      case .saturation: return .saturation(v)
      case .grayscale: return .grayscale(v)
      case .hueRotation:
        let radians = v * .pi / 180
        return .hueRotation(cos: .cos(radians), sin: .sin(radians))
      case .colorMultiply:
        let c = scene.color(AttributeKey(i, j), at: time)
        return .colorMultiply(red: c.red, green: c.green, blue: c.blue, opacity: c.opacity)
      default: return .colorInvert
      }
    }

    /// Appends `item` inside a layer per shadow around it, the innermost shadow first.
    mutating func append(_ item: DisplayItem, _ ctx: DrawContext) {
      var item = item
      for shadow in ctx.shadows.reversed() { item = .layer(items: [item], opacity: 1, effect: shadow) }
      items.append(item)
    }

    mutating func content(_ i: Int, _ ctx: DrawContext) {
      switch table[i].node.kind {
      case .shape(let shape):
        let (geometry, style, paint, bounds) = shapeDrawing(i, shape, ctx)
        emit(geometry, style, paint, bounds, ctx)
      case .color:
        let r = rect(i, 0)
        emit(.rectangle(r), .fill, .color(scene.color(AttributeKey(i, -1), at: time)), r, ctx)
      case .zstack, .vstack, .hstack:
        // zIndex orders siblings; equal zIndex keeps file order.
        let children = table[i].children
        guard scene.sortsChildren[i] else {
          for c in children { drawNode(c, ctx) }
          return
        }
        let order = children.enumerated().map { (o, c) in (c, zIndex(c), o) }
          .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2 }
        for (c, _, _) in order { drawNode(c, ctx) }
      case .forEach:
        drawElements(i, ctx)
      case .conditional(let condition, _, _):
        // Both branches hold the if's place in the z-order; the inserted one on top.
        let shownIndex = condition.bool(state) ? 0 : 1
        let children = table[i].children
        for (n, b) in children.enumerated() where n != shownIndex { drawNode(b, ctx) }
        if shownIndex < children.count { drawNode(children[shownIndex], ctx) }
      case .text(let text):
        drawText(i, text, ctx)
      case .image:
        drawImage(i, ctx)
      case .empty, .spacer:
        break
      }
    }

    /// Draws a `forEach`'s elements: the shown ones in the order of the data, and each one
    /// still leaving where it stood when it was removed, below the one that took its place;
    /// `zIndex` orders them first.
    mutating func drawElements(_ i: Int, _ ctx: DrawContext) {
      var order: [(node: Int, z: Double, position: Double)] = []
      let shown = table.shownElements(i, state)
      shownElements[i] = Set(shown)
      for (k, c) in shown.enumerated() { order.append((c, zIndex(c), Double(k))) }
      for c in table[i].children where !isShown(c) {
        guard let track = scene.presenceTracks[c], track.isAnimating(at: time), track.value(at: time).x != 0 else {
          continue
        }
        let index = scene.removals[c]?.last(where: { $0.time <= time })?.index ?? 0
        order.append((c, zIndex(c), Double(index) - 0.5))
      }
      order.sort { ($0.z, $0.position) < ($1.z, $1.position) }
      for o in order { drawNode(o.node, ctx) }
    }

    func zIndex(_ i: Int) -> Double {
      for m in table[i].node.modifiers.reversed() {
        if case .zIndex(let e) = m.kind { return e.number(state) }
      }
      return 0
    }

    /// Appends the shape painted with `paint`, a gradient placed in `bounds`; nothing when
    /// every color of it is transparent.
    mutating func emit(
      _ geometry: ShapeGeometry, _ style: ShapeStyle, _ paint: FramePaint, _ bounds: Rect, _ ctx: DrawContext
    ) {
      guard let (color, gradient) = Self.visible(paint, in: bounds, opacity: ctx.opacity) else { return }
      append(
        .shape(ShapeItem(geometry: geometry, style: style, transform: ctx.transform, color: color, gradient: gradient)),
        ctx)
    }

    /// `paint` placed in `bounds` at `opacity` (``place(_:in:opacity:)``); nil when every
    /// color of it is transparent, so that nothing is drawn.
    static func visible(_ paint: FramePaint, in bounds: Rect, opacity: Double) -> (Color, GradientPaint?)? {
      let (color, gradient) = place(paint, in: bounds, opacity: opacity)
      if let gradient {
        if !gradient.stops.contains(where: { $0.color.opacity > 0 }) { return nil }
      } else if color.opacity <= 0 {
        return nil
      }
      return (color, gradient)
    }

    /// Appends a text's glyphs painted with `paint`, a gradient placed in `bounds`, at
    /// `fontSize` points; nothing when every color of it is transparent. The glyphs are
    /// placed exactly when the scene asks for it (`render --exact-text`).
    mutating func emitGlyphs(
      _ glyphs: GlyphRunBuilder, fontSize: Double, _ paint: FramePaint, _ bounds: Rect, _ ctx: DrawContext
    ) {
      guard let (color, gradient) = Self.visible(paint, in: bounds, opacity: ctx.opacity) else { return }
      let run = GlyphRun(
        faces: glyphs.faces, glyphs: glyphs.glyphs, fontSize: fontSize, transform: ctx.transform, color: color,
        gradient: gradient, exactPlacement: scene.scene.exactTextPlacement)
      append(.glyphs(run), ctx)
    }
  }
}
