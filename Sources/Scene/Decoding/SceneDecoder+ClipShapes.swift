extension SceneDecoder {
  /// The forms a clip shape is written in, for messages.
  static let clipShapeForms =
    "\"circle\", \"ellipse\", \"capsule\", \"rectangle\", {\"roundedRectangle\": {\"cornerRadius\": r}}, {\"path\": {\"d\": …}} or {\"shape\": …, \"fillRule\": …}"

  /// A `clipShape` value: a shape name, `{"roundedRectangle": {…}}`, `{"path": {…}}` (a path
  /// node's keys), or any of these wrapped as `{"shape": …, "fillRule": …}`.
  mutating func clipShape(_ v: JSONValue, _ path: String, wrapped: Bool = false) -> ClipShape<Expression>? {
    switch v.kind {
    case .string(let name):
      switch name {
      case "circle": return ClipShape(form: .circle)
      case "ellipse": return ClipShape(form: .ellipse)
      case "capsule": return ClipShape(form: .capsule)
      case "rectangle": return ClipShape(form: .rectangle)
      case "roundedRectangle":
        error(v, path, "a rounded rectangle needs its radius: {\"roundedRectangle\": {\"cornerRadius\": 8}}")
        return nil
      case "path":
        error(v, path, "a path needs its data: {\"path\": {\"d\": \"M0 0 L10 0 L0 10 Z\"}}")
        return nil
      default:
        let names = ClipShape<Expression>.simpleNames + ["roundedRectangle", "path"]
        error(
          v, path,
          "unknown shape \"\(excerpt(name))\"\(Suggestion.hint(for: name, in: names)); expected \(Self.clipShapeForms)"
        )
        return nil
      }
    case .object(let members):
      if members.contains(where: { $0.key == "shape" }) && !wrapped {
        guard let m = object(v, path, allowed: ["shape", "fillRule"], required: ["shape"]),
          let inner = m["shape"]
        else { return nil }
        var rule: FillRule?
        if let r = m["fillRule"] {
          guard case .string(let s) = r.kind, let parsed = FillRule(rawValue: s) else {
            error(r, join(path, "fillRule"), "expected \"nonZero\" or \"evenOdd\", found \(describe(r))")
            return nil
          }
          rule = parsed
        }
        guard var shape = clipShape(inner, join(path, "shape"), wrapped: true) else { return nil }
        shape.fillRule = rule
        return shape
      }
      if members.contains(where: { $0.key == "if" }) {
        error(
          v, path,
          "a clip shape cannot depend on state; its numbers can (a corner radius, a path's \"commands\"), and an if node can swap views"
        )
        return nil
      }
      guard members.count == 1, let member = members.first else {
        let found = members.isEmpty ? "an empty object" : "an object with \(members.count) keys"
        error(v, path, "expected \(Self.clipShapeForms), found \(found)")
        return nil
      }
      let p = join(path, member.key)
      switch member.key {
      case "roundedRectangle":
        guard let m = object(member.value, p, allowed: ["cornerRadius", "style"], required: ["cornerRadius"]),
          let r = m["cornerRadius"]
        else { return nil }
        let radius = expression(r, join(p, "cornerRadius"), .number, range: .nonNegative)
        guard let continuous = cornerStyle(m["style"], join(p, "style")), let radius else { return nil }
        return ClipShape(form: .roundedRectangle(continuous: continuous), values: [radius])
      case "path":
        guard let m = object(member.value, p, allowed: ["d", "commands", "viewBox", "fillRule"]) else { return nil }
        return pathShape(member.value, m, p).map { ClipShape(path: $0) }
      default:
        let names = ["roundedRectangle", "path", "shape"]
        error(
          member.keyLocation, p,
          "unknown shape \"\(excerpt(member.key))\"\(Suggestion.hint(for: member.key, in: names)); expected \(Self.clipShapeForms)"
        )
        return nil
      }
    default:
      typeError(v, path, expected: "a shape (\(Self.clipShapeForms))")
      return nil
    }
  }
}
