import FlipbookScene

extension SceneSynthesizer {
  /// A primitive view: its kind must be the same in every snapshot; its values may change.
  mutating func leaf(_ leaves: [(snapshot: Int, leaf: Leaf)], in trail: String) throws(MovieError) -> Node {
    let first = leaves[0]
    let trail = "\(trail) › \(Self.name(first.leaf.shape))"
    for l in leaves where l.leaf.shape != first.leaf.shape {
      throw MovieError(
        "\(trail): the view is \(Self.name(first.leaf.shape)) (\(first.leaf.shape)) in state \(first.snapshot) but "
          + "\(Self.name(l.leaf.shape)) (\(l.leaf.shape)) in state \(l.snapshot). A view's kind, alignment and style "
          + "cannot change; use `if`/`else` to show a different view.")
    }
    var values: [Expression] = []
    for slot in first.leaf.values.indices {
      let name = first.leaf.shape.valueName
      values.append(try expression(leaves.map { ($0.snapshot, $0.leaf.values[slot]) }, name: name, in: trail))
    }
    var children: [Node] = []
    if first.leaf.children != nil {
      children = try nodes(leaves.map { ($0.snapshot, $0.leaf.children ?? .empty) }, in: trail)
    }
    let kind: Node.Kind
    switch first.leaf.shape {
    case .circle: kind = .shape(.circle)
    case .ellipse: kind = .shape(.ellipse)
    case .rectangle: kind = .shape(.rectangle)
    case .capsule: kind = .shape(.capsule)
    case .roundedRectangle(let continuous): kind = .shape(.roundedRectangle(cornerRadius: values[0], continuous: continuous))
    case .color: kind = .color(values[0])
    case .zstack(let a): kind = .zstack(children: children, alignment: a)
    case .vstack(let a): kind = .vstack(children: children, spacing: values[0], alignment: a)
    case .hstack(let a): kind = .hstack(children: children, spacing: values[0], alignment: a)
    case .spacer: kind = .spacer
    }
    return Node(kind: kind, path: "")
  }

  /// A modifier: its shape (kind, anchors, alignment, curve…) is the same in every snapshot
  /// (checked by the caller); its values may change.
  mutating func modifier(_ modifiers: [(snapshot: Int, modifier: ModifierValue)], in trail: String) throws(MovieError)
    -> Modifier.Kind
  {
    let first = modifiers[0].modifier
    var e: [Expression] = []
    let names = first.shape.valueNames
    for slot in first.values.indices {
      let name = slot < names.count ? names[slot] : names.last ?? "value"
      e.append(try expression(modifiers.map { ($0.snapshot, $0.modifier.values[slot]) }, name: name, in: trail))
    }
    func content(_ alignment: FlipbookScene.Alignment) throws(MovieError) -> Node {
      try single(modifiers.map { ($0.snapshot, $0.modifier.content ?? .empty) }, in: trail) {
        .zstack(children: $0, alignment: alignment)
      }
    }
    switch first.shape {
    case .fill: return .fill(e[0])
    case .stroke(let hasColor): return hasColor ? .stroke(color: e[0], lineWidth: e[1]) : .stroke(color: nil, lineWidth: e[0])
    case .foregroundColor: return .foregroundColor(e[0])
    case .frame(let hasWidth, let hasHeight, let a):
      return .frame(width: hasWidth ? e[0] : nil, height: hasHeight ? e[hasWidth ? 1 : 0] : nil, alignment: a)
    case .padding(let top, let leading, let bottom, let trailing):
      func side(_ on: Bool) -> Expression { on ? e[0] : .number(0) }
      return .padding(top: side(top), leading: side(leading), bottom: side(bottom), trailing: side(trailing))
    case .offset: return .offset(e[0])
    case .position: return .position(e[0])
    case .scaleEffect(let anchor): return .scaleEffect(scale: e[0], anchor: anchor)
    case .rotationEffect(let anchor): return .rotationEffect(degrees: e[0], anchor: anchor)
    case .opacity: return .opacity(e[0])
    case .compositingGroup: return .compositingGroup
    case .overlay(let a): return .overlay(try content(a), alignment: a)
    case .background(let a): return .background(try content(a), alignment: a)
    case .zIndex: return .zIndex(e[0])
    case .animation(let curve):
      return .animation(curve: curve, value: watch(modifiers.compactMap { m in m.modifier.watched.map { (m.snapshot, $0) } }))
    case .transition(let t): return .transition(t)
    case .matchedGeometryEffect(let id, let isSource): return .matchedGeometryEffect(id: id, isSource: isSource)
    }
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

  static func name(_ shape: Leaf.Shape) -> String {
    switch shape {
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
    }
  }

  static func name(_ shape: ModifierValue.Shape) -> String {
    switch shape {
    case .fill: return "fill"
    case .stroke: return "stroke"
    case .foregroundColor: return "foregroundColor"
    case .frame: return "frame"
    case .padding: return "padding"
    case .offset: return "offset"
    case .position: return "position"
    case .scaleEffect: return "scaleEffect"
    case .rotationEffect: return "rotationEffect"
    case .opacity: return "opacity"
    case .compositingGroup: return "compositingGroup"
    case .overlay: return "overlay"
    case .background: return "background"
    case .zIndex: return "zIndex"
    case .animation: return "animation"
    case .transition: return "transition"
    case .matchedGeometryEffect: return "matchedGeometryEffect"
    }
  }
}

extension Leaf.Shape {
  /// The name of the synthesized state variable for the view's value.
  var valueName: String {
    switch self {
    case .roundedRectangle: return "cornerRadius"
    case .color: return "color"
    default: return "spacing"
    }
  }
}

extension ModifierValue.Shape {
  /// Names of the synthesized state variables for the modifier's values, by slot.
  var valueNames: [String] {
    switch self {
    case .fill: return ["fill"]
    case .stroke(let hasColor): return hasColor ? ["strokeColor", "lineWidth"] : ["lineWidth"]
    case .foregroundColor: return ["foregroundColor"]
    case .frame(let hasWidth, let hasHeight, _):
      return (hasWidth ? ["width"] : []) + (hasHeight ? ["height"] : [])
    case .padding: return ["padding"]
    case .offset: return ["offset"]
    case .position: return ["position"]
    case .scaleEffect: return ["scale"]
    case .rotationEffect: return ["degrees"]
    case .opacity: return ["opacity"]
    case .zIndex: return ["zIndex"]
    default: return ["value"]
    }
  }
}
