import FlipbookAnimation
import FlipbookScene
import FlipbookText

/// The scene's view tree flattened into an array, so that per-node data (layout rects,
/// animation tracks) can be indexed by a small integer.
///
/// Every node the file mentions gets an entry, including both branches of each `if` and
/// the nodes of `overlay`/`background` modifiers.
struct NodeTable: Sendable {
  struct Entry: Sendable {
    var node: Node
    var parent: Int?
    /// Stack children, `if` branches (then, else), in file order.
    var children: [Int] = []
    /// Node index of the `overlay`/`background` secondary view, by modifier index.
    var secondary: [Int: Int] = [:]
    /// `animation` modifiers that enclose this node, outermost first.
    var chain: [(value: String, curve: Animation?)]
    /// For the root of an `if` branch: the `if` node and whether this is its `then` branch.
    var branch: (ifNode: Int, isThen: Bool)?
  }

  var entries: [Entry] = []
  /// The primary face of each `text` node (see ``resolveFonts(_:library:)``).
  var fonts: [Int: FontFace] = [:]

  init(root: Node) {
    _ = add(root, parent: nil, chain: [], branch: nil)
  }

  private mutating func add(
    _ node: Node, parent: Int?, chain: [(value: String, curve: Animation?)], branch: (Int, Bool)?
  ) -> Int {
    let index = entries.count
    entries.append(Entry(node: node, parent: parent, chain: chain, branch: branch))
    // Children sit inside every modifier of this node.
    let inner = chain + Self.animationModifiers(node, above: -1)
    switch node.kind {
    case .zstack(let children, _), .vstack(let children, _, _), .hstack(let children, _, _):
      for c in children {
        let ci = add(c, parent: index, chain: inner, branch: nil)
        entries[index].children.append(ci)
      }
    case .conditional(_, let then, let otherwise):
      let t = add(then, parent: index, chain: inner, branch: (index, true))
      entries[index].children.append(t)
      if let otherwise {
        let e = add(otherwise, parent: index, chain: inner, branch: (index, false))
        entries[index].children.append(e)
      }
    default:
      break
    }
    for (i, m) in node.modifiers.enumerated() {
      switch m.kind {
      case .overlay(let n, _), .background(let n, _):
        // A secondary view sits inside the modifiers that wrap this one (index > i).
        let s = add(n, parent: index, chain: chain + Self.animationModifiers(node, above: i), branch: nil)
        entries[index].secondary[i] = s
      default:
        break
      }
    }
    return index
  }

  /// The node's `animation` modifiers with index > `above`, outermost (last) first.
  static func animationModifiers(_ node: Node, above: Int) -> [(value: String, curve: Animation?)] {
    var result: [(value: String, curve: Animation?)] = []
    for (i, m) in node.modifiers.enumerated().reversed() where i > above {
      if case .animation(let curve, let value) = m.kind { result.append((value, curve)) }
    }
    return result
  }

  subscript(i: Int) -> Entry { entries[i] }
  var count: Int { entries.count }
}
