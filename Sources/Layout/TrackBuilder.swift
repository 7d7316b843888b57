import FlipbookAnimation
import FlipbookDisplayList
import FlipbookScene

/// Replays the timeline once, recording every change of every attribute and layout rect
/// into animation tracks.
struct TrackBuilder {
  let scene: Scene
  let table: NodeTable
  var snapshots: [StateSnapshot] = []
  var rectTracks: [[AnimationTrack]] = []
  var attributeTracks: [AttributeKey: AnimationTrack] = [:]
  var presenceTracks: [Int: AnimationTrack] = [:]
  var matchedTracks: [String: AnimationTrack] = [:]
  var matchedMembers: [Int: (id: String, level: Int)] = [:]
  /// Group ids in the order their first member appears in the tree.
  var matchedGroups: [String] = []
  /// Attributes of each node with the state variables their values depend on.
  var attributes: [[(key: AttributeKey, expression: Expression, type: ValueType, dependencies: Set<String>)]] = []
  /// State variables that can change layout (sizes, spacing, padding, position, `if` flags).
  var layoutDependencies: Set<String> = []

  init(scene: Scene, table: NodeTable) {
    self.scene = scene
    self.table = table
  }

  func allTracks() -> [AnimationTrack] {
    rectTracks.flatMap { $0 } + Array(attributeTracks.values) + Array(presenceTracks.values)
      + Array(matchedTracks.values)
  }

  /// The source of a matched-geometry group in a layout: the first present member (in tree
  /// order) marked `isSource`, and the rect of the view its effect wraps.
  func matchedSource(_ id: String, in layout: LayoutPass) -> (node: Int, rect: Rect)? {
    for i in 0..<table.count {
      guard let m = matchedMembers[i], m.id == id, let rects = layout.rects[i] else { continue }
      if case .matchedGeometryEffect(_, true) = table[i].node.modifiers[m.level].kind {
        return (i, rects[m.level])
      }
    }
    return nil
  }

  mutating func run() {
    collectAttributes()
    var state = scene.initialState
    snapshots = [state]
    let canvas = Size(width: scene.canvas.width, height: scene.canvas.height)
    var layout = LayoutPass(table: table, state: state, canvas: canvas)

    rectTracks = (0..<table.count).map { i in
      let levels = table[i].node.modifiers.count + 1
      return (0..<levels).map { l in AnimationTrack(initial: Self.vector(layout.rects[i]?[l])) }
    }
    for attrs in attributes {
      for a in attrs {
        attributeTracks[a.key] = AnimationTrack(initial: Self.vector(a.expression.evaluate(state), a.type))
      }
    }
    for i in 0..<table.count where table[i].branch != nil {
      presenceTracks[i] = AnimationTrack(initial: layout.rects[i] != nil ? [1, 0, 0, 0] : .zero)
    }
    for id in matchedGroups {
      if let source = matchedSource(id, in: layout) {
        matchedTracks[id] = AnimationTrack(initial: Self.vector(source.rect))
      }
    }

    for (k, tx) in scene.transactions.enumerated() {
      let previous = state
      for change in tx.changes { state[change.name] = change.value }
      snapshots.append(state)
      let changed = Set(tx.changes.map(\.name).filter { previous[$0] != state[$0] })
      if changed.isEmpty { continue }
      let t = tx.time
      let oldLayout = layout
      if !layoutDependencies.isDisjoint(with: changed) {
        layout = LayoutPass(table: table, state: state, canvas: canvas)
      }
      func effective(_ i: Int, above j: Int) -> Animation? {
        var a = tx.animation
        if !tx.disablesAnimations {
          for m in table[i].chain + NodeTable.animationModifiers(table[i].node, above: j) where changed.contains(m.value) {
            a = m.curve
          }
        }
        return a
      }
      _ = k

      // Insertions and removals of `if` branches.
      for i in 0..<table.count {
        guard case .conditional(let flag, _, _) = table[i].node.kind, changed.contains(flag) else { continue }
        let animation = effective(i, above: -1)
        for b in table[i].children {
          let wasIn = oldLayout.chosenBranch(i) == b
          let isIn = layout.chosenBranch(i) == b
          guard wasIn != isIn else { continue }
          if isIn {
            presenceTracks[b]!.set(.zero, at: t, animation: nil)
            presenceTracks[b]!.set([1, 0, 0, 0], at: t, animation: animation)
          } else {
            presenceTracks[b]!.set(.zero, at: t, animation: animation)
          }
        }
      }

      // Matched geometry: the shared frame follows the current source, animated with the
      // animation that applies where the source's effect sits.
      for id in matchedGroups {
        guard let source = matchedSource(id, in: layout) else { continue }
        let v = Self.vector(source.rect)
        if matchedTracks[id] == nil {
          matchedTracks[id] = AnimationTrack(initial: v)
        } else if v != matchedTracks[id]!.finalValue {
          matchedTracks[id]!.set(v, at: t, animation: effective(source.node, above: matchedMembers[source.node]!.level))
        }
      }

      for i in 0..<table.count {
        guard let rects = layout.rects[i] else { continue }
        let inserted = oldLayout.rects[i] == nil
        for (l, r) in rects.enumerated() {
          let v = Self.vector(r)
          if inserted {
            rectTracks[i][l].set(v, at: t, animation: nil)
          } else if v != rectTracks[i][l].finalValue {
            rectTracks[i][l].set(v, at: t, animation: effective(i, above: l - 1))
          }
        }
        for a in attributes[i] where inserted || !a.dependencies.isDisjoint(with: changed) {
          let v = Self.vector(a.expression.evaluate(state), a.type)
          if inserted {
            attributeTracks[a.key]!.set(v, at: t, animation: nil)
          } else if v != attributeTracks[a.key]!.finalValue {
            attributeTracks[a.key]!.set(v, at: t, animation: effective(i, above: Int(a.key.modifier)))
          }
        }
      }
    }
  }

  static func vector(_ r: Rect?) -> AnimatableVector {
    guard let r else { return .zero }
    return AnimatableVector(r.minX, r.minY, r.width, r.height)
  }

  static func vector(_ v: StateValue, _ type: ValueType) -> AnimatableVector {
    switch v {
    case .number(let n): return type == .point ? [n, n, 0, 0] : [n, 0, 0, 0]
    case .point(let p): return [p.x, p.y, 0, 0]
    case .color(let c): return ColorSpace.vector(c)
    case .bool(let b): return [b ? 1 : 0, 0, 0, 0]
    }
  }

  mutating func collectAttributes() {
    attributes = Array(repeating: [], count: table.count)
    for i in 0..<table.count {
      let node = table[i].node
      var list: [(key: AttributeKey, expression: Expression, type: ValueType, dependencies: Set<String>)] = []
      func add(_ m: Int, _ slot: Int, _ e: Expression, _ type: ValueType) {
        list.append((AttributeKey(i, m, slot), e, type, Self.dependencies(e)))
      }
      switch node.kind {
      case .color(let c): add(-1, 0, c, .color)
      case .shape(.roundedRectangle(let r, _)):
        add(-1, 0, r, .number)
        layoutDependencies.formUnion(Self.dependencies(r))
      case .vstack(_, let s, _), .hstack(_, let s, _): layoutDependencies.formUnion(Self.dependencies(s))
      case .conditional(let flag, _, _): layoutDependencies.insert(flag)
      default: break
      }
      for (j, m) in node.modifiers.enumerated() {
        switch m.kind {
        case .fill(let c), .foregroundColor(let c): add(j, 0, c, .color)
        case .stroke(let c, let w):
          if let c { add(j, 0, c, .color) }
          add(j, 1, w, .number)
        case .offset(let p): add(j, 0, p, .point)
        case .scaleEffect(let s, _): add(j, 0, s, .point)
        case .rotationEffect(let d, _): add(j, 0, d, .number)
        case .opacity(let o): add(j, 0, o, .number)
        case .frame(let w, let h, _):
          for e in [w, h].compactMap({ $0 }) { layoutDependencies.formUnion(Self.dependencies(e)) }
        case .padding(let a, let b, let c, let d):
          for e in [a, b, c, d] { layoutDependencies.formUnion(Self.dependencies(e)) }
        case .position(let p): layoutDependencies.formUnion(Self.dependencies(p))
        case .matchedGeometryEffect(let id, _):
          if matchedMembers[i] == nil {
            matchedMembers[i] = (id, j)
            if !matchedGroups.contains(id) { matchedGroups.append(id) }
          }
        default: break
        }
      }
      attributes[i] = list
    }
  }

  static func dependencies(_ e: Expression) -> Set<String> {
    switch e {
    case .constant: return []
    case .state(let n): return [n]
    case .conditional(let f, let a, let b): return dependencies(a).union(dependencies(b)).union([f])
    case .point(let x, let y): return dependencies(x).union(dependencies(y))
    case .color(let r, let g, let b, let a):
      return dependencies(r).union(dependencies(g)).union(dependencies(b)).union(dependencies(a))
    }
  }
}
