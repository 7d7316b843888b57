import FlipbookAnimation
import FlipbookImage
import FlipbookDisplayList
import FlipbookScene

/// Replays the timeline once, recording every change of every attribute and layout rect
/// into animation tracks.
struct TrackBuilder {
  let scene: Scene
  let table: NodeTable
  var history = StateHistory(initial: StateSnapshot([:]))
  /// The events as they happened, in order, with their times and logical completions.
  var events: [EventReport] = []
  /// While a transaction is applied: when the animations it started so far are logically
  /// complete (nil: never).
  var completion: Double? = 0
  /// Keyframes events under way, and which of them drives each variable (the latest).
  var keyframeRuns: [KeyframeRun] = []
  var keyframeOwners: [String: Int] = [:]
  /// Phases events under way: the event (by its index in the timeline), its report in
  /// `events`, and when its latest cycle began.
  var phaseRuns: [(index: Int, report: Int, cycleStart: Double)] = []
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
    state = scene.initialState
    layout = LayoutPass(
      table: table, state: state, canvas: Size(width: scene.canvas.width, height: scene.canvas.height))
  }

  /// Notes that the transaction being applied started `animation` (nil: a jump), so that its
  /// logical completion is the latest of the animations it started.
  mutating func started(_ animation: Animation?) {
    guard let animation, let time = completion else { return }
    completion = animation.logicalDuration.map { max(time, history.times.last! + $0) }
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

  /// `if` branches and `forEach` elements by the state variables that decide whether they
  /// are shown.
  var presenceByVariable: [String: [Int]] = [:]
  /// Per `forEach` element: when it was removed and its position before, so that while it
  /// leaves it is drawn where it stood in the z-order.
  var removals: [Int: [(time: Double, index: Int)]] = [:]
  /// Attributes by the state variables they read, as (node, index in `attributes[node]`).
  var attributesByVariable: [String: [(node: Int, index: Int)]] = [:]
  /// Work done so far (layout nodes, attributes evaluated, animation work), bounded by
  /// ``SceneLimits/maxReplayWork`` so that a hostile timeline fails instead of running for hours.
  var work = 0

  /// The state as the replay has reached it, and its layout.
  var state: StateSnapshot
  var layout: LayoutPass
  /// The transaction that last updated each attribute (flattened), so that one that reads
  /// several changed variables is updated once per transaction.
  var updatedIn: [[Int]] = []

  mutating func run() throws(SceneError) {
    collectAttributes()
    try checkWorkBound()
    history = StateHistory(initial: state)
    let layout = self.layout
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
    for i in 0..<table.count where table[i].branch != nil || table[i].element != nil {
      presenceTracks[i] = AnimationTrack(initial: layout.rects[i] != nil ? [1, 0, 0, 0] : .zero)
    }
    for id in matchedGroups {
      if let source = matchedSource(id, in: layout) {
        matchedTracks[id] = AnimationTrack(initial: Self.vector(source.rect))
      }
    }
    updatedIn = attributes.map { Array(repeating: -1, count: $0.count) }

    // Events with a time happen in order; one that follows another (`after`) is queued when
    // the event it follows has happened, at that event's logical completion plus its delay.
    var queue = EventQueue(scene.transactions)
    while let item = queue.next() {
      if item.step >= 0 {
        try phase(item.run, step: item.step, at: item.time, queue: &queue)
        continue
      }
      if item.run >= 0 {
        try sample(item.run, at: item.time, queue: &queue)
        continue
      }
      var tx = scene.transactions[item.index]
      tx.time = item.time
      completion = item.time
      var report = EventReport(eventPath: tx.eventPath, name: tx.name, time: item.time, logicallyComplete: nil)
      if let phases = tx.phases {
        events.append(report)
        phaseRuns.append((item.index, events.count - 1, item.time))
        // Events that follow one that never completes are errors at once.
        if phases.repeatCount == nil, let name = tx.name {
          try queue.happened(name, completion: nil, in: scene.transactions[item.index])
        }
        try phase(phaseRuns.count - 1, step: 0, at: item.time, queue: &queue)
        continue
      }
      if tx.keyframes != nil {
        let run = KeyframeRun(
          event: tx, index: item.index, state: state, workLimit: SceneLimits.maxReplayWork - work)
        try spend(1 + run.work, history.count, tx)
        keyframeRuns.append(run)
        for track in run.curves { keyframeOwners[track.name] = keyframeRuns.count - 1 }
        completion = run.end
        report.keyframes = run.report
        try sample(keyframeRuns.count - 1, at: item.time, queue: &queue, takingOver: true)
      } else {
        try apply(tx, history.count)
      }
      report.logicallyComplete = completion
      events.append(report)
      if let name = tx.name { try queue.happened(name, completion: completion, in: scene.transactions[item.index]) }
    }
  }

  /// Applies keyframes run `id` at `time`: its variables take their values there (at its start,
  /// ending whatever animation ran on the values that read them), and its next sample is
  /// queued at the next frame time, or at its end, while it runs and the scene lasts.
  mutating func sample(_ id: Int, at time: Double, queue: inout EventQueue, takingOver: Bool = false)
    throws(SceneError)
  {
    let run = keyframeRuns[id]
    // A later keyframes event on the same variable takes it over.
    let changes = run.values(at: time).filter { keyframeOwners[$0.name] == id }.map {
      (name: $0.name, value: StateValue.number($0.value))
    }
    guard !changes.isEmpty else { return }
    let tx = Transaction(
      time: time, changes: changes, animation: nil, disablesAnimations: true, path: run.event.path,
      location: run.event.location)
    try apply(tx, history.count, takingOver: takingOver ? Set(changes.map(\.name)) : [])
    guard !run.isOver(at: time) else { return }
    let fps = scene.fps
    var frame = (time * fps).rounded(.down) + 1
    while frame > 1, (frame - 1) / fps > time { frame -= 1 }
    while frame / fps <= time { frame += 1 }
    var next = frame / fps
    if let end = run.end, next > end { next = end }
    if case .seconds(let last) = scene.duration, next > last { return }
    queue.sample(id, of: run.index, at: next)
  }

  /// Applies step `step` of phases run `id` at `time`: the phase it enters (the first at steps
  /// 0, n, 2n, …) with that phase's animation, and queues the next step at this one's logical
  /// completion. After the last step, or a step that never completes, the event's animations
  /// are complete (or never); a cycle that took no time (every phase equal, or none animated)
  /// ends the event at once, since it would only repeat itself.
  mutating func phase(_ id: Int, step: Int, at time: Double, queue: inout EventQueue) throws(SceneError) {
    let run = phaseRuns[id]
    let event = scene.transactions[run.index]
    let phases = event.phases!
    let n = phases.steps.count
    let p = phases.steps[step % n]
    let tx = Transaction(
      time: time, changes: p.changes, animation: p.animation, disablesAnimations: p.disablesAnimations,
      path: "\(event.path).phases[\(step % n)]", location: event.location)
    completion = time
    try apply(tx, history.count)
    let done = completion
    events[run.report].phases.append(PhaseStepReport(time: time, phase: step % n))
    var last = phases.stepCount.map { step + 1 >= $0 } ?? false
    if step > 0 && step % n == 0 {
      last = last || run.cycleStart == time
      phaseRuns[id].cycleStart = time
    }
    guard !last, let done else {
      events[run.report].logicallyComplete = done
      if let name = event.name, phases.repeatCount != nil {
        try queue.happened(name, completion: done, in: event)
      }
      return
    }
    if case .seconds(let end) = scene.duration, done > end { return }
    queue.phase(id, step: step + 1, of: run.index, at: done)
  }

  var canvas: Size { Size(width: scene.canvas.width, height: scene.canvas.height) }

  /// Applies transaction `k` (in replay order) at its time: every value it changes is
  /// recorded into its track, with the animation that applies there.
  /// `takingOver` are variables a keyframes event takes over: animations on the values that
  /// read them end, even where the value does not change.
  mutating func apply(_ tx: Transaction, _ k: Int, takingOver: Set<String> = []) throws(SceneError) {
    // No copy of the whole state per transaction: names are unique within one.
    var changed = takingOver
    for change in tx.changes where state[change.name] != change.value {
      changed.insert(change.name)
      state[change.name] = change.value
    }
    history.didApply(tx, state: state)
    try spend(1 + tx.changes.count, k, tx)
    if changed.isEmpty { return }
    let t = tx.time
    func effective(_ i: Int, above j: Int, geometry: Bool = false) -> Animation? {
      var (a, disables) = (tx.animation, tx.disablesAnimations)
      for r in table[i].chain + TransactionRewrite.of(table[i].node, above: j, geometry: geometry) {
        r.apply(&a, &disables, changed: changed)
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

      // Insertions and removals of `if` branches and `forEach` elements.
      // A forEach's shown elements are found once per transaction, not once per element.
      var seen: Set<Int> = []
      var shownBefore: [Int: [Int: Int]] = [:], shownAfter: [Int: Set<Int>] = [:]
      for name in changed {
        for b in presenceByVariable[name] ?? [] where seen.insert(b).inserted {
          let wasIn: Bool, isIn: Bool
          var oldPosition = -1
          if let (f, _) = table[b].element {
            if shownBefore[f] == nil {
              let before = table.shownElements(f, oldLayout.state)
              shownBefore[f] = Dictionary(uniqueKeysWithValues: before.enumerated().map { ($1, $0) })
              shownAfter[f] = Set(table.shownElements(f, state))
            }
            oldPosition = shownBefore[f]![b] ?? -1
            (wasIn, isIn) = (oldPosition >= 0, shownAfter[f]!.contains(b))
          } else {
            (wasIn, isIn) = (oldLayout.isShown(b), layout.isShown(b))
          }
          guard wasIn != isIn else { continue }
          let parent = table[b].branch?.ifNode ?? table[b].element!.forEachNode
          let animation = effective(parent, above: -1)
          started(animation)
          if isIn {
            try spend(presenceTracks[b]!.set(.zero, at: t, animation: nil), k, tx)
            try spend(presenceTracks[b]!.set([1, 0, 0, 0], at: t, animation: animation), k, tx)
          } else {
            removals[b, default: []].append((t, oldPosition))
            try spend(presenceTracks[b]!.set(.zero, at: t, animation: animation), k, tx)
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
          let animation = effective(source.node, above: matchedMembers[source.node]!.level, geometry: true)
          started(animation)
          try spend(matchedTracks[id]!.set(v, at: t, animation: animation), k, tx)
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
            let animation = effective(i, above: l - 1, geometry: true)
            started(animation)
            try spend(rectTracks[i][l].set(v, at: t, animation: animation), k, tx)
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
          let animation = effective(i, above: Int(a.key.modifier))
          started(animation)
          try spend(attributeTracks[a.key]!.set(v, at: t, animation: animation), k, tx)
        } else if !takingOver.isDisjoint(with: a.dependencies) {
          try spend(attributeTracks[a.key]!.stop(at: t), k, tx)
        } else {
          try spend(1, k, tx)
        }
      }
    }
  }

  /// Fails before any track is built when the replay would certainly pass the work limit,
  /// so that a hostile scene (100,000 views changed by a hundred events) costs no gigabytes.
  ///
  /// A lower bound of what ``run()`` spends, from the state changes alone: the first layout;
  /// per transaction 1 plus its changes; a new layout when it changes a variable that layout
  /// reads; and at least one for the attributes, of views outside every `if` branch and
  /// `forEach` element (always laid out), that read the changed variable read by the most of
  /// them.
  func checkWorkBound() throws(SceneError) {
    var alwaysPresent = [Bool](repeating: true, count: table.count)
    for i in 0..<table.count {
      // Parents come before their children in the table.
      alwaysPresent[i] =
        table[i].branch == nil && table[i].element == nil && (table[i].parent.map { alwaysPresent[$0] } ?? true)
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
    let advice =
      tx.keyframes != nil
      ? "use fewer keyframes, or give spring keyframes a duration"
      : "use fewer transactions, or fewer views and animations that they change"
    return SceneError(diagnostics: [
      Diagnostic(
        file: "scene", location: tx.location, path: tx.path,
        message:
          "replaying the timeline up to here takes more than \(SceneLimits.maxReplayWork) steps (\(table.count) view\(table.count == 1 ? "" : "s"), \(k + 1) of \(scene.transactions.count) transactions); this is beyond the renderer's limit: \(advice)"
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
    // Strings and arrays are read by conditions and forEach only; nothing draws them.
    case .string, .strings, .numbers: return .zero
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
        switch text.content {
        case .number(let e, _), .string(let e): layoutDependencies.formUnion(Self.dependencies(e))
        case .literal: break
        }
        texts.append((i, text.content))
      case .conditional(let decides, _, _), .forEach(let decides, _):
        // The condition or the data decides which children are shown.
        let names = decides.dependencies
        layoutDependencies.formUnion(names)
        for name in names { for b in table[i].children { presenceByVariable[name, default: []].append(b) } }
      case .spacer(let m?):
        layoutDependencies.formUnion(m.dependencies)
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

  static func dependencies(_ e: Expression) -> Set<String> { e.dependencies }
}
