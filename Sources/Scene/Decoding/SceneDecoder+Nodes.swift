extension SceneDecoder {
  package static let nodeTypes = [
    "circle", "ellipse", "rectangle", "roundedRectangle", "capsule", "color", "zstack", "vstack",
    "hstack", "if", "forEach", "empty", "spacer", "path", "text", "image",
  ]
  static let shapeTypes: Set<String> = ["circle", "ellipse", "rectangle", "roundedRectangle", "capsule", "path"]

  static func extraKeys(_ type: String) -> [String] {
    switch type {
    case "roundedRectangle": return ["cornerRadius", "style"]
    case "color": return ["color"]
    case "zstack": return ["children", "alignment"]
    case "vstack", "hstack": return ["children", "spacing", "alignment"]
    case "if": return ["condition", "then", "else"]
    case "forEach": return ["data", "content"]
    case "spacer": return ["minLength"]
    case "path": return ["d", "commands", "viewBox", "fillRule"]
    case "text": return ["text", "font", "lineLimit", "multilineTextAlignment", "lineSpacing"]
    case "image": return ["file", "resizable", "contentMode", "imageScale"]
    default: return []
    }
  }

  mutating func node(_ v: JSONValue, _ path: String) -> Node? {
    nodeCount += 1
    if nodeCount == SceneLimits.maxNodes + 1 {
      error(v, path, "more than \(SceneLimits.maxNodes) nodes; this is beyond the renderer's limit")
    }
    if nodeCount > SceneLimits.maxNodes { return nil }
    guard case .object = v.kind else {
      typeError(v, path, expected: "a node object with a \"type\"")
      return nil
    }
    guard let typeValue = v["type"] else {
      error(v, path, "missing required key \"type\"; expected one of: \(Self.nodeTypes.joined(separator: ", "))")
      return nil
    }
    guard case .string(let type) = typeValue.kind else {
      typeError(typeValue, join(path, "type"), expected: "a node type name")
      return nil
    }
    guard Self.nodeTypes.contains(type) else {
      error(
        typeValue, join(path, "type"),
        "unknown node type \"\(excerpt(type))\"\(Self.unknownTypeNote(type)); expected one of: \(Self.nodeTypes.joined(separator: ", "))"
      )
      return nil
    }
    let allowed = ["type", "id", "modifiers"] + Self.extraKeys(type)
    let required: [String] = {
      switch type {
      case "color": return ["color"]
      case "if": return ["condition", "then"]
      case "forEach": return ["data", "content"]
      case "text": return ["text"]
      case "image": return ["file"]
      default: return []
      }
    }()
    guard let m = object(v, path, allowed: allowed, required: required) else { return nil }
    var id: String?
    if let iv = m["id"] { id = string(iv, join(path, "id")) }

    var kind: Node.Kind?
    switch type {
    case "circle": kind = .shape(.circle)
    case "ellipse": kind = .shape(.ellipse)
    case "rectangle": kind = .shape(.rectangle)
    case "capsule": kind = .shape(.capsule)
    case "roundedRectangle":
      let radius =
        m["cornerRadius"].map { expression($0, join(path, "cornerRadius"), .number, range: .nonNegative) } ?? .number(0)
      let continuous = cornerStyle(m["style"], join(path, "style")) ?? false
      if let radius { kind = .shape(.roundedRectangle(cornerRadius: radius, continuous: continuous)) }
    case "color":
      if let c = m["color"].flatMap({ expression($0, join(path, "color"), .color) }) { kind = .color(c) }
    case "zstack", "vstack", "hstack":
      let children = m["children"].map { self.children($0, join(path, "children")) } ?? []
      let allowedAlignments: [Alignment] =
        type == "zstack"
        ? Alignment.allCases : type == "vstack" ? [.leading, .center, .trailing] : [.top, .center, .bottom]
      let alignment =
        m["alignment"].map { self.alignment($0, join(path, "alignment"), allowed: allowedAlignments) } ?? .center
      if type == "zstack" {
        if let alignment { kind = .zstack(children: children, alignment: alignment) }
      } else {
        let spacing = m["spacing"].map { expression($0, join(path, "spacing"), .number) } ?? .number(8)
        if let alignment, let spacing {
          kind =
            type == "vstack"
            ? .vstack(children: children, spacing: spacing, alignment: alignment)
            : .hstack(children: children, spacing: spacing, alignment: alignment)
        }
      }
    case "if":
      let condition = m["condition"].flatMap { self.condition($0, join(path, "condition")) }
      let then = m["then"].flatMap { node($0, join(path, "then")) }
      let otherwise = m["else"].flatMap { node($0, join(path, "else")) }
      if let condition, let then { kind = .conditional(condition: condition, then: then, else: otherwise) }
    case "forEach":
      if let d = m["data"], let (data, element) = forEachData(d, join(path, "data")) {
        elementTypes.append(element)
        let content = m["content"].flatMap { node($0, join(path, "content")) }
        elementTypes.removeLast()
        if let content { kind = .forEach(data: data, content: content) }
      }
    case "path": kind = pathShape(v, m, path).map { .shape(.path($0)) }
    case "text": kind = textNode(m, path).map { .text($0) }
    case "image": kind = imageNode(m, path).map { .image($0) }
    case "empty": kind = .empty
    case "spacer":
      if let v = m["minLength"] {
        kind = expression(v, join(path, "minLength"), .number, range: .nonNegative).map { .spacer(minLength: $0) }
      } else {
        kind = .spacer(minLength: nil)
      }
    default: break
    }
    let modifiers =
      m["modifiers"].map { self.modifiers($0, join(path, "modifiers"), isShape: Self.shapeTypes.contains(type)) } ?? []
    guard let kind else { return nil }
    return Node(kind: kind, id: id, modifiers: modifiers, path: path)
  }

  /// A `forEach`'s data: `"$array"` (an array variable) or a literal array, with the type of
  /// its elements.
  mutating func forEachData(_ v: JSONValue, _ path: String) -> (Expression, ValueType)? {
    if case .string(let s) = v.kind, s.hasPrefix("$") {
      guard let name = stateReference(v, String(s.dropFirst()), path, [.strings, .numbers]) else { return nil }
      return (.state(name), stateTypes[name]!.element!)
    }
    guard case .array = v.kind else {
      typeError(v, path, expected: "an array variable such as \"$items\", or an array of strings or numbers")
      return nil
    }
    guard let array = arrayLiteral(v, path, of: nil) else { return nil }
    return (.constant(array), array.type.element!)
  }

  /// A rounded rectangle's `style`: whether it is `"continuous"` (absent: `"circular"`, false);
  /// nil after reporting anything else.
  mutating func cornerStyle(_ v: JSONValue?, _ path: String) -> Bool? {
    guard let v else { return false }
    if case .string("continuous") = v.kind { return true }
    if case .string("circular") = v.kind { return false }
    error(v, path, "expected \"circular\" or \"continuous\", found \(describe(v))")
    return nil
  }

  mutating func children(_ v: JSONValue, _ path: String) -> [Node] {
    guard case .array(let items) = v.kind else {
      typeError(v, path, expected: "an array of nodes")
      return []
    }
    var result: [Node] = []
    var ids: [String: SourceLocation] = [:]
    for (i, item) in items.enumerated() {
      guard let n = node(item, "\(path)[\(i)]") else { continue }
      if let id = n.id {
        if let first = ids[id] {
          error(
            item, "\(path)[\(i)].id",
            "duplicate id \"\(excerpt(id))\" among siblings (first at \(first)); stack children need distinct ids")
        } else {
          ids[id] = item.location
        }
      }
      result.append(n)
    }
    return result
  }
}

extension SceneDecoder {
  /// ` (did you mean "circle"?)` for a typo or a capitalized name of ours (`Circle`), `: "Image"
  /// is SwiftUI's, not supported yet` for another SwiftUI view, or nothing.
  static func unknownTypeNote(_ type: String) -> String {
    let hint = Suggestion.hint(for: type, in: nodeTypes)
    guard !nodeTypes.contains(where: { $0.lowercased() == type.lowercased() }), let note = SwiftUINames.viewNote(type)
    else { return hint }
    return ": " + note
  }
}
