import FlipbookImage
import FlipbookDisplayList
import FlipbookScene

/// SwiftUI's layout for the scene's views, at one state snapshot: every present node
/// gets a rect (in canvas points) at each level of its modifier chain.
///
/// Level 0 is the node's content; level L is the view after `modifiers[0..<L]`. Geometry
/// effects (offset, scale, rotation) do not change layout; they are applied when drawing,
/// relative to the rect of the level they wrap.
///
/// Proposals are concrete sizes, with `.infinity` used only to probe how far a child can
/// grow (SwiftUI's stacks do the same with `nil`/`infinity` proposals).
struct LayoutPass {
  let table: NodeTable
  let state: StateSnapshot
  /// Per node: its rects by level, or nil when the node is not present in this snapshot.
  var rects: [[Rect]?]
  /// The nodes that have rects, in the order they were placed.
  private(set) var placed: [Int] = []
  private var memo: [Key: Size] = [:]

  private struct Key: Hashable {
    var node: Int
    var level: Int
    var width: Double
    var height: Double
  }

  /// A view used when nothing proposes a size (SwiftUI's default for shapes is 10×10).
  static let unspecifiedSide = 10.0
  /// A proposed length of nil in SwiftUI's terms: "your ideal size" (`fixedSize`, a flexible
  /// frame's ideal). Never a real length, so it is kept apart from every finite one.
  static let unspecified = -Double.infinity

  /// One axis of a frame: `fixed` (a fixed frame's width or height) or the flexible bounds.
  struct FrameAxis {
    var fixed, minimum, ideal, maximum: Double?

    /// What the frame proposes to its child when it is proposed `p`: the fixed length; else
    /// `p` (or, unspecified, the ideal) clamped to the bounds (Apple's documentation of
    /// `frame(minWidth:idealWidth:maxWidth:…)`).
    func proposal(_ p: Double) -> Double {
      if let fixed { return fixed }
      var q = p == LayoutPass.unspecified ? (ideal ?? p) : p
      if q != LayoutPass.unspecified {
        if let minimum { q = max(q, minimum) }
        if let maximum { q = min(q, maximum) }
      }
      return q
    }

    /// The frame's length when it is proposed `p` and its child takes `child`: the fixed
    /// length; the child's without bounds; else, as Apple documents it, the proposal clamped
    /// to the minimum when the proposal is less than the child, clamped to the maximum when
    /// it is more, and the child's otherwise (both bounds: the proposal clamped to them).
    func length(_ p: Double, _ child: Double) -> Double {
      if let fixed { return fixed }
      guard minimum != nil || maximum != nil else { return child }
      let q = p == LayoutPass.unspecified ? (ideal ?? p) : p
      var r = child
      if q == LayoutPass.unspecified {
        if let minimum { r = max(minimum, r) }
        if let maximum { r = min(maximum, r) }
        return r
      }
      if let minimum { r = max(minimum, min(r, q)) }
      if let maximum { r = min(maximum, max(r, q)) }
      return r
    }
  }

  func frameAxis(_ fixed: Expression?, _ minimum: Expression?, _ ideal: Expression?, _ maximum: Expression?)
    -> FrameAxis
  {
    func length(_ e: Expression?) -> Double? { e.map { max(0, $0.number(state)) } }
    return FrameAxis(fixed: length(fixed), minimum: length(minimum), ideal: length(ideal), maximum: length(maximum))
  }

  /// A view's `layoutPriority` (the outermost one of its chain; 0 without).
  func layoutPriority(_ i: Int) -> Double {
    for m in table[i].node.modifiers.reversed() {
      if case .layoutPriority(let e) = m.kind { return e.number(state) }
    }
    return 0
  }

  /// A pass with nothing placed yet, for laying out one subtree in a given rect.
  init(table: NodeTable, state: StateSnapshot) {
    self.table = table
    self.state = state
    rects = Array(repeating: nil, count: table.count)
  }

  init(table: NodeTable, state: StateSnapshot, canvas: Size) {
    self.init(table: table, state: state)
    let top = table[0].node.modifiers.count
    let size = finite(self.size(0, top, canvas), fallback: canvas)
    let origin = Point(x: (canvas.width - size.width) / 2, y: (canvas.height - size.height) / 2)
    place(0, top, Rect(origin: origin, size: size), proposal: canvas)
  }

  private func finite(_ s: Size, fallback: Size) -> Size {
    Size(
      width: s.width.isFinite ? s.width : fallback.width,
      height: s.height.isFinite ? s.height : fallback.height)
  }

  // MARK: Presence

  /// The branch an `if` node shows in this snapshot, if any.
  func chosenBranch(_ i: Int) -> Int? { table.chosenBranch(i, state) }

  /// The elements a `forEach` shows in this snapshot, in the order of its data.
  func shownElements(_ i: Int) -> [Int] { table.shownElements(i, state) }

  /// Whether an `if` branch or a `forEach` element is shown by its parent in this snapshot.
  func isShown(_ i: Int) -> Bool { table.isShown(i, state) }

  /// True when the node takes part in a stack: `empty` and an `if` showing nothing do not
  /// (no spacing is added for them, as for SwiftUI's EmptyView).
  func participates(_ i: Int) -> Bool {
    switch table[i].node.kind {
    case .empty: return table[i].node.modifiers.contains { Self.affectsLayout($0.kind) }
    case .conditional: return chosenBranch(i).map(participates) ?? false
    default: return true
    }
  }

  /// The views node `i` contributes to a stack: a `forEach` its shown elements (in data
  /// order, each flattened again), another node itself when it participates.
  func stackItems(_ i: Int) -> [Int] {
    if case .forEach = table[i].node.kind { return shownElements(i).flatMap(stackItems) }
    return participates(i) ? [i] : []
  }

  /// The views laid out by a container node (stack, zstack, forEach), flattened.
  func items(ofContainer i: Int) -> [Int] {
    if case .forEach = table[i].node.kind { return shownElements(i).flatMap(stackItems) }
    return table[i].children.flatMap(stackItems)
  }

  /// Whether the modifier has an argument that layout reads (`frame`, `padding`, `position`).
  static func affectsLayout(_ m: Modifier.Kind) -> Bool {
    m.spec.arguments.contains { $0.role == .layout }
  }

  func isSpacer(_ i: Int) -> Bool {
    if case .spacer = table[i].node.kind { return true }
    return false
  }

  // MARK: Sizing

  mutating func size(_ i: Int, _ level: Int, _ p: Size) -> Size {
    let key = Key(node: i, level: level, width: p.width, height: p.height)
    if let s = memo[key] { return s }
    let s = computeSize(i, level, p)
    memo[key] = s
    return s
  }

  private mutating func computeSize(_ i: Int, _ level: Int, _ p: Size) -> Size {
    let node = table[i].node
    guard level > 0 else { return contentSize(i, p) }
    switch node.modifiers[level - 1].kind {
    case .frame(let w, let h, _, let f):
      let (x, y) = (
        frameAxis(w, f.minWidth, f.idealWidth, f.maxWidth), frameAxis(h, f.minHeight, f.idealHeight, f.maxHeight)
      )
      let child = size(i, level - 1, Size(width: x.proposal(p.width), height: y.proposal(p.height)))
      return Size(width: x.length(p.width, child.width), height: y.length(p.height, child.height))
    case .fixedSize(let horizontal, let vertical):
      return size(
        i, level - 1,
        Size(width: horizontal ? Self.unspecified : p.width, height: vertical ? Self.unspecified : p.height))
    case .padding(let t, let l, let b, let r):
      let (top, leading, bottom, trailing) = (t.number(state), l.number(state), b.number(state), r.number(state))
      func inset(_ d: Double, _ by: Double) -> Double { d == Self.unspecified ? d : max(0, d - by) }
      let inner = Size(width: inset(p.width, leading + trailing), height: inset(p.height, top + bottom))
      let child = size(i, level - 1, inner)
      return Size(
        width: max(0, child.width + leading + trailing), height: max(0, child.height + top + bottom))
    case .position:
      let child = size(i, level - 1, p)
      return Size(
        width: p.width.isFinite ? p.width : child.width,
        height: p.height.isFinite ? p.height : child.height)
    default:
      return size(i, level - 1, p)
    }
  }

  private mutating func contentSize(_ i: Int, _ p: Size) -> Size {
    let entry = table[i]
    switch entry.node.kind {
    case .shape, .color:
      // With nothing proposed, SwiftUI's shapes and colors take 10 points.
      func side(_ d: Double) -> Double { d == Self.unspecified ? Self.unspecifiedSide : d }
      return Size(width: side(p.width), height: side(p.height))
    case .empty:
      return .zero
    case .text(let text):
      let layout = textLayout(i, text, p)
      return Size(width: layout.width, height: layout.height)
    case .image(let image):
      return imageSize(i, image, p)
    case .spacer(let minLength):
      let least = minLength.map { max(0, $0.number(state)) } ?? 0
      func side(_ d: Double) -> Double { d == Self.unspecified ? least : max(least, d) }
      return Size(width: side(p.width), height: side(p.height))
    case .zstack, .forEach:
      var w = 0.0, h = 0.0
      for c in items(ofContainer: i) {
        let s = size(c, table[c].node.modifiers.count, p)
        w = max(w, s.width)
        h = max(h, s.height)
      }
      return Size(width: w, height: h)
    case .vstack(_, let spacing, _):
      return stack(i, p, vertical: true, spacing: spacing.number(state)).size
    case .hstack(_, let spacing, _):
      return stack(i, p, vertical: false, spacing: spacing.number(state)).size
    case .conditional:
      guard let b = chosenBranch(i) else { return .zero }
      return size(b, table[b].node.modifiers.count, p)
    }
  }

  /// SwiftUI's stack algorithm: children are offered an equal share of what is left, the
  /// least flexible first, so fixed-size children get their size and flexible ones share
  /// the rest.
  private mutating func stack(_ i: Int, _ p: Size, vertical: Bool, spacing: Double) -> (
    size: Size, sizes: [Int: Size], proposals: [Int: Size], order: [Int]
  ) {
    let kids = items(ofContainer: i)
    let n = kids.count
    let main = vertical ? p.height : p.width
    let cross = vertical ? p.width : p.height
    func proposal(_ m: Double) -> Size {
      vertical ? Size(width: cross, height: m) : Size(width: m, height: cross)
    }
    func mainOf(_ s: Size) -> Double { vertical ? s.height : s.width }
    func crossOf(_ s: Size) -> Double { vertical ? s.width : s.height }
    let totalSpacing = spacing * Double(max(0, n - 1))
    var sizes: [Int: Size] = [:], proposals: [Int: Size] = [:]
    if !main.isFinite {
      for k in kids {
        proposals[k] = proposal(main)
        sizes[k] = size(k, table[k].node.modifiers.count, proposal(main))
      }
    } else {
      // SwiftUI's division (Apple's documentation of layoutPriority; objc.io, "How an HStack
      // lays out its children"): the highest priority first, offered what is left minus the
      // minimum of every lower priority; within one priority the least flexible first, each
      // offered an equal share of what its group has left.
      var flex: [(kid: Int, flexibility: Double, order: Int, priority: Double, minimum: Double)] = []
      for (o, k) in kids.enumerated() {
        let top = table[k].node.modifiers.count
        let lo = mainOf(size(k, top, proposal(0)))
        let hi = mainOf(size(k, top, proposal(.infinity)))
        flex.append((k, hi - lo, o, layoutPriority(k), lo))
      }
      var remaining = main - totalSpacing
      for priority in Set(flex.map(\.priority)).sorted(by: >) {
        let group = flex.filter { $0.priority == priority }.sorted {
          $0.flexibility != $1.flexibility ? $0.flexibility < $1.flexibility : $0.order < $1.order
        }
        var available = remaining - flex.filter { $0.priority < priority }.reduce(0) { $0 + $1.minimum }
        for (j, f) in group.enumerated() {
          let share = max(0, available / Double(group.count - j))
          let s = size(f.kid, table[f.kid].node.modifiers.count, proposal(share))
          sizes[f.kid] = s
          proposals[f.kid] = proposal(share)
          available -= mainOf(s)
          remaining -= mainOf(s)
        }
      }
    }
    var total = totalSpacing, maxCross = 0.0
    for k in kids {
      let s = sizes[k]!
      total += mainOf(s)
      if !isSpacer(k) { maxCross = max(maxCross, crossOf(s)) }
    }
    let size = vertical ? Size(width: maxCross, height: total) : Size(width: total, height: maxCross)
    return (size, sizes, proposals, kids)
  }

  // MARK: Placement

  private func aligned(_ child: Size, in rect: Rect, _ a: Alignment) -> Rect {
    let u = a.unitPoint
    return Rect(
      x: rect.minX + (rect.width - child.width) * u.x, y: rect.minY + (rect.height - child.height) * u.y,
      width: child.width, height: child.height)
  }

  private func finite(_ s: Size) -> Size { finite(s, fallback: .zero) }

  /// Forgets every rect placed so far (the size memo, which depends only on the state, is
  /// kept), so that one pass can lay out many subtrees in turn: the work is proportional to
  /// the nodes placed, not to the whole tree.
  mutating func removePlacements() {
    for n in placed { rects[n] = nil }
    placed.removeAll(keepingCapacity: true)
  }

  /// Gives node `i` at `level` its rect, and lays out what is inside. `proposal` is what
  /// the parent proposed when it sized the view (the rect's size when not given): a stack
  /// divides that proposal again, so that an overflowing stack places its children as it
  /// sized them, as SwiftUI's `placeSubviews` gets the proposal of `sizeThatFits`.
  mutating func place(_ i: Int, _ level: Int, _ rect: Rect, proposal: Size? = nil) {
    let node = table[i].node
    let p = proposal ?? rect.size
    if rects[i] == nil {
      rects[i] = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: node.modifiers.count + 1)
      placed.append(i)
    }
    rects[i]![level] = rect
    guard level > 0 else {
      placeContent(i, rect, p)
      return
    }
    let below = level - 1
    switch node.modifiers[below].kind {
    case .frame(let w, let h, let alignment, let f):
      let (x, y) = (
        frameAxis(w, f.minWidth, f.idealWidth, f.maxWidth), frameAxis(h, f.minHeight, f.idealHeight, f.maxHeight)
      )
      let q = Size(width: x.proposal(p.width), height: y.proposal(p.height))
      place(i, below, aligned(finite(size(i, below, q)), in: rect, alignment), proposal: q)
    case .fixedSize(let horizontal, let vertical):
      let q = Size(width: horizontal ? Self.unspecified : p.width, height: vertical ? Self.unspecified : p.height)
      place(i, below, aligned(finite(size(i, below, q)), in: rect, .center), proposal: q)
    case .padding(let t, let l, let b, let r):
      let (top, leading, bottom, trailing) = (t.number(state), l.number(state), b.number(state), r.number(state))
      let inner = Rect(
        x: rect.minX + leading, y: rect.minY + top,
        width: max(0, rect.width - leading - trailing), height: max(0, rect.height - top - bottom))
      func inset(_ d: Double, _ by: Double) -> Double { d == Self.unspecified ? d : max(0, d - by) }
      let q = Size(width: inset(p.width, leading + trailing), height: inset(p.height, top + bottom))
      place(i, below, aligned(finite(size(i, below, q)), in: inner, .center), proposal: q)
    case .position(let e):
      let point = e.point(state)
      let child = finite(size(i, below, p))
      place(
        i, below,
        Rect(
          x: rect.minX + point.x - child.width / 2, y: rect.minY + point.y - child.height / 2,
          width: child.width, height: child.height), proposal: p)
    case .overlay(_, let alignment), .background(_, let alignment), .mask(_, let alignment):
      place(i, below, rect, proposal: p)
      if let s = table[i].secondary[below] {
        let top = table[s].node.modifiers.count
        let sz = finite(size(s, top, rect.size))
        place(s, top, aligned(sz, in: rect, alignment))
      }
    default:
      place(i, below, rect, proposal: p)
    }
  }

  private mutating func placeContent(_ i: Int, _ rect: Rect, _ p: Size) {
    let entry = table[i]
    switch entry.node.kind {
    case .zstack, .forEach:
      let alignment: Alignment = if case .zstack(_, let a) = entry.node.kind { a } else { .center }
      for c in items(ofContainer: i) {
        let top = table[c].node.modifiers.count
        let s = finite(size(c, top, p))
        place(c, top, aligned(s, in: rect, alignment), proposal: p)
      }
    case .vstack(_, let spacing, let alignment), .hstack(_, let spacing, let alignment):
      let vertical: Bool
      if case .vstack = entry.node.kind { vertical = true } else { vertical = false }
      let sp = spacing.number(state)
      let (_, sizes, proposals, order) = stack(i, p, vertical: vertical, spacing: sp)
      var cursor = vertical ? rect.minY : rect.minX
      for k in order {
        let s = finite(sizes[k]!)
        let top = table[k].node.modifiers.count
        let u = alignment.unitPoint
        let r: Rect
        if vertical {
          r = Rect(x: rect.minX + (rect.width - s.width) * u.x, y: cursor, width: s.width, height: s.height)
          cursor += s.height + sp
        } else {
          r = Rect(x: cursor, y: rect.minY + (rect.height - s.height) * u.y, width: s.width, height: s.height)
          cursor += s.width + sp
        }
        place(k, top, r, proposal: proposals[k])
      }
    case .conditional:
      if let b = chosenBranch(i) {
        place(b, table[b].node.modifiers.count, rect, proposal: p)
      }
    default:
      break
    }
  }
}
