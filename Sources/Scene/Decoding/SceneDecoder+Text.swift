extension SceneDecoder {
  /// A `text` node's keys; nil after reporting what is wrong.
  mutating func textNode(_ m: [String: JSONValue], _ path: String) -> TextNode? {
    guard let content = m["text"].flatMap({ textContent($0, join(path, "text")) }) else { return nil }
    var text = TextNode(content)
    var ok = true
    if let f = m["font"] {
      if let font = font(f, join(path, "font")) { text.font = font } else { ok = false }
    }
    if let v = m["lineLimit"], !v.isNull {
      if let n = number(v, join(path, "lineLimit"), .positive) {
        if n == n.rounded(), n <= 1_000_000 {
          text.lineLimit = Int(n)
        } else {
          error(v, join(path, "lineLimit"), "expected a whole number of lines from 1 to 1000000, or null")
          ok = false
        }
      } else {
        ok = false
      }
    }
    if let v = m["multilineTextAlignment"] {
      if case .string(let s) = v.kind, let a = TextAlignment(rawValue: s) {
        text.alignment = a
      } else {
        let names = TextAlignment.allCases.map(\.rawValue)
        error(
          v, join(path, "multilineTextAlignment"),
          "expected one of: \(names.joined(separator: ", ")), found \(describe(v))")
        ok = false
      }
    }
    if let v = m["lineSpacing"] {
      if let e = expression(v, join(path, "lineSpacing"), .number) { text.lineSpacing = e } else { ok = false }
    }
    return ok ? text : nil
  }

  /// `"$name"` of a string variable, or `"$item"` / `"$index"` in a `forEach` (an element
  /// that is a number is written as a whole number, as `{"number": "$item"}` would be). A
  /// `$` that does not start a name (`"$5"`) is literal text.
  mutating func textReference(_ v: JSONValue, _ s: String, _ path: String) -> TextContent? {
    if let (e, type) = elementReference(s) {
      return type == .string ? .string(e) : .number(e, decimals: 0)
    }
    let name = String(s.dropFirst())
    guard Self.isValidName(name) else { return .literal(s) }
    if let type = stateTypes[name], type == .number {
      error(v, path, "state variable \"\(name)\" is a number; a text shows a number with {\"number\": \"$\(name)\"}")
      return nil
    }
    return stateReference(v, name, path, [.string]).map { .string(.state($0)) }
  }

  /// A literal string or `{"number": V, "decimals": n}`.
  mutating func textContent(_ v: JSONValue, _ path: String) -> TextContent? {
    switch v.kind {
    case .string(let s):
      guard s.utf8.count <= SceneLimits.maxTextBytes else {
        error(
          v, path,
          "the text is \(s.utf8.count) bytes of UTF-8, more than the limit of \(SceneLimits.maxTextBytes); split it into several text nodes"
        )
        return nil
      }
      if s.hasPrefix("$") { return textReference(v, s, path) }
      return .literal(s)
    case .object:
      guard let m = object(v, path, allowed: ["number", "decimals"], required: ["number"]) else { return nil }
      var decimals = 0
      if let d = m["decimals"] {
        guard let n = number(d, join(path, "decimals"), .nonNegative) else { return nil }
        guard n == n.rounded(), n <= Double(SceneLimits.maxTextDecimals) else {
          error(d, join(path, "decimals"), "expected a whole number from 0 to \(SceneLimits.maxTextDecimals)")
          return nil
        }
        decimals = Int(n)
      }
      guard let e = m["number"].flatMap({ expression($0, join(path, "number"), .number) }) else { return nil }
      return .number(e, decimals: decimals)
    default:
      typeError(v, path, expected: "a string or {\"number\": …}")
      return nil
    }
  }

  /// A text style name, or `{"size", "weight", "design", "family"}`.
  mutating func font(_ v: JSONValue, _ path: String) -> FontSpec? {
    let styles = TextStyle.allCases.map(\.rawValue)
    if case .string(let s) = v.kind {
      if let style = TextStyle(rawValue: s) { return FontSpec(style, location: v.location) }
      error(
        v, path,
        "unknown text style \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: styles)); expected one of: \(styles.joined(separator: ", ")), or {\"size\": …}"
      )
      return nil
    }
    guard case .object = v.kind else {
      typeError(v, path, expected: "a text style name or {\"size\": …, \"weight\": …, \"design\": …, \"family\": …}")
      return nil
    }
    guard let m = object(v, path, allowed: ["size", "weight", "design", "family"]) else { return nil }
    var font = FontSpec(size: .number(TextStyle.body.size), location: v.location)
    var ok = true
    if let s = m["size"] {
      if let e = expression(s, join(path, "size"), .number, range: .nonNegative) { font.size = e } else { ok = false }
    }
    func name<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) -> T? where T.RawValue == String {
      guard let w = m[key] else { return nil }
      let names = T.allCases.map(\.rawValue)
      if case .string(let s) = w.kind, let value = T(rawValue: s) { return value }
      let found = { if case .string(let s) = w.kind { return s } else { return "" } }()
      error(
        w, join(path, key),
        "expected one of: \(names.joined(separator: ", "))\(Suggestion.hint(for: found, in: names)), found \(describe(w))"
      )
      ok = false
      return nil
    }
    if let w = name("weight", FontWeight.self) { font.weight = w }
    if let d = name("design", FontDesign.self) { font.design = d }
    if let f = m["family"] {
      if case .string(let s) = f.kind, !s.isEmpty {
        font.family = s
        font.location = f.location
      } else {
        typeError(f, join(path, "family"), expected: "the name of an installed font family")
        ok = false
      }
    }
    return ok ? font : nil
  }
}

extension JSONValue {
  var isNull: Bool { if case .null = kind { return true } else { return false } }
}

extension SceneDecoder {
  /// `"opacity"`, `"identity"`, `"interpolate"` or `{"numericText": {"countsDown": b}}`.
  mutating func contentTransition(_ v: JSONValue, _ path: String) -> ContentTransition? {
    let expected = ContentTransition.names.map { "\"\($0)\"" }.joined(separator: ", ") + " or {\"numericText\": {…}}"
    switch v.kind {
    case .string(let s):
      switch s {
      case "opacity": return .opacity
      case "identity": return .identity
      case "interpolate": return .interpolate
      default:
        error(
          v, path,
          "expected \(expected), found \"\(excerpt(s))\"\(Suggestion.hint(for: s, in: ContentTransition.names))")
        return nil
      }
    case .object:
      guard let m = object(v, path, allowed: ["numericText"], required: ["numericText"]),
        let n = m["numericText"],
        let options = object(n, join(path, "numericText"), allowed: ["countsDown"])
      else { return nil }
      var down = false
      if let d = options["countsDown"] {
        guard let b = bool(d, join(join(path, "numericText"), "countsDown")) else { return nil }
        down = b
      }
      return .numericText(countsDown: down)
    default:
      typeError(v, path, expected: expected)
      return nil
    }
  }
}
