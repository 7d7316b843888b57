extension SceneDecoder {
  /// The forms a paint is written in, for messages.
  static let paintForms =
    "a color, or {\"linearGradient\": {…}}, {\"radialGradient\": {…}} or {\"angularGradient\": {…}}"

  /// A PAINT: a color in any of its forms, or `{"linearGradient": {…}}`,
  /// `{"radialGradient": {…}}`, `{"angularGradient": {…}}` with `colors` or `stops` and the
  /// gradient's geometry.
  mutating func paint(_ v: JSONValue, _ path: String) -> Paint<Expression>? {
    guard case .object(let members) = v.kind,
      let member = members.first(where: { GradientKind(rawValue: $0.key) != nil })
    else {
      if case .object(let members) = v.kind, members.count == 1, let key = members.first?.key,
        !["if", "red", "green", "blue", "opacity"].contains(key)
      {
        let names = GradientKind.allCases.map(\.rawValue)
        error(
          members[0].keyLocation, join(path, key),
          "unknown paint \"\(excerpt(key))\"\(Suggestion.hint(for: key, in: names)); expected \(Self.paintForms)")
        return nil
      }
      return expression(v, path, .color).map { .color($0) }
    }
    guard members.count == 1 else {
      error(v, path, "a gradient is an object with one key, \"\(member.key)\", found \(members.count) keys")
      return nil
    }
    return gradient(GradientKind(rawValue: member.key)!, member.value, join(path, member.key))
  }

  /// A gradient's body: `colors` or `stops`, then its geometry (``GradientKind/geometry``).
  mutating func gradient(_ kind: GradientKind, _ v: JSONValue, _ path: String) -> Paint<Expression>? {
    let geometry = kind.geometry
    guard
      let m = object(v, path, allowed: ["colors", "stops"] + geometry.map(\.key), required: kind.requiredGeometry)
    else { return nil }
    let colors = m["colors"], stops = m["stops"]
    guard (colors == nil) != (stops == nil) else {
      error(
        v, path,
        colors == nil
          ? "a gradient needs \"colors\" (evenly spaced) or \"stops\" ([{\"color\": C, \"location\": 0…1}, …])"
          : "give either \"colors\" or \"stops\", not both")
      return nil
    }
    let key = colors == nil ? "stops" : "colors"
    let list = (colors ?? stops)!
    let listPath = join(path, key)
    guard case .array(let items) = list.kind else {
      typeError(list, listPath, expected: colors == nil ? "an array of stops" : "an array of colors")
      return nil
    }
    guard !items.isEmpty, items.count <= maxGradientStops else {
      error(
        list, listPath,
        items.isEmpty
          ? "a gradient needs at least one color (SwiftUI draws nothing for an empty gradient; one color fills with it)"
          : "a gradient has at most \(maxGradientStops) stops, found \(items.count)")
      return nil
    }
    var values: [Expression] = []
    var ok = true
    for (k, item) in items.enumerated() {
      let p = "\(listPath)[\(k)]"
      if colors != nil {
        if let c = expression(item, p, .color) { values.append(c) } else { ok = false }
        continue
      }
      guard
        let stop = object(item, p, allowed: ["color", "location"], required: ["color", "location"], what: "a stop"),
        let c = stop["color"], let l = stop["location"]
      else {
        ok = false
        continue
      }
      let color = expression(c, join(p, "color"), .color)
      let location = expression(l, join(p, "location"), .number, range: .unit)
      if let color, let location { values += [color, location] } else { ok = false }
    }
    for g in geometry {
      guard let gv = m[g.key] else {
        values.append(.constant(g.default))
        continue
      }
      let p = join(path, g.key)
      let e: Expression?
      if g.type == .point, case .string(let s) = gv.kind, !s.hasPrefix("$") {
        e = alignment(gv, p).map { .constant(.point($0.unitPoint)) }
      } else {
        e = expression(gv, p, g.type, range: g.range)
      }
      if let e { values.append(e) } else { ok = false }
    }
    guard ok else { return nil }
    return Paint(form: .gradient(kind, stops: items.count, locations: colors == nil), values: values)
  }
}
