extension SceneDecoder {
  /// A finite literal number.
  mutating func number(_ v: JSONValue, _ path: String, _ range: NumberRange = .any) -> Double? {
    if range == .nonNegativeOrInfinity, case .string("infinity") = v.kind { return .infinity }
    guard case .number(let n, let text) = v.kind else {
      typeError(v, path, expected: range.expectation)
      return nil
    }
    guard n.isFinite else {
      error(v, path, "\(excerpt(text)) is out of range; expected a finite number")
      return nil
    }
    guard range.contains(n) else {
      error(v, path, "\(excerpt(text)) is out of range; expected \(range.expectation)")
      return nil
    }
    return n
  }

  mutating func positive(_ v: JSONValue, _ path: String) -> Double? { number(v, path, .positive) }

  mutating func bool(_ v: JSONValue, _ path: String) -> Bool? {
    guard case .bool(let b) = v.kind else {
      typeError(v, path, expected: "a boolean")
      return nil
    }
    return b
  }

  mutating func string(_ v: JSONValue, _ path: String) -> String? {
    guard case .string(let s) = v.kind else {
      typeError(v, path, expected: "a string")
      return nil
    }
    return s
  }

  /// A literal value whose type follows from its form: state initial values and `set`.
  mutating func literal(_ v: JSONValue, _ path: String) -> StateValue? {
    switch v.kind {
    case .number:
      return number(v, path).map { .number($0) }
    case .bool(let b):
      return .bool(b)
    case .string(let s):
      if s.hasPrefix("$") {
        error(v, path, "expected a literal value here, not a state reference")
        return nil
      }
      if !s.hasPrefix("#") && Color.named[s] == nil {
        // Not a color: most often a string meant as one, which has its own form.
        let hint = Suggestion.hint(for: s, in: Color.named.keys.sorted())
        error(
          v, path,
          "unknown color \"\(excerpt(s))\"\(hint); a string value is written {\"string\": \"\(excerpt(s))\"}")
        return nil
      }
      return colorLiteral(v, s, path).map { .color($0) }
    case .array:
      if case .constant(let p)? = expression(v, path, .point, allowState: false) { return p }
      return nil
    case .object(let members):
      let keys = Set(members.map(\.key))
      if keys.contains("string") || keys.contains("array") { return typedStateLiteral(v, path) }
      if keys.contains("red") || keys.contains("green") || keys.contains("blue") {
        if case .constant(let c)? = expression(v, path, .color, allowState: false) { return c }
        return nil
      }
      if keys.contains("x") || keys.contains("y") {
        if case .constant(let p)? = expression(v, path, .point, allowState: false) { return p }
        return nil
      }
      typeError(v, path, expected: Self.literalExpectation)
      return nil
    case .null:
      typeError(v, path, expected: Self.literalExpectation)
      return nil
    }
  }

  mutating func colorLiteral(_ v: JSONValue, _ s: String, _ path: String) -> Color? {
    if s.hasPrefix("#") {
      if let c = Color.parseHex(s) { return c }
      error(v, path, "invalid hex color \"\(excerpt(s))\"; expected #RGB, #RRGGBB or #RRGGBBAA")
      return nil
    }
    if let c = Color.named[s] { return c }
    let hint = Suggestion.hint(for: s, in: Color.named.keys.sorted())
    error(v, path, "unknown color \"\(excerpt(s))\"\(hint)")
    return nil
  }

  /// A reference to a state variable: `"$name"`, declared, of the expected type.
  mutating func stateReference(_ v: JSONValue, _ name: String, _ path: String, _ types: [ValueType]) -> String? {
    if brokenState.contains(name) { return nil }
    if !Self.isValidName(name), let hint = Self.conditionHint("$" + name) {
      error(v, path, hint)
      return nil
    }
    guard let type = stateTypes[name] else {
      let hint = Suggestion.hint(for: name, in: stateTypes.keys.sorted())
      error(v, path, "undeclared state variable \"\(excerpt(name))\"\(hint); declare it in \"state\"")
      return nil
    }
    guard types.contains(type) else {
      error(v, path, "state variable \"\(name)\" is \(type), expected \(types[0])")
      return nil
    }
    return name
  }

  /// A value of `type` in any of the scene format's forms: literal, `"$name"`, `{"if": …}`, or
  /// a point or color built from such values. `numberAsPoint` lets a number stand for a
  /// uniform point (`scaleEffect: 2`); `defaultComponent` fills a point's missing x or y.
  mutating func expression(
    _ v: JSONValue, _ path: String, _ type: ValueType, range: NumberRange = .any,
    allowState: Bool = true, numberAsPoint: Bool = false, defaultComponent: Double? = nil
  ) -> Expression? {
    if allowState {
      if case .string(let s) = v.kind, s.hasPrefix("$") {
        let types: [ValueType] = numberAsPoint ? [type, .number] : [type]
        if let (e, found) = elementReference(s) {
          guard types.contains(found) else {
            error(v, path, "\"\(s)\" is \(found), expected \(type)")
            return nil
          }
          return e
        }
        return stateReference(v, String(s.dropFirst()), path, types).map { .state($0) }
      }
      if type == .bool { return condition(v, path) }
      if case .object(let members) = v.kind, members.contains(where: { $0.key == "if" }) {
        guard let m = object(v, path, allowed: ["if", "then", "else"], required: ["if", "then", "else"]) else {
          return nil
        }
        let condition = m["if"].flatMap { self.condition($0, join(path, "if")) }
        let a = m["then"].flatMap {
          expression(
            $0, join(path, "then"), type, range: range, numberAsPoint: numberAsPoint, defaultComponent: defaultComponent
          )
        }
        let b = m["else"].flatMap {
          expression(
            $0, join(path, "else"), type, range: range, numberAsPoint: numberAsPoint, defaultComponent: defaultComponent
          )
        }
        guard let condition, let a, let b else { return nil }
        return .conditional(condition: condition, then: a, else: b)
      }
    }
    switch type {
    case .number:
      return number(v, path, range).map { .number($0) }
    case .bool:
      return bool(v, path).map { .constant(.bool($0)) }
    case .string:
      return string(v, path).map { .constant(.string($0)) }
    case .strings, .numbers:
      return arrayLiteral(v, path, of: type).map { .constant($0) }
    case .color:
      switch v.kind {
      case .string(let s):
        return colorLiteral(v, s, path).map { .constant(.color($0)) }
      case .object:
        guard
          let m = object(
            v, path, allowed: ["red", "green", "blue", "opacity"], required: ["red", "green", "blue"], what: "a color")
        else {
          return nil
        }
        let r = m["red"].flatMap { expression($0, join(path, "red"), .number, range: .unit, allowState: allowState) }
        let g = m["green"].flatMap {
          expression($0, join(path, "green"), .number, range: .unit, allowState: allowState)
        }
        let b = m["blue"].flatMap { expression($0, join(path, "blue"), .number, range: .unit, allowState: allowState) }
        let a =
          m["opacity"].map { expression($0, join(path, "opacity"), .number, range: .unit, allowState: allowState) }
          ?? .number(1)
        guard let r, let g, let b, let a else { return nil }
        return Self.fold(.color(red: r, green: g, blue: b, opacity: a))
      default:
        typeError(
          v, path,
          expected: "a color (a name such as \"blue\", \"#RRGGBB\", or {\"red\", \"green\", \"blue\", \"opacity\"})")
        return nil
      }
    case .point:
      switch v.kind {
      case .number where numberAsPoint:
        return number(v, path, range).map { .number($0) }
      case .array(let items):
        guard items.count == 2 else {
          error(v, path, "expected a point [x, y] with 2 numbers, found \(items.count)")
          return nil
        }
        let x = expression(items[0], "\(path)[0]", .number, range: range, allowState: allowState)
        let y = expression(items[1], "\(path)[1]", .number, range: range, allowState: allowState)
        guard let x, let y else { return nil }
        return Self.fold(.point(x: x, y: y))
      case .object:
        let required = defaultComponent == nil ? ["x", "y"] : []
        guard let m = object(v, path, allowed: ["x", "y"], required: required, what: "a point") else { return nil }
        let d = defaultComponent ?? 0
        let x =
          m["x"].map { expression($0, join(path, "x"), .number, range: range, allowState: allowState) } ?? .number(d)
        let y =
          m["y"].map { expression($0, join(path, "y"), .number, range: range, allowState: allowState) } ?? .number(d)
        guard let x, let y else { return nil }
        return Self.fold(.point(x: x, y: y))
      default:
        typeError(v, path, expected: numberAsPoint ? "a number or a point" : "a point ([x, y] or {\"x\", \"y\"})")
        return nil
      }
    }
  }

  /// Literal points and colors become constants, so that evaluation and checks are simple.
  static func fold(_ e: Expression) -> Expression {
    switch e {
    case .point(.constant(.number(let x)), .constant(.number(let y))):
      return .constant(.point(SIMD2(x, y)))
    case .color(
      .constant(.number(let r)), .constant(.number(let g)), .constant(.number(let b)), .constant(.number(let a))):
      return .constant(.color(Color(red: r, green: g, blue: b, opacity: a)))
    default:
      return e
    }
  }

  mutating func alignment(_ v: JSONValue, _ path: String, allowed: [Alignment] = Alignment.allCases) -> Alignment? {
    guard case .string(let s) = v.kind else {
      typeError(v, path, expected: "an alignment name")
      return nil
    }
    if let a = Alignment(rawValue: s), allowed.contains(a) { return a }
    let names = allowed.map(\.rawValue)
    if Alignment(rawValue: s) != nil {
      error(
        v, path, "alignment \"\(excerpt(s))\" does not apply here; expected one of: \(names.joined(separator: ", "))")
    } else {
      error(
        v, path,
        "unknown alignment \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: names)); expected one of: \(names.joined(separator: ", "))"
      )
    }
    return nil
  }

  /// An anchor: an alignment name or a unit point `[x, y]`.
  mutating func anchor(_ v: JSONValue, _ path: String) -> UnitPoint? {
    if case .string = v.kind { return alignment(v, path)?.unitPoint }
    if case .constant(.point(let p))? = expression(v, path, .point, allowState: false) { return p }
    return nil
  }

  mutating func edge(_ v: JSONValue, _ path: String) -> Edge? {
    guard case .string(let s) = v.kind else {
      typeError(v, path, expected: "an edge (top, leading, bottom, trailing)")
      return nil
    }
    if let e = Edge(rawValue: s) { return e }
    let names = Edge.allCases.map(\.rawValue)
    error(
      v, path,
      "unknown edge \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: names)); expected one of: \(names.joined(separator: ", "))"
    )
    return nil
  }
}

extension SceneDecoder {
  /// For a string written as a Swift expression (`"$sel == 1"`): `"$sel == 1" is not a
  /// variable; a comparison is a condition object: {"eq": ["$sel", 1]}`. Nil when no
  /// comparison operator is found.
  static func conditionHint(_ text: String) -> String? {
    let operators = [("==", "eq"), ("!=", "ne"), ("<=", "le"), (">=", "ge"), ("<", "lt"), (">", "gt")]
    guard let (range, key) = operators.lazy.compactMap({ op in text.firstRange(of: op.0).map { ($0, op.1) } }).first
    else { return nil }
    func operand(_ s: Substring) -> String {
      let t = s.trimmingSpaces
      if Double(t) != nil || t == "true" || t == "false" { return t }
      return "\"" + t.filter { $0 != "\"" && $0 != "'" } + "\""
    }
    let left = operand(text[..<range.lowerBound]), right = operand(text[range.upperBound...])
    return "\"\(JSONParser.excerpt(text))\" is not a variable; a comparison is a condition object: "
      + "{\"\(key)\": [\(left), \(right)]} (see \"Conditions\" in the scene format)"
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
