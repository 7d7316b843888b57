extension SceneDecoder {
  /// The path commands' keys, in the order the format reference lists them.
  package static let pathCommandKeys = ["move", "line", "quad", "curve", "arc", "close"]

  /// A `path` node's `d` or `commands`, `viewBox` and `fillRule`.
  mutating func pathShape(_ v: JSONValue, _ m: [String: JSONValue], _ path: String) -> PathShape? {
    var commands: [PathCommand]?
    var data: String?
    switch (m["d"], m["commands"]) {
    case (let d?, nil):
      guard let text = string(d, join(path, "d")) else { return nil }
      do {
        commands = try SVGPathParser.parse(text)
        data = text
      } catch {
        self.error(d, join(path, "d"), "\(error.message) (at offset \(error.offset) of the path data)")
        return nil
      }
    case (nil, let c?):
      commands = pathCommands(c, join(path, "commands"))
    case (_?, let c?):
      error(c, join(path, "commands"), "a path has either \"d\" or \"commands\", not both")
      return nil
    case (nil, nil):
      error(v, path, "a path needs \"d\" (SVG path data) or \"commands\"")
      return nil
    }
    var viewBox: [Double]?
    if let box = m["viewBox"] {
      let vPath = join(path, "viewBox")
      guard case .array(let items) = box.kind, items.count == 4 else {
        typeError(box, vPath, expected: "[x, y, width, height]")
        return nil
      }
      var box: [Double] = []
      for (i, item) in items.enumerated() {
        guard let n = number(item, "\(vPath)[\(i)]", i < 2 ? .any : .positive) else { return nil }
        box.append(n)
      }
      viewBox = box
    }
    var rule = FillRule.nonZero
    if let r = m["fillRule"] {
      guard case .string(let s) = r.kind, let parsed = FillRule(rawValue: s) else {
        error(r, join(path, "fillRule"), "expected \"nonZero\" or \"evenOdd\", found \(describe(r))")
        return nil
      }
      rule = parsed
    }
    guard let commands else { return nil }
    return PathShape(commands: commands, viewBox: viewBox, fillRule: rule, data: data)
  }

  /// `commands`: an array of one-key objects whose numbers are values.
  mutating func pathCommands(_ v: JSONValue, _ path: String) -> [PathCommand]? {
    guard case .array(let items) = v.kind else {
      typeError(v, path, expected: "an array of path commands such as {\"move\": [0, 0]}")
      return nil
    }
    if items.count > SVGPathParser.maxCommands {
      error(v, path, "\(items.count) path commands, more than the limit of \(SVGPathParser.maxCommands)")
      return nil
    }
    var result: [PathCommand] = []
    var ok = true
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      guard case .object(let members) = item.kind, members.count == 1, let member = members.first else {
        typeError(
          item, itemPath,
          expected: "a path command object with one key (\(Self.pathCommandKeys.joined(separator: ", ")))")
        ok = false
        continue
      }
      let p = join(itemPath, member.key)
      func point(_ v: JSONValue, _ path: String) -> Expression? { expression(v, path, .point) }
      var command: PathCommand?
      switch member.key {
      case "move": command = point(member.value, p).map { .move(to: $0) }
      case "line": command = point(member.value, p).map { .line(to: $0) }
      case "quad":
        guard let m = object(member.value, p, allowed: ["control", "to"], required: ["control", "to"]) else { break }
        let c = m["control"].flatMap { point($0, join(p, "control")) }
        let to = m["to"].flatMap { point($0, join(p, "to")) }
        if let c, let to { command = .quad(control: c, to: to) }
      case "curve":
        guard
          let m = object(
            member.value, p, allowed: ["control1", "control2", "to"], required: ["control1", "control2", "to"])
        else { break }
        let c1 = m["control1"].flatMap { point($0, join(p, "control1")) }
        let c2 = m["control2"].flatMap { point($0, join(p, "control2")) }
        let to = m["to"].flatMap { point($0, join(p, "to")) }
        if let c1, let c2, let to { command = .curve(control1: c1, control2: c2, to: to) }
      case "arc":
        guard
          let m = object(
            member.value, p, allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"],
            required: ["center", "radius", "startAngle", "endAngle"])
        else { break }
        let center = m["center"].flatMap { point($0, join(p, "center")) }
        let radius = m["radius"].flatMap { expression($0, join(p, "radius"), .number, range: .nonNegative) }
        let a0 = m["startAngle"].flatMap { expression($0, join(p, "startAngle"), .number) }
        let a1 = m["endAngle"].flatMap { expression($0, join(p, "endAngle"), .number) }
        let cw = m["clockwise"].map { bool($0, join(p, "clockwise")) } ?? false
        if let center, let radius, let a0, let a1, let cw {
          command = .arc(center: center, radius: radius, startAngle: a0, endAngle: a1, clockwise: cw)
        }
      case "close":
        if case .bool(true) = member.value.kind {
          command = .close
        } else {
          error(member.value, p, "expected true, found \(describe(member.value))")
        }
      default:
        error(
          member.keyLocation, p,
          "unknown path command \"\(excerpt(member.key))\"\(Suggestion.hint(for: member.key, in: Self.pathCommandKeys)); expected one of: \(Self.pathCommandKeys.joined(separator: ", "))"
        )
      }
      if let command { result.append(command) } else { ok = false }
    }
    if ok, let first = result.first {
      if case .move = first {
      } else if case .arc = first {
      } else {
        error(items[0], "\(path)[0]", "a path starts with \"move\" (or \"arc\", which moves to its start)")
        return nil
      }
    }
    return ok ? result : nil
  }
}
