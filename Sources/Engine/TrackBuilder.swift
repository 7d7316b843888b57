import FlipbookAnimation
import FlipbookImage
import FlipbookDisplayList
import FlipbookScene

/// Replays the timeline once, recording every change of every attribute and layout rect
/// into animation tracks.
struct TrackBuilder {
  let scene: Scene
  let table: NodeTable
  var history = StateHistory(initial: StateSnapshot([:]), transactions: [])
  var rectTracks: [[AnimationTrack]] = []
  var attributeTracks: [AttributeKey: AnimationTrack] = [:]
  var presenceTracks: [Int: AnimationTrack] = [:]
  var contentFades: [Int: [ContentFade]] = [:]
  /// The text nodes and their content, in table order.
  var texts: [(node: Int, content: TextContent)] = []
  var matchedTracks: [String: AnimationTrack] = [:]
  var matchedMembers: [Int: (id: String, level: Int)] = [:]
  /// Group ids in the order their first member appears in the tree.
  var matchedGroups: [String] = []
  /// The members of each matched-geometry group, in tree order.
  var matchedMembersByGroup: [String: [Int]] = [:]
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
      + Array(matchedTracks.values) + contentFades.values.flatMap { $0.map(\.progress) }
  }

  /// The source of a matched-geometry group in a layout: the first present member (in tree
  /// order) marked `isSource`, and the rect of the view its effect wraps.
  func matchedSource(_ id: String, in layout: LayoutPass) -> (node: Int, rect: Rect)? {
    for i in matchedMembersByGroup[id] ?? [] {
      guard let m = matchedMembers[i], let rects = layout.rects[i] else { continue }
      if case .matchedGeometryEffect(_, true) = table[i].node.modifiers[m.level].kind {
        return (i, rects[m.level])
      }
    }
    return nil
  }

  /// Conditional nodes by the flag that chooses their branch.
  var conditionalsByFlag: [String: [Int]] = [:]
  /// Attributes by the state variables they read, as (node, index in `attributes[node]`).
  var attributesByVariable: [String: [(node: Int, index: Int)]] = [:]
  /// Work done so far (layout nodes, attributes evaluated, animation work), bounded by
  /// ``SceneLimits/maxReplayWork`` so that a hostile timeline fails instead of running for hours.
  var work = 0

  mutating func run() throws(SceneError) {
    collectAttributes()
    try checkWorkBound()
    var state = scene.initialState
    history = StateHistory(initial: state, transactions: scene.transactions)
    let canvas = Size(width: scene.canvas.width, height: scene.canvas.height)
    var layout = LayoutPass(table: table, state: state, canvas: canvas)
    work = table.count

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
    // The transaction that last updated each attribute (flattened), so that one that reads
    // several changed variables is updated once per transaction.
    var updatedIn = attributes.map { Array(repeating: -1, count: $0.count) }

    for (k, tx) in scene.transactions.enumerated() {
      // No copy of the whole state per transaction: names are unique within one.
      var changed: Set<String> = []
      for change in tx.changes where state[change.name] != change.value {
        changed.insert(change.name)
        state[change.name] = change.value
      }
      history.didApply(k, state: state)
      try spend(1 + tx.changes.count, k, tx)
      if changed.isEmpty { continue }
      let t = tx.time
      func effective(_ i: Int, above j: Int) -> Animation? {
        var a = tx.animation
        if !tx.disablesAnimations {
          for m in table[i].chain + NodeTable.animationModifiers(table[i].node, above: j)
          where changed.contains(m.value) {
            a = m.curve
          }
        }
        return a
      }

      // Only a change to a variable that layout reads lays the tree out again; then every
      // rect, the branches of `if`s and matched geometry may change. Otherwise the work is
      // proportional to the attributes that read the changed variables.
      if !layoutDependencies.isDisjoint(with: changed) {
        let oldLayout = layout
        layout = LayoutPass(table: table, state: state, canvas: canvas)
        try spend(table.count, k, tx)

        // Insertions and removals of `if` branches.
        for flag in changed {
          for i in conditionalsByFlag[flag] ?? [] {
            let animation = effective(i, above: -1)
            for b in table[i].children {
              let wasIn = oldLayout.chosenBranch(i) == b
              let isIn = layout.chosenBranch(i) == b
              guard wasIn != isIn else { continue }
              if isIn {
                try spend(presenceTracks[b]!.set(.zero, at: t, animation: nil), k, tx)
                try spend(presenceTracks[b]!.set([1, 0, 0, 0], at: t, animation: animation), k, tx)
              } else {
                try spend(presenceTracks[b]!.set(.zero, at: t, animation: animation), k, tx)
              }
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
            try spend(
              matchedTracks[id]!.set(
                v, at: t, animation: effective(source.node, above: matchedMembers[source.node]!.level)), k, tx)
          }
        }

        let textAnimations = texts.map { effective($0.node, above: -1) }
        try recordContentChanges(from: oldLayout, to: layout, at: t, k, tx, animations: textAnimations)

        for i in 0..<table.count {
          guard let rects = layout.rects[i] else { continue }
          let inserted = oldLayout.rects[i] == nil
          for (l, r) in rects.enumerated() {
            let v = Self.vector(r)
            if inserted {
              try spend(rectTracks[i][l].set(v, at: t, animation: nil), k, tx)
            } else if v != rectTracks[i][l].finalValue {
              try spend(rectTracks[i][l].set(v, at: t, animation: effective(i, above: l - 1)), k, tx)
            }
          }
          // An inserted view shows its attributes' current values at once.
          if inserted {
            for (index, a) in attributes[i].enumerated() {
              updatedIn[i][index] = k
              try spend(
                attributeTracks[a.key]!.set(Self.vector(a.expression.evaluate(state), a.type), at: t, animation: nil),
                k, tx)
            }
          }
        }
      }

      for name in changed {
        for (i, index) in attributesByVariable[name] ?? [] where updatedIn[i][index] != k {
          updatedIn[i][index] = k
          guard layout.rects[i] != nil else { continue }
          let a = attributes[i][index]
          let v = Self.vector(a.expression.evaluate(state), a.type)
          if v != attributeTracks[a.key]!.finalValue {
            try spend(attributeTracks[a.key]!.set(v, at: t, animation: effective(i, above: Int(a.key.modifier))), k, tx)
          } else {
            try spend(1, k, tx)
          }
        }
      }
    }
  }

  /// Fails before any track is built when the replay would certainly pass the work limit,
  /// so that a hostile scene (100,000 views changed by a hundred events) costs no gigabytes.
  ///
  /// A lower bound of what ``run()`` spends, from the state changes alone: the first layout;
  /// per transaction 1 plus its changes; a new layout when it changes a variable that layout
  /// reads; and at least one for the attributes, of views outside every `if` branch (always
  /// laid out), that read the changed variable read by the most of them.
  func checkWorkBound() throws(SceneError) {
    var alwaysPresent = [Bool](repeating: true, count: table.count)
    for i in 0..<table.count {
      // Parents come before their children in the table.
      alwaysPresent[i] = table[i].branch == nil && (table[i].parent.map { alwaysPresent[$0] } ?? true)
    }
    var readers: [String: Int] = [:]
    for (name, list) in attributesByVariable {
      readers[name] = list.count { alwaysPresent[$0.node] }
    }
    var state = scene.initialState
    var bound = table.count
    for (k, tx) in scene.transactions.enumerated() {
      bound += 1 + tx.changes.count
      var mostReaders = 0
      var relayout = false
      for change in tx.changes where state[change.name] != change.value {
        state[change.name] = change.value
        mostReaders = max(mostReaders, readers[change.name] ?? 0)
        relayout = relayout || layoutDependencies.contains(change.name)
      }
      bound += mostReaders + (relayout ? table.count : 0)
      if bound > SceneLimits.maxReplayWork { throw workLimitError(k, tx) }
    }
  }

  /// Counts `units` of work for transaction `k`, and stops the replay with an error that
  /// points at the transaction once the total passes ``SceneLimits/maxReplayWork``.
  mutating func spend(_ units: Int, _ k: Int, _ tx: Transaction) throws(SceneError) {
    work += units
    guard work > SceneLimits.maxReplayWork else { return }
    throw workLimitError(k, tx)
  }

  /// The error for a replay over the work limit at transaction `k`.
  func workLimitError(_ k: Int, _ tx: Transaction) -> SceneError {
    SceneError(diagnostics: [
      Diagnostic(
        file: "scene", location: tx.location, path: tx.path,
        message:
          "replaying the timeline up to here takes more than \(SceneLimits.maxReplayWork) steps (\(table.count) view\(table.count == 1 ? "" : "s"), \(k + 1) of \(scene.transactions.count) transactions); this is beyond the renderer's limit: use fewer transactions, or fewer views and animations that they change"
      )
    ])
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
      case .shape(.path(let p)):
        // Only values that read the state get tracks; literals are drawn as they are.
        for (slot, v) in p.values.enumerated() where !Self.dependencies(v.expression).isEmpty {
          add(-1, slot, v.expression, v.type)
        }
      case .vstack(_, let s, _), .hstack(_, let s, _): layoutDependencies.formUnion(Self.dependencies(s))
      case .text(let text):
        // Size and line spacing draw (animated) and lay out; the content lays out.
        add(-1, 0, text.font.size, .number)
        add(-1, 1, text.lineSpacing, .number)
        layoutDependencies.formUnion(Self.dependencies(text.font.size))
        layoutDependencies.formUnion(Self.dependencies(text.lineSpacing))
        if case .number(let e, _) = text.content { layoutDependencies.formUnion(Self.dependencies(e)) }
        texts.append((i, text.content))
      case .conditional(let flag, _, _):
        layoutDependencies.insert(flag)
        conditionalsByFlag[flag, default: []].append(i)
      default: break
      }
      for (j, m) in node.modifiers.enumerated() {
        // Every value argument, by the role its table row gives it.
        for (slot, (argument, spec)) in zip(m.kind.arguments, m.kind.spec.arguments).enumerated() {
          if case .clipShape(let c) = argument {
            // A clip shape's numbers draw; as for a path node, only those that read the state
            // get tracks (slot: the argument's plus the value's index).
            let types = c.valueTypes
            for (k, e) in c.values.enumerated() where !Self.dependencies(e).isEmpty { add(j, slot + k, e, types[k]) }
            continue
          }
          if case .paint(let p?) = argument {
            // A paint's colors, locations, points, radii and angles draw, literals too (slot:
            // `paintSlots` plus the value's index), so a frame reads them all alike.
            let types = p.form.valueTypes
            for (k, e) in p.values.enumerated() { add(j, Modifier.Kind.paintSlots + k, e, types[k]) }
            continue
          }
          guard case .value(let e?) = argument, case .value(let type, _, _, _) = spec.type else { continue }
          switch spec.role {
          case .draws: add(j, slot, e, type)
          case .layout: layoutDependencies.formUnion(Self.dependencies(e))
          case .discrete: break
          }
        }
        if case .matchedGeometryEffect(let id, _) = m.kind, matchedMembers[i] == nil {
          matchedMembers[i] = (id, j)
          if matchedMembersByGroup[id] == nil { matchedGroups.append(id) }
          matchedMembersByGroup[id, default: []].append(i)
        }
      }
      attributes[i] = list
      for (index, a) in list.enumerated() {
        for name in a.dependencies { attributesByVariable[name, default: []].append((i, index)) }
      }
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
