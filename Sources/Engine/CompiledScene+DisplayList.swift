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

    var table: NodeTable { scene.table }

    /// Draws node `i` if it is present (or still leaving), with its transition applied.
    mutating func drawNode(_ i: Int, _ ctx: DrawContext) {
      var ctx = ctx
      if let (ifNode, isThen) = table[i].branch {
        guard case .conditional(let flag, _, _) = table[ifNode].node.kind else { return }
        let shown = state[flag].bool == isThen
        let track = scene.presenceTracks[i]!
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
      let node = table[i].node
      switch node.modifiers[j].kind {
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
      case .opacity:
        ctx.opacity *= scene.attribute(AttributeKey(i, j), at: time).x
      case .foregroundColor(let p), .foregroundStyle(let p):
        ctx.foreground = framePaint(i, j, p)
      case .contentTransition(let t):
        ctx.contentTransition = t
      case .compositingGroup:
        var inner = Walker(scene: scene, time: time, state: state)
        inner.overrides = overrides
        var innerCtx = ctx
        innerCtx.opacity = 1
        inner.level(i, j, innerCtx)
        if !inner.items.isEmpty { items.append(.layer(items: inner.items, opacity: ctx.opacity)) }
        return
      case .clipShape, .cornerRadius, .clipped:
        // The view inside is drawn into a layer composited through the clip, which is laid
        // over the layout rect at this level and moves with the transform of what is outside.
        var inner = Walker(scene: scene, time: time, state: state)
        inner.overrides = overrides
        inner.level(i, j, ctx)
        if !inner.items.isEmpty { items.append(.layer(items: inner.items, opacity: 1, clip: clip(i, j, ctx))) }
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

    mutating func content(_ i: Int, _ ctx: DrawContext) {
      let entry = table[i]
      let node = entry.node
      switch node.kind {
      case .shape(let shape):
        let (geometry, style, paint, bounds) = shapeDrawing(i, shape, ctx)
        emit(geometry, style, paint, bounds, ctx)
      case .color:
        let r = rect(i, 0)
        emit(.rectangle(r), .fill, .color(scene.color(AttributeKey(i, -1), at: time)), r, ctx)
      case .zstack, .vstack, .hstack:
        // zIndex orders siblings; equal zIndex keeps file order.
        guard scene.sortsChildren[i] else {
          for c in entry.children { drawNode(c, ctx) }
          return
        }
        let order = entry.children.enumerated().map { (o, c) in (c, zIndex(c), o) }
          .sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.2 < $1.2 }
        for (c, _, _) in order { drawNode(c, ctx) }
      case .conditional(let flag, _, _):
        // Both branches hold the if's place in the z-order; the inserted one on top.
        let shownIndex = state[flag].bool == true ? 0 : 1
        for (n, b) in entry.children.enumerated() where n != shownIndex { drawNode(b, ctx) }
        if shownIndex < entry.children.count { drawNode(entry.children[shownIndex], ctx) }
      case .text(let text):
        drawText(i, text, ctx)
      case .empty, .spacer:
        break
      }
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
      let (color, gradient) = Self.place(paint, in: bounds, opacity: ctx.opacity)
      if let gradient {
        if !gradient.stops.contains(where: { $0.color.opacity > 0 }) { return }
      } else if color.opacity <= 0 {
        return
      }
      items.append(
        .shape(ShapeItem(geometry: geometry, style: style, transform: ctx.transform, color: color, gradient: gradient)))
    }
  }
}
