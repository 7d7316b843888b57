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
      case .path(let shape):
        m.append(("type", .string("path")))
        m += try pathMembers(shape, path)
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
    case .conditional(let condition, let then, let otherwise):
      m.append(("type", .string("if")))
      m.append(("condition", try expression(condition, "\(path).condition")))
      m.append(("then", try node(then, "\(path).then")))
      if let otherwise { m.append(("else", try node(otherwise, "\(path).else"))) }
    case .empty: m.append(("type", .string("empty")))
    case .forEach(let data, let content):
      m.append(("type", .string("forEach")))
      m.append(("data", try expression(data, "\(path).data")))
      m.append(("content", try node(content, "\(path).content")))
    case .spacer(let minLength):
      m.append(("type", .string("spacer")))
      if let minLength { m.append(("minLength", try expression(minLength, "\(path).minLength"))) }
    case .text(let text):
      m.append(("type", .string("text")))
      m += try textMembers(text, path)
    case .image(let image):
      m.append(("type", .string("image")))
      m.append(("file", .string(image.file)))
      if image.resizable { m.append(("resizable", .bool(true))) }
      if let mode = image.contentMode { m.append(("contentMode", .string(mode.rawValue))) }
      if image.imageScale != 1 { m.append(("imageScale", .number(image.imageScale))) }
    }
    if let id = n.id { m.insert(("id", .string(id)), at: 1) }
    if !n.modifiers.isEmpty { m.append(("modifiers", .array(try modifiers(n.modifiers, "\(path).modifiers")))) }
    if let children {
      var list: [JSONOutput] = []
      for (i, c) in children.enumerated() { list.append(try node(c, "\(path).children[\(i)]")) }
      m.append(("children", .array(list)))
    }
    return .object(m)
  }

  /// A node's modifiers, each body (flattened into the chain before the modifier that holds
  /// it) nested back into its holder.
  func modifiers(_ modifiers: [Modifier], _ path: String) throws(SceneEncodingError) -> [JSONOutput] {
    // Each entry with how many flat modifiers it stands for.
    var list: [(json: JSONOutput, size: Int)] = []
    for (i, mod) in modifiers.enumerated() {
      var count = 0
      for case .body(let n) in mod.kind.arguments { count = n }
      var body: [JSONOutput] = []
      var covered = 0
      while covered < count, let last = list.popLast() {
        body.insert(last.json, at: 0)
        covered += last.size
      }
      guard covered == count else {
        throw SceneEncodingError(
          path: "\(path)[\(i)]", message: "its body of \(count) modifiers does not match the modifiers before it")
      }
      list.append((try modifier(mod.kind, "\(path)[\(i)]", body: body), count + 1))
    }
    return list.map(\.json)
  }

  /// A modifier as its table row writes it: the value alone where the other arguments are
  /// at their defaults (or, spread, all equal), else an object of the arguments that are
  /// given and, for fixed ones, not at their default; `body` is its body's modifiers.
  func modifier(_ kind: Modifier.Kind, _ path: String, body: [JSONOutput] = []) throws(SceneEncodingError)
    -> JSONOutput
  {
    let spec = kind.spec
    let p = "\(path).\(spec.name)"
    let arguments = kind.arguments
    func isDefault(_ a: ModifierArgument<Expression, Node>, _ s: ArgumentSpec) -> Bool {
      guard case .defaulted = s.presence else { return false }
      return a == s.defaultArgument
    }
    let value: JSONOutput
    switch spec.form {
    case .flag:
      value = .bool(true)
    case .value:
      value = try argument(arguments[0], p)
    case .valueOrObject(_, let spread)
    where spread
      ? arguments.allSatisfy({ $0 == arguments[0] })
      : zip(arguments, spec.arguments).dropFirst().allSatisfy({ isDefault($0, $1) }):
      value = try argument(arguments[0], p)
    case .object, .valueOrObject:
      var members: [(String, JSONOutput)] = []
      for (a, s) in zip(arguments, spec.arguments) {
        if case .value(nil) = a { continue }
        if case .paint(nil) = a { continue }
        if case .body = a {
          members.append((s.key, .array(body)))
          continue
        }
        if case .value = s.type {} else if isDefault(a, s) { continue }
        members.append((s.key, try argument(a, "\(p).\(s.key)")))
      }
      value = .object(members)
    }
    return .object([(spec.name, value)])
  }

  func argument(_ a: ModifierArgument<Expression, Node>, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    switch a {
    case .value(let e):
      guard let e else { return .null }
      return try expression(e, path)
    case .alignment(let al): return .string(al.rawValue)
    case .anchor(let u): return try anchor(u, path)
    case .content(let n): return try node(n, path)
    case .animation(let c):
      guard let c else { return .null }
      return try animation(c, path)
    case .stateReference(let name): return .string("$" + name)
    case .transition(let t): return try transition(t, path)
    case .contentTransition(let t):
      switch t {
      case .opacity: return .string("opacity")
      case .identity: return .string("identity")
      case .interpolate: return .string("interpolate")
      case .numericText(let down):
        return .object([("numericText", .object(down ? [("countsDown", .bool(true))] : []))])
      }
    case .string(let s), .choice(let s): return .string(s)
    case .bool(let b): return .bool(b)
    case .clipShape(let c): return try clipShape(c, path)
    case .paint(let p):
      guard let p else { return .null }
      return try paint(p, path)
    case .body: return .array([])
    case .numbers(let list):
      var items: [JSONOutput] = []
      for (k, n) in list.enumerated() { items.append(try number(n, "\(path)[\(k)]")) }
      return .array(items)
    }
  }
}

extension SceneEncoder.Writer {
  /// A paint as the decoder reads it: a color, or `{"linearGradient": {…}}` (and the others)
  /// with its `colors` or `stops` and every geometry value.
  func paint(_ p: Paint<Expression>, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    guard case .gradient(let kind, let count, let locations) = p.form else { return try expression(p.values[0], path) }
    let base = "\(path).\(kind.rawValue)"
    var stops: [JSONOutput] = []
    for k in 0..<count {
      if locations {
        let sp = "\(base).stops[\(k)]"
        stops.append(
          .object([
            ("color", try expression(p.values[2 * k], "\(sp).color")),
            ("location", try expression(p.values[2 * k + 1], "\(sp).location")),
          ]))
      } else {
        stops.append(try expression(p.values[k], "\(base).colors[\(k)]"))
      }
    }
    var members: [(String, JSONOutput)] = [(locations ? "stops" : "colors", .array(stops))]
    let first = locations ? 2 * count : count
    for (g, spec) in kind.geometry.enumerated() {
      members.append((spec.key, try expression(p.values[first + g], "\(base).\(spec.key)")))
    }
    return .object([(kind.rawValue, .object(members))])
  }

  /// A clip shape as the decoder reads it: a name, `{"roundedRectangle": …}` or `{"path": …}`,
  /// wrapped in `{"shape": …, "fillRule": …}` when it has its own fill rule.
  func clipShape(_ c: ClipShape<Expression>, _ path: String) throws(SceneEncodingError) -> JSONOutput {
    let p = c.fillRule == nil ? path : "\(path).shape"
    let shape: JSONOutput
    switch c.form {
    case .circle: shape = .string("circle")
    case .ellipse: shape = .string("ellipse")
    case .capsule: shape = .string("capsule")
    case .rectangle: shape = .string("rectangle")
    case .roundedRectangle(let continuous):
      var m: [(String, JSONOutput)] = [
        ("cornerRadius", try expression(c.values[0], "\(p).roundedRectangle.cornerRadius"))
      ]
      if continuous { m.append(("style", .string("continuous"))) }
      shape = .object([("roundedRectangle", .object(m))])
    case .path:
      shape = .object([("path", .object(try pathMembers(c.pathShape!, "\(p).path")))])
    }
    guard let rule = c.fillRule else { return shape }
    return .object([("shape", shape), ("fillRule", .string(rule.rawValue))])
  }

  /// A path's `d` (as the file wrote it) or `commands`, `viewBox` and `fillRule`.
  func pathMembers(_ shape: PathShape, _ path: String) throws(SceneEncodingError) -> [(String, JSONOutput)] {
    var m: [(String, JSONOutput)] = []
    if let d = shape.data {
      m.append(("d", .string(d)))
    } else {
      var list: [JSONOutput] = []
      for (i, c) in shape.commands.enumerated() {
        let p = "\(path).commands[\(i)]"
        switch c {
        case .move(let to): list.append(.object([("move", try expression(to, "\(p).move"))]))
        case .line(let to): list.append(.object([("line", try expression(to, "\(p).line"))]))
        case .quad(let c, let to):
          list.append(
            .object([
              (
                "quad",
                .object([
                  ("control", try expression(c, "\(p).quad.control")), ("to", try expression(to, "\(p).quad.to")),
                ])
              )
            ]))
        case .curve(let c1, let c2, let to):
          list.append(
            .object([
              (
                "curve",
                .object([
                  ("control1", try expression(c1, "\(p).curve.control1")),
                  ("control2", try expression(c2, "\(p).curve.control2")),
                  ("to", try expression(to, "\(p).curve.to")),
                ])
              )
            ]))
        case .arc(let center, let radius, let a0, let a1, let clockwise):
          var arc: [(String, JSONOutput)] = [
            ("center", try expression(center, "\(p).arc.center")),
            ("radius", try expression(radius, "\(p).arc.radius")),
            ("startAngle", try expression(a0, "\(p).arc.startAngle")),
            ("endAngle", try expression(a1, "\(p).arc.endAngle")),
          ]
          if clockwise { arc.append(("clockwise", .bool(true))) }
          list.append(.object([("arc", .object(arc))]))
        case .close: list.append(.object([("close", .bool(true))]))
        }
      }
      m.append(("commands", .array(list)))
    }
    if let box = shape.viewBox {
      var items: [JSONOutput] = []
      for (i, n) in box.enumerated() { items.append(try number(n, "\(path).viewBox[\(i)]")) }
      m.append(("viewBox", .array(items)))
    }
    if shape.fillRule != .nonZero { m.append(("fillRule", .string(shape.fillRule.rawValue))) }
    return m
  }
}
