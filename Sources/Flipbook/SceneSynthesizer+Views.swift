import FlipbookScene

extension SceneSynthesizer {
  /// A primitive view: its kind must be the same in every snapshot; its values may change.
  mutating func leaf(_ leaves: [(snapshot: Int, leaf: Leaf)], in trail: String) throws(MovieError) -> Node {
    let first = leaves[0]
    let trail = "\(trail) › \(Self.name(first.leaf.kind))"
    for l in leaves where l.leaf.kind != first.leaf.kind {
      throw MovieError(
        "\(trail): the view is \(Self.name(first.leaf.kind)) (\(first.leaf.kind)) in state \(first.snapshot) but "
          + "\(Self.name(l.leaf.kind)) (\(l.leaf.kind)) in state \(l.snapshot). A view's kind, alignment and style "
          + "cannot change; use `if`/`else` to show a different view.")
    }
    var values: [Expression] = []
    for slot in first.leaf.values.indices {
      let name = first.leaf.kind.valueName(slot)
      values.append(try expression(leaves.map { ($0.snapshot, $0.leaf.values[slot]) }, name: name, in: trail))
    }
    var children: [Node] = []
    if first.leaf.children != nil {
      children = try nodes(leaves.map { ($0.snapshot, $0.leaf.children ?? .empty) }, in: trail)
    }
    let kind: Node.Kind
    switch first.leaf.kind {
    case .circle: kind = .shape(.circle)
    case .ellipse: kind = .shape(.ellipse)
    case .rectangle: kind = .shape(.rectangle)
    case .capsule: kind = .shape(.capsule)
    case .roundedRectangle(let continuous):
      kind = .shape(.roundedRectangle(cornerRadius: values[0], continuous: continuous))
    case .color: kind = .color(values[0])
    case .zstack(let a): kind = .zstack(children: children, alignment: a)
    case .vstack(let a): kind = .vstack(children: children, spacing: values[0], alignment: a)
    case .hstack(let a): kind = .hstack(children: children, spacing: values[0], alignment: a)
    case .spacer: kind = .spacer(minLength: values.first)
    case .path(let structure): kind = .shape(.path(structure.mapValues { _, slot in values[slot] }))
    case .text(let s):
      let content: FlipbookScene.TextContent
      switch s.content {
      case .string:
        // A string that every state shows is literal text; one that changes, a variable.
        if case .constant(.string(let string)) = values[2] {
          content = .literal(string)
        } else {
          content = .string(values[2])
        }
      case .number(let decimals): content = .number(values[2], decimals: decimals)
      }
      var font = FontSpec(size: values[0], weight: s.weight, design: s.design, family: s.family)
      font.style = s.style
      kind = .text(
        TextNode(content, font: font, lineLimit: s.lineLimit, alignment: s.alignment, lineSpacing: values[1]))
    case .image(let image): kind = .image(image)
    }
    return Node(kind: kind, path: "")
  }

  /// A modifier: its structure (kind, anchors, alignment, curve…) is the same in every
  /// snapshot (checked by the caller); each value becomes an expression over the snapshots,
  /// named after its argument in the table.
  mutating func modifier(_ modifiers: [(snapshot: Int, modifier: ModifierValue)], in trail: String) throws(MovieError)
    -> Modifier.Kind
  {
    let first = modifiers[0].modifier
    let spec = first.kind.spec
    var kind = try first.kind.map { _, slot throws(MovieError) in
      // A modifier whose one value is written bare (`fill`) names it after itself; a clip
      // shape's values after what they are.
      var name = spec.form == .value ? spec.name : spec.arguments[min(slot, spec.arguments.count - 1)].key
      if let paint = first.kind.paint, slot >= Modifier.Kind.paintSlots {
        // A paint's values after the paint's argument and their place (`fillStops1Location`).
        name = spec.form == .value ? spec.name : spec.arguments[0].key
        if case .gradient = paint.form {
          let part = paint.form.valueName(slot - Modifier.Kind.paintSlots).filter { $0.isLetter || $0.isNumber }
          name += part.prefix(1).uppercased() + part.dropFirst()
        }
      } else if case .clipShape(let c) = first.kind {
        if case .roundedRectangle = c.form { name = "clipCornerRadius" } else { name = "clipPathValue" }
      }
      return try expression(
        modifiers.map { ($0.snapshot, $0.modifier.kind.value(atSlot: slot)!) }, name: name, in: trail)
    } content: { (piece: Piece) throws(MovieError) -> Node in
      let contents = modifiers.map { m -> (Int, Piece) in (m.snapshot, m.modifier.kind.secondary?.content ?? .empty) }
      let alignment = first.kind.secondary?.alignment ?? .center
      return try single(contents, in: trail) { .zstack(children: $0, alignment: alignment) }
    }
    if case .animation(let curve, _) = kind {
      kind = .animation(
        curve: curve, value: watch(modifiers.compactMap { m in m.modifier.watched.map { (m.snapshot, $0) } }))
    }
    return kind
  }

  /// A counter that goes up in exactly the snapshots where the watched value changes, so
  /// that the engine's "the value changed in this transaction" means what SwiftUI means.
  mutating func watch(_ values: [(snapshot: Int, value: EquatableBox)]) -> String {
    var counter = 0
    var previous: EquatableBox?
    var series: [(snapshot: Int, value: StateValue)] = []
    for (s, v) in values {
      if let p = previous, !p.isEqual(to: v) { counter += 1 }
      previous = v
      series.append((s, .number(Double(counter))))
    }
    return variable("animationValue", series)
  }

  static func name(_ kind: Leaf.Kind) -> String {
    switch kind {
    case .circle: return "Circle"
    case .ellipse: return "Ellipse"
    case .rectangle: return "Rectangle"
    case .capsule: return "Capsule"
    case .roundedRectangle: return "RoundedRectangle"
    case .color: return "Color"
    case .zstack: return "ZStack"
    case .vstack: return "VStack"
    case .hstack: return "HStack"
    case .spacer: return "Spacer"
    case .path: return "Path"
    case .text: return "Text"
    case .image: return "Image"
    }
  }
}

extension Leaf.Kind {
  /// The name of the synthesized state variable for the view's value in `slot`.
  func valueName(_ slot: Int) -> String {
    switch self {
    case .roundedRectangle: return "cornerRadius"
    case .color: return "color"
    case .path: return "pathValue"
    case .text(let s):
      if slot == 2, case .string = s.content { return "text" }
      return ["fontSize", "lineSpacing", "number"][slot]
    default: return "spacing"
    }
  }
}
