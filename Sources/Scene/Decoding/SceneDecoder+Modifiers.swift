extension SceneDecoder {
  package static let modifierNames = [
    "fill", "stroke", "foregroundColor", "frame", "padding", "offset", "position", "scaleEffect",
    "rotationEffect", "opacity", "compositingGroup", "overlay", "background", "zIndex", "animation",
    "transition", "matchedGeometryEffect",
  ]

  mutating func modifiers(_ v: JSONValue, _ path: String, isShape: Bool) -> [Modifier] {
    guard case .array(let items) = v.kind else {
      typeError(v, path, expected: "an array of modifiers")
      return []
    }
    var result: [Modifier] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      guard case .object(let members) = item.kind, members.count == 1, let member = members.first else {
        if case .object(let members) = item.kind {
          error(item, itemPath,
            members.isEmpty
              ? "empty modifier; each modifier is an object with exactly one key, such as {\"opacity\": 0.5}"
              : "a modifier object has exactly one key, found \(members.count) (\(members.map { excerpt($0.key) }.joined(separator: ", "))); split them into separate entries")
        } else {
          typeError(item, itemPath, expected: "a modifier object with one key, such as {\"opacity\": 0.5}")
        }
        continue
      }
      let name = member.key
      let mPath = join(itemPath, name)
      guard Self.modifierNames.contains(name) else {
        error(member.keyLocation, mPath,
          "unknown modifier \"\(excerpt(name))\"\(Suggestion.hint(for: name, in: Self.modifierNames))")
        continue
      }
      if name == "fill" || name == "stroke" {
        if !isShape {
          error(member.keyLocation, mPath, "\"\(name)\" applies to shapes only (circle, ellipse, rectangle, roundedRectangle, capsule)")
          continue
        }
        if i != 0 {
          error(member.keyLocation, mPath, "\"\(name)\" must be the first modifier of a shape, as in SwiftUI (Circle().\(name)(…).frame(…))")
          continue
        }
      }
      if let kind = modifier(name, member.value, mPath) {
        result.append(Modifier(kind, path: mPath))
      }
    }
    return result
  }

  mutating func modifier(_ name: String, _ v: JSONValue, _ path: String) -> Modifier.Kind? {
    switch name {
    case "fill":
      return expression(v, path, .color).map { .fill($0) }
    case "foregroundColor":
      return expression(v, path, .color).map { .foregroundColor($0) }
    case "stroke":
      guard let m = object(v, path, allowed: ["color", "lineWidth"]) else { return nil }
      let color = m["color"].map { expression($0, join(path, "color"), .color) }
      let width = m["lineWidth"].map { expression($0, join(path, "lineWidth"), .number, range: .nonNegative) } ?? .number(1)
      if let c = color, c == nil { return nil }
      guard let width else { return nil }
      return .stroke(color: color ?? nil, lineWidth: width)
    case "frame":
      guard let m = object(v, path, allowed: ["width", "height", "alignment"]) else { return nil }
      let w = m["width"].map { expression($0, join(path, "width"), .number, range: .nonNegative) }
      let h = m["height"].map { expression($0, join(path, "height"), .number, range: .nonNegative) }
      let a = m["alignment"].map { alignment($0, join(path, "alignment")) } ?? .center
      if let w, w == nil { return nil }
      if let h, h == nil { return nil }
      guard let a else { return nil }
      return .frame(width: w ?? nil, height: h ?? nil, alignment: a)
    case "padding":
      if case .object(let members) = v.kind, !members.contains(where: { $0.key == "if" }) {
        guard let m = object(v, path, allowed: ["top", "leading", "bottom", "trailing"]) else { return nil }
        var sides: [Expression] = []
        for key in ["top", "leading", "bottom", "trailing"] {
          guard let e = m[key].map({ expression($0, join(path, key), .number) }) ?? .number(0) else { return nil }
          sides.append(e)
        }
        return .padding(top: sides[0], leading: sides[1], bottom: sides[2], trailing: sides[3])
      }
      return expression(v, path, .number).map { .padding(top: $0, leading: $0, bottom: $0, trailing: $0) }
    case "offset":
      return expression(v, path, .point, defaultComponent: 0).map { .offset($0) }
    case "position":
      return expression(v, path, .point, defaultComponent: 0).map { .position($0) }
    case "scaleEffect":
      if case .object(let members) = v.kind, members.contains(where: { $0.key == "scale" || $0.key == "anchor" }) {
        guard let m = object(v, path, allowed: ["scale", "anchor"], required: ["scale"]) else { return nil }
        let s = m["scale"].flatMap { expression($0, join(path, "scale"), .point, numberAsPoint: true, defaultComponent: 1) }
        let a = m["anchor"].map { anchor($0, join(path, "anchor")) } ?? Alignment.center.unitPoint
        guard let s, let a else { return nil }
        return .scaleEffect(scale: s, anchor: a)
      }
      return expression(v, path, .point, numberAsPoint: true, defaultComponent: 1).map {
        .scaleEffect(scale: $0, anchor: Alignment.center.unitPoint)
      }
    case "rotationEffect":
      if case .object(let members) = v.kind, !members.contains(where: { $0.key == "if" }) {
        guard let m = object(v, path, allowed: ["degrees", "anchor"], required: ["degrees"]) else { return nil }
        let d = m["degrees"].flatMap { expression($0, join(path, "degrees"), .number) }
        let a = m["anchor"].map { anchor($0, join(path, "anchor")) } ?? Alignment.center.unitPoint
        guard let d, let a else { return nil }
        return .rotationEffect(degrees: d, anchor: a)
      }
      return expression(v, path, .number).map { .rotationEffect(degrees: $0, anchor: Alignment.center.unitPoint) }
    case "opacity":
      return expression(v, path, .number, range: .unit).map { .opacity($0) }
    case "compositingGroup":
      guard case .bool(true) = v.kind else {
        error(v, path, "expected true, found \(describe(v)) (omit the modifier to turn it off)")
        return nil
      }
      return .compositingGroup
    case "overlay", "background":
      guard let m = object(v, path, allowed: ["node", "alignment"], required: ["node"]) else { return nil }
      let n = m["node"].flatMap { node($0, join(path, "node")) }
      let a = m["alignment"].map { alignment($0, join(path, "alignment")) } ?? .center
      guard let n, let a else { return nil }
      return name == "overlay" ? .overlay(n, alignment: a) : .background(n, alignment: a)
    case "zIndex":
      return expression(v, path, .number).map { .zIndex($0) }
    case "animation":
      guard let m = object(v, path, allowed: ["curve", "value"], required: ["curve", "value"]) else { return nil }
      var valueName: String?
      if let vv = m["value"] {
        if case .string(let s) = vv.kind, s.hasPrefix("$") {
          valueName = stateReference(vv, String(s.dropFirst()), join(path, "value"), [.number, .bool, .color, .point])
        } else {
          typeError(vv, join(path, "value"), expected: "a state reference such as \"$scaled\"")
        }
      }
      guard let c = m["curve"] else { return nil }
      let curve = animation(c, join(path, "curve"))
      guard let valueName, let curve else { return nil }
      return .animation(curve: curve.value, value: valueName)
    case "transition":
      return transition(v, path).map { .transition($0) }
    case "matchedGeometryEffect":
      guard let m = object(v, path, allowed: ["id", "isSource"], required: ["id"]) else { return nil }
      let id = m["id"].flatMap { string($0, join(path, "id")) }
      let src = m["isSource"].map { bool($0, join(path, "isSource")) } ?? true
      guard let id, let src else { return nil }
      return .matchedGeometryEffect(id: id, isSource: src)
    default:
      return nil
    }
  }
}
