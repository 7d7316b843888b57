import FlipbookAnimation
import FlipbookScene

extension SceneSynthesizer {
  /// The scene for recorded snapshots: one node tree, the synthesized state, and one
  /// transaction per snapshot after the first, holding the variables that changed.
  static func scene(
    snapshots: [Recorder.Snapshot], canvas: Scene.Canvas, fps: Double, duration: Scene.Duration
  ) throws(MovieError) -> Scene {
    var synthesizer = SceneSynthesizer(snapshotCount: snapshots.count)
    let items = snapshots.enumerated().map { ($0.offset, $0.element.piece) }
    var root = try synthesizer.single(items, in: "body") {
      .vstack(children: $0, spacing: .number(8), alignment: .center)
    }
    assignPaths(&root, "root")
    let variables = synthesizer.variables
    let state = variables.map { (name: $0.name, value: $0.values[0]) }
    var transactions: [FlipbookScene.Transaction] = []
    // A keyframes event comes right after the change of its snapshot (the trigger's).
    var keyframeEvents = synthesizer.keyframeEvents.sorted { $0.snapshot < $1.snapshot }[...]
    for k in snapshots.indices {
      if k > 0 {
        let changes = variables.filter { $0.values[k] != $0.values[k - 1] }.map {
          (name: $0.name, value: $0.values[k])
        }
        let tx = snapshots[k].transaction
        transactions.append(
          FlipbookScene.Transaction(
            time: snapshots[k].time, changes: changes, animation: tx.animation,
            disablesAnimations: tx.disablesAnimations, path: "timeline[\(transactions.count)]"))
      }
      while let e = keyframeEvents.first, e.snapshot == k {
        keyframeEvents.removeFirst()
        transactions.append(
          FlipbookScene.Transaction(
            time: snapshots[k].time, changes: [], animation: nil, disablesAnimations: true,
            path: "timeline[\(transactions.count)]", keyframes: e.keyframes))
      }
    }
    return Scene(canvas: canvas, fps: fps, duration: duration, state: state, root: root, transactions: transactions)
  }

  /// Gives nodes and modifiers the JSON paths the decoder would, so that messages and
  /// `render info` name them the same way for both front ends.
  static func assignPaths(_ node: inout Node, _ path: String) {
    node.path = path
    switch node.kind {
    case .zstack(var children, let a):
      for i in children.indices { assignPaths(&children[i], "\(path).children[\(i)]") }
      node.kind = .zstack(children: children, alignment: a)
    case .vstack(var children, let s, let a):
      for i in children.indices { assignPaths(&children[i], "\(path).children[\(i)]") }
      node.kind = .vstack(children: children, spacing: s, alignment: a)
    case .hstack(var children, let s, let a):
      for i in children.indices { assignPaths(&children[i], "\(path).children[\(i)]") }
      node.kind = .hstack(children: children, spacing: s, alignment: a)
    case .conditional(let condition, var then, var otherwise):
      assignPaths(&then, "\(path).then")
      if otherwise != nil { assignPaths(&otherwise!, "\(path).else") }
      node.kind = .conditional(condition: condition, then: then, else: otherwise)
    case .forEach(let data, var content):
      assignPaths(&content, "\(path).content")
      node.kind = .forEach(data: data, content: content)
    default:
      break
    }
    for i in node.modifiers.indices {
      let mPath = "\(path).modifiers[\(i)]"
      let kind = node.modifiers[i].kind
      if var (n, _) = kind.secondary {
        assignPaths(&n, "\(mPath).\(kind.name).node")
        node.modifiers[i] = Modifier(kind.withSecondary(n), path: "\(mPath).\(kind.name)")
      } else {
        node.modifiers[i].path = "\(mPath).\(node.modifiers[i].path)"
      }
    }
  }
}
