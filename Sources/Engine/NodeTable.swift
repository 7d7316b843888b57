import FlipbookImage
import FlipbookAnimation
import FlipbookScene
import FlipbookText

/// One element of a `forEach` as SwiftUI's `ForEach(data, id: \.self)` identifies it: its
/// value, and among equal values which one (0 for the first), so duplicates stay distinct.
struct ElementIdentity: Hashable, Sendable {
  var value: StateValue
  var occurrence: Int

  /// The identities of an array's elements, in order.
  static func of(_ elements: [StateValue]) -> [ElementIdentity] {
    var counts: [StateValue: Int] = [:]
    return elements.map { v in
      defer { counts[v, default: 0] += 1 }
      return ElementIdentity(value: v, occurrence: counts[v, default: 0])
    }
  }
}

/// The scene's view tree flattened into an array, so that per-node data (layout rects,
/// animation tracks) can be indexed by a small integer.
///
/// Every node the file mentions gets an entry, including both branches of each `if` and
/// the nodes of `overlay`/`background` modifiers; a `forEach` gets one child per element
/// identity that its data ever holds on the timeline.
struct NodeTable: Sendable {
  struct Entry: Sendable {
    var node: Node
    var parent: Int?
    /// Stack children, `if` branches (then, else), `forEach` elements, in file order (a
    /// `forEach`'s in order of first appearance).
    var children: [Int] = []
    /// Node index of the `overlay`/`background` secondary view, by modifier index.
    var secondary: [Int: Int] = [:]
    /// The transaction rewrites of the modifiers that enclose this node, outermost first.
    var chain: [TransactionRewrite]
    /// For the root of an `if` branch: the `if` node and whether this is its `then` branch.
    var branch: (ifNode: Int, isThen: Bool)?
    /// For the root of a `forEach` element: the `forEach` node and the element's identity.
    var element: (forEachNode: Int, identity: ElementIdentity)?
    /// For a `forEach`: its children by element identity.
    var elementChildren: [ElementIdentity: Int] = [:]
    /// How many of the node's modifiers, from the first, are shape modifiers (`trim`): the
    /// next one is a shape's style. Found once here, not by name at every frame.
    var shapeModifierCount = 0
  }

  var entries: [Entry] = []
  /// The path of the `forEach` whose elements took the table past ``SceneLimits/maxNodes``
  /// (the table then stops growing).
  private(set) var overflow: String?
  /// The primary face of each `text` node (see ``resolveFonts(_:library:)``).
  var fonts: [Int: FontFace] = [:]
  /// The decoded pixels of every `image` node (`loadImages`).
  var images: [Int: Pixmap] = [:]
  /// The image files read, as resolved from the scene's folder, sorted.
  var imageFiles: [String] = []

  /// `identities` gives, for a `forEach`'s data, every element identity it ever holds.
  init(root: Node, identities: (Expression) -> [ElementIdentity] = { _ in [] }) {
    _ = add(root, parent: nil, chain: [], identities)
  }

  private mutating func add(
    _ node: Node, parent: Int?, chain: [TransactionRewrite],
    _ identities: (Expression) -> [ElementIdentity]
  ) -> Int {
    let index = entries.count
    entries.append(Entry(node: node, parent: parent, chain: chain))
    entries[index].shapeModifierCount = node.modifiers.prefix { $0.kind.spec.placement == .shapeModifier }.count
    // Children sit inside every modifier of this node.
    let inner = chain + TransactionRewrite.of(node, above: -1)
    switch node.kind {
    case .zstack(let children, _), .vstack(let children, _, _), .hstack(let children, _, _):
      for c in children {
        let ci = add(c, parent: index, chain: inner, identities)
        entries[index].children.append(ci)
      }
    case .conditional(_, let then, let otherwise):
      let t = add(then, parent: index, chain: inner, identities)
      entries[t].branch = (index, true)
      entries[index].children.append(t)
      if let otherwise {
        let e = add(otherwise, parent: index, chain: inner, identities)
        entries[e].branch = (index, false)
        entries[index].children.append(e)
      }
    case .forEach(let data, let content):
      // A forEach's modifiers apply to each element (as SwiftUI's do), so its elements carry
      // them and the forEach itself is a container without modifiers.
      entries[index].node.modifiers = []
      let constant = data.evaluate(StateSnapshot([:])).elements ?? []
      for id in identities(data) {
        guard overflow == nil else { break }
        guard entries.count < SceneLimits.maxNodes else {
          overflow = node.path
          break
        }
        let position: Expression =
          if case .state(let name) = data {
            .position(of: id.value, occurrence: id.occurrence, in: name)
          } else {
            .number(Double(Expression.position(of: id.value, occurrence: id.occurrence, in: constant)))
          }
        var element = content.element(item: .constant(id.value), index: position)
        element.modifiers += node.modifiers
        element.path = "\(node.path).content[\(entries[index].children.count)]"
        let ci = add(element, parent: index, chain: chain, identities)
        entries[ci].element = (index, id)
        entries[index].children.append(ci)
        entries[index].elementChildren[id] = ci
      }
    default:
      break
    }
    for (i, m) in node.modifiers.enumerated() where entries[index].node.modifiers.count > i {
      if let (n, _) = m.kind.secondary {
        // A secondary view sits inside the modifiers that wrap this one (index > i).
        let s = add(n, parent: index, chain: chain + TransactionRewrite.of(node, above: i), identities)
        entries[index].secondary[i] = s
      }
    }
    return index
  }

  /// Entry `i`, borrowed: a getter would copy the entry (and retain every array and
  /// dictionary in it) at each `table[i].node…` of the per-frame walk.
  subscript(i: Int) -> Entry {
    _read { yield entries[i] }
  }
  var count: Int { entries.count }
}

extension NodeTable {
  /// The branch an `if` node shows in `state`, if any.
  func chosenBranch(_ i: Int, _ state: StateSnapshot) -> Int? {
    guard case .conditional(let condition, _, let otherwise) = self[i].node.kind else { return nil }
    if condition.bool(state) { return self[i].children[0] }
    return otherwise == nil ? nil : self[i].children[1]
  }

  /// The elements a `forEach` shows in `state`, in the order of its data.
  func shownElements(_ i: Int, _ state: StateSnapshot) -> [Int] {
    guard case .forEach(let data, _) = self[i].node.kind else { return [] }
    let elements = data.evaluate(state).elements ?? []
    return ElementIdentity.of(elements).compactMap { self[i].elementChildren[$0] }
  }

  /// Whether an `if` branch or a `forEach` element is shown by its parent in `state` (true
  /// for any other node).
  func isShown(_ i: Int, _ state: StateSnapshot) -> Bool {
    if let (ifNode, isThen) = self[i].branch {
      guard case .conditional(let condition, _, _) = self[ifNode].node.kind else { return false }
      return condition.bool(state) == isThen
    }
    if let (forEach, id) = self[i].element {
      guard case .forEach(let data, _) = self[forEach].node.kind else { return false }
      if case .state(let name) = data { return state.position(of: id.value, occurrence: id.occurrence, in: name) >= 0 }
      return true
    }
    return true
  }
}
