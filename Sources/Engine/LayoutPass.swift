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
    place(0, top, Rect(origin: origin, size: size))
  }

  private func finite(_ s: Size, fallback: Size) -> Size {
    Size(
      width: s.width.isFinite ? s.width : fallback.width,
      height: s.height.isFinite ? s.height : fallback.height)
  }

  // MARK: Presence

  /// The branch an `if` node shows in this snapshot, if any.
  func chosenBranch(_ i: Int) -> Int? {
    guard case .conditional(let flag, _, let otherwise) = table[i].node.kind else { return nil }
    if state[flag].bool == true { return table[i].children[0] }
    return otherwise == nil ? nil : table[i].children[1]
  }

  /// True when the node takes part in a stack: `empty` and an `if` showing nothing do not
  /// (no spacing is added for them, as for SwiftUI's EmptyView).
  func participates(_ i: Int) -> Bool {
    switch table[i].node.kind {
    case .empty: return table[i].node.modifiers.contains { Self.affectsLayout($0.kind) }
    case .conditional: return chosenBranch(i).map(participates) ?? false
    default: return true
    }
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
    case .frame(let w, let h, _):
      let fw = w.map { max(0, $0.number(state)) }, fh = h.map { max(0, $0.number(state)) }
      let child = size(i, level - 1, Size(width: fw ?? p.width, height: fh ?? p.height))
      return Size(width: fw ?? child.width, height: fh ?? child.height)
    case .padding(let t, let l, let b, let r):
      let (top, leading, bottom, trailing) = (t.number(state), l.number(state), b.number(state), r.number(state))
      let inner = Size(
        width: max(0, p.width - leading - trailing), height: max(0, p.height - top - bottom))
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
      return p
    case .empty:
      return .zero
    case .text(let text):
      let layout = textLayout(i, text, p)
      return Size(width: layout.width, height: layout.height)
    case .spacer:
      return Size(width: p.width.isFinite ? p.width : .infinity, height: p.height.isFinite ? p.height : .infinity)
    case .zstack:
      var w = 0.0, h = 0.0
      for c in entry.children where participates(c) {
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
    size: Size, sizes: [Int: Size], order: [Int]
  ) {
    let kids = table[i].children.filter(participates)
    let n = kids.count
    let main = vertical ? p.height : p.width
    let cross = vertical ? p.width : p.height
    func proposal(_ m: Double) -> Size {
      vertical ? Size(width: cross, height: m) : Size(width: m, height: cross)
    }
    func mainOf(_ s: Size) -> Double { vertical ? s.height : s.width }
    func crossOf(_ s: Size) -> Double { vertical ? s.width : s.height }
    let totalSpacing = spacing * Double(max(0, n - 1))
    var sizes: [Int: Size] = [:]
    if !main.isFinite {
      for k in kids { sizes[k] = size(k, table[k].node.modifiers.count, proposal(main)) }
    } else {
      var flex: [(kid: Int, flexibility: Double, order: Int)] = []
      for (o, k) in kids.enumerated() {
        let top = table[k].node.modifiers.count
        let lo = mainOf(size(k, top, proposal(0)))
        let hi = mainOf(size(k, top, proposal(.infinity)))
        flex.append((k, hi - lo, o))
      }
      flex.sort { $0.flexibility != $1.flexibility ? $0.flexibility < $1.flexibility : $0.order < $1.order }
      var remaining = main - totalSpacing
      for (j, f) in flex.enumerated() {
        let share = max(0, remaining / Double(n - j))
        let s = size(f.kid, table[f.kid].node.modifiers.count, proposal(share))
        sizes[f.kid] = s
        remaining -= mainOf(s)
      }
    }
    var total = totalSpacing, maxCross = 0.0
    for k in kids {
      let s = sizes[k]!
      total += mainOf(s)
      if !isSpacer(k) { maxCross = max(maxCross, crossOf(s)) }
    }
    let size = vertical ? Size(width: maxCross, height: total) : Size(width: total, height: maxCross)
    return (size, sizes, kids)
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

  mutating func place(_ i: Int, _ level: Int, _ rect: Rect) {
    let node = table[i].node
    if rects[i] == nil {
      rects[i] = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: node.modifiers.count + 1)
      placed.append(i)
    }
    rects[i]![level] = rect
    guard level > 0 else {
      placeContent(i, rect)
      return
    }
    let below = level - 1
    switch node.modifiers[below].kind {
    case .frame(let w, let h, let alignment):
      let fw = w.map { max(0, $0.number(state)) }, fh = h.map { max(0, $0.number(state)) }
      let child = finite(size(i, below, Size(width: fw ?? rect.width, height: fh ?? rect.height)))
      place(i, below, aligned(child, in: rect, alignment))
    case .padding(let t, let l, let b, let r):
      let (top, leading, bottom, trailing) = (t.number(state), l.number(state), b.number(state), r.number(state))
      let inner = Rect(
        x: rect.minX + leading, y: rect.minY + top,
        width: max(0, rect.width - leading - trailing), height: max(0, rect.height - top - bottom))
      let child = finite(size(i, below, inner.size))
      place(i, below, aligned(child, in: inner, .center))
    case .position(let e):
      let p = e.point(state)
      let child = finite(size(i, below, rect.size))
      place(
        i, below,
        Rect(
          x: rect.minX + p.x - child.width / 2, y: rect.minY + p.y - child.height / 2,
          width: child.width, height: child.height))
    case .overlay(_, let alignment), .background(_, let alignment):
      place(i, below, rect)
      if let s = table[i].secondary[below] {
        let top = table[s].node.modifiers.count
        let sz = finite(size(s, top, rect.size))
        place(s, top, aligned(sz, in: rect, alignment))
      }
    default:
      place(i, below, rect)
    }
  }

  private mutating func placeContent(_ i: Int, _ rect: Rect) {
    let entry = table[i]
    switch entry.node.kind {
    case .zstack(_, let alignment):
      for c in entry.children where participates(c) {
        let top = table[c].node.modifiers.count
        let s = finite(size(c, top, rect.size))
        place(c, top, aligned(s, in: rect, alignment))
      }
    case .vstack(_, let spacing, let alignment), .hstack(_, let spacing, let alignment):
      let vertical: Bool
      if case .vstack = entry.node.kind { vertical = true } else { vertical = false }
      let sp = spacing.number(state)
      let (_, sizes, order) = stack(i, rect.size, vertical: vertical, spacing: sp)
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
        place(k, top, r)
      }
    case .conditional:
      if let b = chosenBranch(i) {
        place(b, table[b].node.modifiers.count, rect)
      }
    default:
      break
    }
  }
}
