extension SceneEncoder.Writer {
  func node(_ n: Node, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    var m: [(String, JSONOutput)] = []
    var children: [Node]?
    func alignment(_ a: Alignment) { if a != .center { m.append(("alignment", .string(a.rawValue))) } }
    switch n.kind {
    case .shape(let shape):
      switch shape {
      case .circle: m.append(("type", .string("circle")))
      case .ellipse: m.append(("type", .string("ellipse")))
      case .rectangle: m.append(("type", .string("rectangle")))
      case .capsule: m.append(("type", .string("capsule")))
      case .roundedRectangle(let radius, let continuous):
        m.append(("type", .string("roundedRectangle")))
        m.append(("cornerRadius", try expression(radius, "\(path).cornerRadius")))
        if continuous { m.append(("style", .string("continuous"))) }
      }
    case .color(let c):
      m.append(("type", .string("color")))
      m.append(("color", try expression(c, "\(path).color")))
    case .zstack(let c, let a):
      m.append(("type", .string("zstack")))
      alignment(a)
      children = c
    case .vstack(let c, let spacing, let a), .hstack(let c, let spacing, let a):
      if case .vstack = n.kind { m.append(("type", .string("vstack"))) } else { m.append(("type", .string("hstack"))) }
      if spacing != .number(8) { m.append(("spacing", try expression(spacing, "\(path).spacing"))) }
      alignment(a)
      children = c
    case .conditional(let flag, let then, let otherwise):
      m.append(("type", .string("if")))
      m.append(("condition", .string("$" + flag)))
      m.append(("then", try node(then, "\(path).then")))
      if let otherwise { m.append(("else", try node(otherwise, "\(path).else"))) }
    case .empty: m.append(("type", .string("empty")))
    case .spacer: m.append(("type", .string("spacer")))
    }
    if let id = n.id { m.insert(("id", .string(id)), at: 1) }
    if !n.modifiers.isEmpty {
      var list: [JSONOutput] = []
      for (i, mod) in n.modifiers.enumerated() {
        list.append(try modifier(mod.kind, "\(path).modifiers[\(i)]"))
      }
      m.append(("modifiers", .array(list)))
    }
    if let children {
      var list: [JSONOutput] = []
      for (i, c) in children.enumerated() { list.append(try node(c, "\(path).children[\(i)]")) }
      m.append(("children", .array(list)))
    }
    return .object(m)
  }

  func modifier(_ kind: Modifier.Kind, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    func one(_ key: String, _ value: JSONOutput) -> JSONOutput { .object([(key, value)]) }
    switch kind {
    case .fill(let c): return one("fill", try expression(c, "\(path).fill"))
    case .stroke(let color, let width):
      var m: [(String, JSONOutput)] = []
      if let color { m.append(("color", try expression(color, "\(path).stroke.color"))) }
      m.append(("lineWidth", try expression(width, "\(path).stroke.lineWidth")))
      return one("stroke", .object(m))
    case .foregroundColor(let c): return one("foregroundColor", try expression(c, "\(path).foregroundColor"))
    case .frame(let w, let h, let a):
      var m: [(String, JSONOutput)] = []
      if let w { m.append(("width", try expression(w, "\(path).frame.width"))) }
      if let h { m.append(("height", try expression(h, "\(path).frame.height"))) }
      if a != .center { m.append(("alignment", .string(a.rawValue))) }
      return one("frame", .object(m))
    case .padding(let top, let leading, let bottom, let trailing):
      let p = "\(path).padding"
      if top == leading && top == bottom && top == trailing { return one("padding", try expression(top, p)) }
      return one("padding", .object([
        ("top", try expression(top, "\(p).top")), ("leading", try expression(leading, "\(p).leading")),
        ("bottom", try expression(bottom, "\(p).bottom")), ("trailing", try expression(trailing, "\(p).trailing")),
      ]))
    case .offset(let o): return one("offset", try expression(o, "\(path).offset"))
    case .position(let o): return one("position", try expression(o, "\(path).position"))
    case .scaleEffect(let s, let anchor):
      let p = "\(path).scaleEffect"
      if anchor == Alignment.center.unitPoint { return one("scaleEffect", try expression(s, p)) }
      return one("scaleEffect", .object([("scale", try expression(s, "\(p).scale")), ("anchor", try self.anchor(anchor, "\(p).anchor"))]))
    case .rotationEffect(let degrees, let anchor):
      let p = "\(path).rotationEffect"
      var m: [(String, JSONOutput)] = [("degrees", try expression(degrees, "\(p).degrees"))]
      if anchor != Alignment.center.unitPoint { m.append(("anchor", try self.anchor(anchor, "\(p).anchor"))) }
      return one("rotationEffect", .object(m))
    case .opacity(let o): return one("opacity", try expression(o, "\(path).opacity"))
    case .compositingGroup: return one("compositingGroup", .bool(true))
    case .overlay(let n, let a), .background(let n, let a):
      let key: String
      if case .overlay = kind { key = "overlay" } else { key = "background" }
      var m: [(String, JSONOutput)] = [("node", try node(n, "\(path).\(key).node"))]
      if a != .center { m.append(("alignment", .string(a.rawValue))) }
      return one(key, .object(m))
    case .zIndex(let z): return one("zIndex", try expression(z, "\(path).zIndex"))
    case .animation(let curve, let value):
      let c = try curve.map { a throws(SceneEncodingError) in try animation(a, "\(path).animation.curve") } ?? .null
      return one("animation", .object([("curve", c), ("value", .string("$" + value))]))
    case .transition(let t): return one("transition", try transition(t, "\(path).transition"))
    case .matchedGeometryEffect(let id, let isSource):
      var m: [(String, JSONOutput)] = [("id", .string(id))]
      if !isSource { m.append(("isSource", .bool(false))) }
      return one("matchedGeometryEffect", .object(m))
    }
  }
}
