extension SceneDecoder {
  /// What a literal in `state` or `set` may be, for messages.
  static let literalExpectation =
    "a number, boolean, color, point, {\"string\": …} or {\"array\": […]}"

  /// The keys of a condition object: `{"not": C}`, `{"all": […]}`, `{"eq": [V, V]}`, ….
  package static let conditionKeys = ["not", "all", "any"] + Comparison.allCases.map(\.rawValue)

  /// A condition, wherever a boolean is read: `"$flag"`, `true`/`false`, `{"if": …}`, or an
  /// object with one of ``conditionKeys``.
  mutating func condition(_ v: JSONValue, _ path: String) -> Expression? {
    switch v.kind {
    case .bool(let b):
      return .constant(.bool(b))
    case .string(let s) where s.hasPrefix("$"):
      return expression(v, path, .bool)
    case .object(let members) where members.count == 1 && Self.conditionKeys.contains(members[0].key):
      let key = members[0].key, value = members[0].value, inner = join(path, key)
      switch key {
      case "not":
        return condition(value, inner).map { .not($0) }
      case "all", "any":
        guard case .array(let items) = value.kind else {
          typeError(value, inner, expected: "an array of conditions")
          return nil
        }
        var parts: [Expression] = []
        var ok = true
        for (i, item) in items.enumerated() {
          if let c = condition(item, "\(inner)[\(i)]") { parts.append(c) } else { ok = false }
        }
        guard ok else { return nil }
        return key == "all" ? .all(parts) : .any(parts)
      default:
        return comparison(Comparison(rawValue: key)!, value, inner)
      }
    case .object(let members) where members.contains(where: { $0.key == "if" }):
      return expression(v, path, .bool)
    default:
      typeError(
        v, path,
        expected:
          "a condition: \"$flag\", true, false, or an object with one of \(Self.conditionKeys.map { "\"\($0)\"" }.joined(separator: ", "))"
      )
      return nil
    }
  }

  /// `{"eq": [a, b]}` and the other comparisons: both sides of one type, which the comparison
  /// accepts; a type error names both types.
  mutating func comparison(_ op: Comparison, _ v: JSONValue, _ path: String) -> Expression? {
    guard case .array(let items) = v.kind, items.count == 2 else {
      typeError(v, path, expected: "an array of two values to compare")
      return nil
    }
    let inferred = (inferredType(items[0]), inferredType(items[1]))
    guard var t0 = inferred.0, var t1 = inferred.1 else {
      // An undeclared variable or a value of no type: reported as its reader reports it.
      let other = inferred.0 ?? inferred.1 ?? .number
      if inferred.0 == nil { _ = expression(items[0], "\(path)[0]", other) }
      if inferred.1 == nil { _ = expression(items[1], "\(path)[1]", other) }
      return nil
    }
    // A bare string beside a color is a color name.
    if t0 == .color, t1 == .string, Self.isLiteralString(items[1]) { t1 = .color }
    if t1 == .color, t0 == .string, Self.isLiteralString(items[0]) { t0 = .color }
    guard t0 == t1 else {
      error(
        v, path,
        "\"\(op.rawValue)\" compares two values of one type, but \(path)[0] is \(t0) (\(describe(items[0]))) and \(path)[1] is \(t1) (\(describe(items[1])))"
      )
      return nil
    }
    guard op.compares(t0) else {
      let what = op == .eq || op == .ne ? "numbers, booleans, strings or colors" : "numbers"
      error(
        v, path,
        "\"\(op.rawValue)\" compares \(what), not \(t0 == .strings || t0 == .numbers ? "arrays" : "\(t0.rawValue)s")")
      return nil
    }
    let a = expression(items[0], "\(path)[0]", t0)
    let b = expression(items[1], "\(path)[1]", t0)
    guard let a, let b else { return nil }
    return .compare(op, a, b)
  }

  static func isLiteralString(_ v: JSONValue) -> Bool {
    if case .string(let s) = v.kind { return !s.hasPrefix("$") }
    return false
  }

  /// The type a value has by its form, without reporting anything; nil for an undeclared
  /// variable or a form that is no value. A bare string reads as a string here.
  func inferredType(_ v: JSONValue) -> ValueType? {
    switch v.kind {
    case .number: return .number
    case .bool: return .bool
    case .string(let s):
      guard s.hasPrefix("$") else { return .string }
      if let (_, t) = elementReference(s) { return t }
      return stateTypes[String(s.dropFirst())]
    case .array: return .point
    case .object(let members):
      let keys = Set(members.map(\.key))
      if keys.contains("if") { return v["then"].flatMap(inferredType) }
      if members.count == 1 && Self.conditionKeys.contains(members[0].key) { return .bool }
      if keys.contains("red") || keys.contains("green") || keys.contains("blue") { return .color }
      if keys.contains("x") || keys.contains("y") { return .point }
      return nil
    case .null: return nil
    }
  }

  /// `"$item"` or `"$index"` inside a `forEach`'s content, with its type; nil elsewhere, where
  /// they name state variables.
  func elementReference(_ s: String) -> (Expression, ValueType)? {
    guard let element = elementTypes.last else { return nil }
    if s == "$item" { return (.item, element) }
    if s == "$index" { return (.index, .number) }
    return nil
  }

  /// A literal array of strings or of numbers (one type for all; `type` when given, which an
  /// empty array needs), at most ``SceneLimits/maxArrayElements`` long.
  mutating func arrayLiteral(_ v: JSONValue, _ path: String, of type: ValueType?) -> StateValue? {
    guard case .array(let items) = v.kind else {
      typeError(v, path, expected: type?.description ?? "an array of strings or numbers")
      return nil
    }
    guard items.count <= SceneLimits.maxArrayElements else {
      error(
        v, path,
        "an array of \(items.count) elements is longer than the limit of \(SceneLimits.maxArrayElements) (each element of a forEach is a view)"
      )
      return nil
    }
    let element: ValueType
    if let type {
      element = type.element!
    } else if let first = items.first {
      if case .number = first.kind { element = .number } else { element = .string }
    } else {
      error(
        v, path, "an empty array has no element type; declare it as {\"array\": [], \"of\": \"string\"} or \"number\"")
      return nil
    }
    var strings: [String] = [], numbers: [Double] = []
    var ok = true
    for (i, item) in items.enumerated() {
      let p = "\(path)[\(i)]"
      switch (element, item.kind) {
      case (.string, .string(let s)): strings.append(s)
      case (.number, .number): if let n = number(item, p) { numbers.append(n) } else { ok = false }
      default:
        let found = inferredType(item).map(\.description) ?? describe(item)
        error(
          item, p,
          "an array holds elements of one type: this array holds \(element == .string ? "strings" : "numbers"), but element [\(i)] is \(found)"
        )
        ok = false
      }
    }
    guard ok else { return nil }
    return element == .string ? .strings(strings) : .numbers(numbers)
  }

  /// A state declaration with a type key: `{"string": "home"}`, `{"array": [...]}` (with
  /// `"of": "string"` or `"number"` when empty).
  mutating func typedStateLiteral(_ v: JSONValue, _ path: String) -> StateValue? {
    if v["string"] != nil {
      guard let m = object(v, path, allowed: ["string"], required: ["string"]) else { return nil }
      return m["string"].flatMap { string($0, join(path, "string")) }.map { .string($0) }
    }
    guard let m = object(v, path, allowed: ["array", "of"], required: ["array"]) else { return nil }
    var type: ValueType?
    if let of = m["of"] {
      switch of.kind {
      case .string("string"): type = .strings
      case .string("number"): type = .numbers
      default:
        error(of, join(path, "of"), "expected \"string\" or \"number\", found \(describe(of))")
        return nil
      }
    }
    return m["array"].flatMap { arrayLiteral($0, join(path, "array"), of: type) }
  }
}
