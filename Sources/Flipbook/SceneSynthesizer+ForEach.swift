import FlipbookScene

extension SceneSynthesizer {
  /// A `ForEach` over the snapshots it appears in.
  ///
  /// With the same ids in the same order in every snapshot, its views are plain stack
  /// children named by their ids. Otherwise it becomes a `forEach` node: every element
  /// (an id, and among equal ids which one, so duplicates stay distinct, as the format's
  /// `forEach` counts them) gets a number in order of first appearance, a synthesized array
  /// variable holds each snapshot's numbers in the data's order, and the content chooses the
  /// element's view by `"$item"` with a balanced tree of `if`s, which the engine decides per
  /// element, so each element is its own view with its own transition.
  mutating func forEach(_ lists: [(snapshot: Int, elements: [(id: AnyHashable, piece: Piece)])], in trail: String)
    throws(MovieError) -> [Node]
  {
    func keys(_ elements: [(id: AnyHashable, piece: Piece)]) -> [Key] {
      var counts: [AnyHashable: Int] = [:]
      return elements.map { e in
        defer { counts[e.id, default: 0] += 1 }
        return Key(id: e.id, occurrence: counts[e.id, default: 0])
      }
    }
    let first = keys(lists[0].elements)
    if lists.allSatisfy({ keys($0.elements) == first }) {
      var result: [Node] = []
      for k in first.indices {
        let items = lists.map { ($0.snapshot, Piece.identified($0.elements[k].piece, "\(first[k].id)")) }
        result += try nodes(items, in: "\(trail) › ForEach id \(first[k].id)")
      }
      return result
    }
    var numbers: [Key: Int] = [:]
    var order: [Key] = []
    var pieces: [[(snapshot: Int, piece: Piece)]] = []
    var data: [(snapshot: Int, value: StateValue)] = []
    for list in lists {
      var row: [Double] = []
      for (key, element) in zip(keys(list.elements), list.elements) {
        if numbers[key] == nil {
          numbers[key] = order.count
          order.append(key)
          pieces.append([])
        }
        let n = numbers[key]!
        pieces[n].append((list.snapshot, element.piece))
        row.append(Double(n))
      }
      data.append((list.snapshot, .numbers(row)))
    }
    var views: [Node] = []
    for (n, items) in pieces.enumerated() {
      let elementTrail = "\(trail) › ForEach id \(order[n].id)"
      let list = try nodes(items, in: elementTrail)
      guard list.count == 1 else {
        throw MovieError(
          "\(elementTrail): the content is \(list.count) views; Flipbook's ForEach needs one view per element (wrap them in a stack)"
        )
      }
      views.append(list[0])
    }
    func choose(_ lo: Int, _ hi: Int) -> Node {
      if lo == hi { return views[lo] }
      let mid = (lo + hi + 1) / 2
      return Node(
        kind: .conditional(
          condition: .compare(.lt, .item, .number(Double(mid))), then: choose(lo, mid - 1), else: choose(mid, hi)),
        path: "")
    }
    let content = views.isEmpty ? Node(kind: .empty, path: "") : choose(0, views.count - 1)
    return [Node(kind: .forEach(data: .state(variable("forEach", data)), content: content), path: "")]
  }

  /// An element of a `ForEach`: its id, and which of the elements with that id it is.
  struct Key: Hashable {
    var id: AnyHashable
    var occurrence: Int
  }
}
