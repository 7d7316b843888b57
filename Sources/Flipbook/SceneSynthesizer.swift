import FlipbookAnimation
import FlipbookScene

/// Unifies the view trees of every state snapshot into one scene `Node` tree, the way SwiftUI
/// gives views identity: by their position in the result builders' structure.
///
/// A value that is the same in every snapshot becomes a constant; one that changes becomes a
/// state variable whose value per snapshot is what `body` produced there, so that the engine
/// animates it exactly as it animates `"$name"` in a JSON scene. `if`/`else` becomes an `if`
/// node on a synthesized boolean; `animation(_:value:)` watches a counter that changes exactly
/// when the watched value does.
struct SceneSynthesizer {
  typealias Items = [(snapshot: Int, piece: Piece)]

  let snapshotCount: Int
  /// Synthesized state variables, in creation order, with their value in every snapshot.
  var variables: [(name: String, values: [StateValue])] = []
  private var nameCount = 0
  /// The state variable of each `keyframeAnimator` track, by its probe number.
  var probes: [Double: String] = [:]
  /// Keyframes events: the snapshot they start at, and the tracks.
  var keyframeEvents: [(snapshot: Int, keyframes: FlipbookScene.Transaction.KeyframeTracks)] = []

  init(snapshotCount: Int) { self.snapshotCount = snapshotCount }

  // MARK: Values

  /// A constant if every snapshot agrees, else a new state variable.
  mutating func expression(_ values: [(snapshot: Int, value: StateValue)], name: String, in trail: String)
    throws(MovieError)
    -> Expression
  {
    let first = values[0].value
    if values.allSatisfy({ $0.value == first }) { return probed(first) ?? .constant(first) }
    if let odd = values.first(where: { $0.value.type != first.type }) {
      throw MovieError(
        "\(trail): \(name) is \(first.type) in state \(values[0].snapshot) but \(odd.value.type) in state \(odd.snapshot)"
      )
    }
    return .state(variable(name, values))
  }

  /// A keyframe track's variable where the content used its probe number (in a number, or in
  /// either coordinate of a point).
  func probed(_ v: StateValue) -> Expression? {
    switch v {
    case .number(let n): return probes[n].map { .state($0) }
    case .point(let p) where probes[p.x] != nil || probes[p.y] != nil:
      return .point(
        x: probes[p.x].map { .state($0) } ?? .constant(.number(p.x)),
        y: probes[p.y].map { .state($0) } ?? .constant(.number(p.y)))
    default: return nil
    }
  }

  /// A new state variable with `values` where given; in the snapshots where the view is not
  /// there, it keeps its last value (or, before the first, its first), which nothing shows.
  mutating func variable(_ base: String, _ values: [(snapshot: Int, value: StateValue)]) -> String {
    var series = [StateValue?](repeating: nil, count: snapshotCount)
    for (s, v) in values { series[s] = v }
    var last = values[0].value
    let filled = series.map { v -> StateValue in
      if let v { last = v }
      return last
    }
    let name = "\(base)_\(nameCount)"
    nameCount += 1
    variables.append((name, filled))
    return name
  }

  // MARK: Structure

  /// The nodes a piece becomes, unified over the snapshots it appears in (a list or a
  /// multi-view `if` becomes several).
  mutating func nodes(_ items: Items, in trail: String) throws(MovieError) -> [Node] {
    guard let first = items.first else { return [] }
    switch first.piece {
    case .leaf:
      var leaves: [(snapshot: Int, leaf: Leaf)] = []
      for item in items {
        guard case .leaf(let l) = item.piece else { throw mismatch(items, trail) }
        leaves.append((item.snapshot, l))
      }
      return [try leaf(leaves, in: trail)]

    case .list(let firstList):
      var lists: [(snapshot: Int, pieces: [Piece])] = []
      for item in items {
        guard case .list(let l) = item.piece else { throw mismatch(items, trail) }
        if l.count != firstList.count {
          throw MovieError(
            "\(trail): \(firstList.count) views in state \(first.snapshot) but \(l.count) in state \(item.snapshot). "
              + "SwiftUI gives views identity by their position in the view builder, so the number of views "
              + "cannot change; put a view that comes and goes inside `if`.")
        }
        lists.append((item.snapshot, l))
      }
      var result: [Node] = []
      for i in firstList.indices {
        result += try nodes(lists.map { ($0.snapshot, $0.pieces[i]) }, in: "\(trail) › item \(i)")
      }
      return result

    case .either:
      var flags: [(snapshot: Int, value: StateValue)] = []
      var firsts: Items = [], seconds: Items = []
      for item in items {
        guard case .either(let isFirst, let content) = item.piece else { throw mismatch(items, trail) }
        flags.append((item.snapshot, .bool(isFirst)))
        if isFirst { firsts.append((item.snapshot, content)) } else { seconds.append((item.snapshot, content)) }
      }
      let then = try nodes(firsts, in: "\(trail) › if")
      let otherwise = try nodes(seconds, in: "\(trail) › else")
      if seconds.isEmpty { return then }
      if firsts.isEmpty { return otherwise }
      return conditionals(flag: variable("condition", flags), then: then, else: otherwise)

    case .optional:
      var flags: [(snapshot: Int, value: StateValue)] = []
      var present: Items = []
      for item in items {
        guard case .optional(let content) = item.piece else { throw mismatch(items, trail) }
        flags.append((item.snapshot, .bool(content != nil)))
        if let content { present.append((item.snapshot, content)) }
      }
      let then = try nodes(present, in: "\(trail) › if")
      if present.isEmpty { return [] }
      if present.count == items.count { return then }
      return conditionals(flag: variable("condition", flags), then: then, else: [])

    case .modified(_, let firstModifier):
      var inner: Items = []
      var modifiers: [(snapshot: Int, modifier: ModifierValue)] = []
      for item in items {
        guard case .modified(let content, let m) = item.piece, m.kind.name == firstModifier.kind.name else {
          throw mismatch(items, trail)
        }
        if let problem = m.problem { throw MovieError("\(trail) › .\(m.kind.name): \(problem)") }
        if m.kind.structure != firstModifier.kind.structure {
          throw MovieError(
            "\(trail) › .\(m.kind.name): its fixed arguments (alignment, anchor, edges, curve, transition, "
              + "id, or which sizes and colors are given) differ between state \(first.snapshot) and state "
              + "\(item.snapshot); only numbers and colors can change from state to state")
        }
        inner.append((item.snapshot, content))
        modifiers.append((item.snapshot, m))
      }
      let name = firstModifier.kind.name
      var result = try nodes(inner, in: trail)
      let kind = try modifier(modifiers, in: "\(trail) › .\(name)")
      for i in result.indices {
        // The path is completed by `assignPaths`: here it holds the modifier's JSON key.
        result[i].modifiers.append(Modifier(kind, path: name))
      }
      return result

    case .keyframed(_, let first):
      var inner: Items = []
      var animators: [(snapshot: Int, value: KeyframeAnimatorValue)] = []
      for item in items {
        guard case .keyframed(let content, let a) = item.piece, a.tracks.map(\.probe) == first.tracks.map(\.probe)
        else { throw mismatch(items, trail) }
        inner.append((item.snapshot, content))
        animators.append((item.snapshot, a))
      }
      var names: [String] = []
      for track in first.tracks {
        let name = variable("keyframes", animators.map { ($0.snapshot, .number(track.initial)) })
        probes[track.probe] = name
        names.append(name)
      }
      func event(_ a: KeyframeAnimatorValue, repeatCount: Int?) -> FlipbookScene.Transaction.KeyframeTracks {
        .init(tracks: zip(names, a.tracks).map { ($0, $1.keyframes) }, repeatCount: repeatCount)
      }
      if first.trigger == nil {
        keyframeEvents.append((animators[0].snapshot, event(first, repeatCount: nil)))
      } else {
        for (a, b) in zip(animators, animators.dropFirst()) where !b.value.trigger!.isEqual(to: a.value.trigger!) {
          keyframeEvents.append((b.snapshot, event(b.value, repeatCount: 1)))
        }
      }
      return try nodes(inner, in: trail)

    case .keyed:
      var lists: [(snapshot: Int, elements: [(id: AnyHashable, piece: Piece)])] = []
      for item in items {
        guard case .keyed(let l) = item.piece else { throw mismatch(items, trail) }
        lists.append((item.snapshot, l))
      }
      return try forEach(lists, in: trail)

    case .identified(_, let id):
      var inner: Items = []
      for item in items {
        guard case .identified(let content, let other) = item.piece else { throw mismatch(items, trail) }
        if other != id {
          throw MovieError(
            "\(trail): .id(\"\(id)\") in state \(first.snapshot) became .id(\"\(other)\") in state \(item.snapshot); "
              + "Flipbook keeps ids fixed (a new id would be a new view: use `if` to replace a view)")
        }
        inner.append((item.snapshot, content))
      }
      var result = try nodes(inner, in: trail)
      guard result.count == 1 else {
        throw MovieError(
          "\(trail): .id(\"\(id)\") names \(result.count) views; give an id to one view (or wrap them in a stack)")
      }
      result[0].id = id
      return result
    }
  }

  /// One `if` node per position: SwiftUI's flattened branches keep their places in a stack.
  func conditionals(flag: String, then: [Node], else otherwise: [Node]) -> [Node] {
    (0..<max(then.count, otherwise.count)).map { k -> Node in
      let branch: Node = k < then.count ? then[k] : Node(kind: .empty, path: "")
      let other: Node? = k < otherwise.count ? otherwise[k] : nil
      return Node(kind: .conditional(condition: .state(flag), then: branch, else: other), path: "")
    }
  }

  /// The one node a view stands for where the model needs one node: several views are
  /// wrapped (`stack`), none is `empty`.
  mutating func single(_ items: Items, in trail: String, stack: ([Node]) -> Node.Kind) throws(MovieError) -> Node {
    let list = try nodes(items, in: trail)
    if list.count == 1 { return list[0] }
    if list.isEmpty { return Node(kind: .empty, path: "") }
    return Node(kind: stack(list), path: "")
  }

  // MARK: Errors

  func mismatch(_ items: Items, _ trail: String) -> MovieError {
    let kinds = items.map { ($0.snapshot, Self.describe($0.piece)) }
    let first = kinds[0]
    let other = kinds.first { $0.1 != first.1 } ?? first
    return MovieError(
      "\(trail): the view is \(first.1) in state \(first.0) but \(other.1) in state \(other.0). "
        + "SwiftUI gives views identity by their structure; a different view in the same place must come "
        + "from `if`/`else` (which also gives it a transition), not from AnyView or a changing modifier chain.")
  }

  static func describe(_ piece: Piece) -> String {
    switch piece {
    case .leaf(let l): return "\(l.kind)"
    case .list(let l): return "a group of \(l.count) views"
    case .either: return "an if/else"
    case .optional: return "an if"
    case .modified(let inner, let m): return "\(describe(inner)).\(m.kind.name)"
    case .identified(let inner, let id): return "\(describe(inner)).id(\(id))"
    case .keyframed(let inner, _): return "\(describe(inner)).keyframeAnimator"
    case .keyed(let l): return "a ForEach of \(l.count) views"
    }
  }
}
