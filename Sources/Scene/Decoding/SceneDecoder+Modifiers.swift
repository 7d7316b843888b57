extension SceneDecoder {
  /// The modifiers' JSON keys, from the table.
  package static var modifierNames: [String] { ModifierSpec.names }

  mutating func modifiers(_ v: JSONValue, _ path: String, isShape: Bool) -> [Modifier] {
    guard case .array(let items) = v.kind else {
      typeError(v, path, expected: "an array of modifiers")
      return []
    }
    var result: [Modifier] = []
    /// The modifiers in front of the current one, for the placement rules.
    var before: [ModifierSpec] = []
    for (i, item) in items.enumerated() {
      let itemPath = "\(path)[\(i)]"
      guard case .object(let members) = item.kind, members.count == 1, let member = members.first else {
        if case .object(let members) = item.kind {
          error(
            item, itemPath,
            members.isEmpty
              ? "empty modifier; each modifier is an object with exactly one key, such as {\"opacity\": 0.5}"
              : "a modifier object has exactly one key, found \(members.count) (\(members.map { excerpt($0.key) }.joined(separator: ", "))); split them into separate entries"
          )
        } else {
          typeError(item, itemPath, expected: "a modifier object with one key, such as {\"opacity\": 0.5}")
        }
        continue
      }
      let name = member.key
      let mPath = join(itemPath, name)
      guard let spec = ModifierSpec.named[name] else {
        let why =
          SwiftUINames.modifierNote(name).map { ": \($0)" } ?? Suggestion.hint(for: name, in: Self.modifierNames)
        error(member.keyLocation, mPath, "unknown modifier \"\(excerpt(name))\"\(why)")
        continue
      }
      // A misplaced modifier is reported, and its value left unread.
      defer { before.append(spec) }
      if let problem = spec.placementProblem(after: before, onShape: isShape) {
        error(member.keyLocation, mPath, problem)
        continue
      }
      // A body's modifiers go into the chain just before the modifier that holds them; they
      // apply to a placeholder of the content, which is no shape.
      var body: [Modifier] = []
      if spec.arguments.contains(where: { $0.type == .body }), case .object(let ms) = member.value.kind,
        let b = ms.first(where: { $0.key == "body" })
      {
        body = modifiers(b.value, join(mPath, "body"), isShape: false)
        // They stand in the chain before this one, for the placement of what follows.
        before += body.map(\.kind.spec)
      }
      if let kind = modifier(spec, member.value, mPath, bodyCount: body.count) {
        if let problem = kind.frameProblem { error(member.value, mPath, problem) }
        result += body
        result.append(Modifier(kind, path: mPath))
      }
    }
    return result
  }

  /// A modifier's value, read as its table row says: the value alone, an object of its
  /// arguments, either of those, or `true`.
  /// `bodyCount` is how many modifiers its `body` (already read) holds.
  mutating func modifier(_ spec: ModifierSpec, _ v: JSONValue, _ path: String, bodyCount: Int = 0) -> Modifier.Kind? {
    var isObject: Bool
    switch spec.form {
    case .flag:
      guard case .bool(true) = v.kind else {
        error(v, path, "expected true, found \(describe(v)) (omit the modifier to turn it off)")
        return nil
      }
      return Modifier.Kind(spec.name, arguments: [])
    case .value: isObject = false
    case .object: isObject = true
    case .valueOrObject(let test, _):
      guard case .object(let members) = v.kind else {
        isObject = false
        break
      }
      switch test {
      case .withArgumentKey: isObject = members.contains { m in spec.arguments.contains { $0.key == m.key } }
      case .unlessConditional: isObject = !members.contains { $0.key == "if" }
      }
    }
    var arguments: [ModifierArgument<Expression, Node>?]
    if isObject {
      let required = spec.arguments.filter { if case .required = $0.presence { true } else { false } }.map(\.key)
      guard let m = object(v, path, allowed: spec.arguments.map(\.key), required: required) else { return nil }
      if !spec.exactlyOne.isEmpty && spec.exactlyOne.filter({ m[$0] != nil }).count != 1 {
        let keys = spec.exactlyOne.map { "\"\($0)\"" }.joined(separator: " or ")
        error(v, path, "\"\(spec.name)\" takes exactly one of \(keys)")
        return nil
      }
      arguments = spec.arguments.map { a in
        guard let value = m[a.key] else { return a.defaultArgument }
        if a.type == .body { return .body(count: bodyCount) }
        return argument(a.type, value, join(path, a.key))
      }
    } else if case .valueOrObject(_, spread: true) = spec.form {
      let one = argument(spec.arguments[0].type, v, path)
      arguments = spec.arguments.map { _ in one }
    } else {
      arguments = [argument(spec.arguments[0].type, v, path)]
      arguments += spec.arguments.dropFirst().map(\.defaultArgument)
    }
    let decoded = arguments.compactMap { $0 }
    guard decoded.count == spec.arguments.count else { return nil }
    return Modifier.Kind(spec.name, arguments: decoded)
  }

  /// One argument of a modifier, of `type`.
  mutating func argument(_ type: ArgumentType, _ v: JSONValue, _ path: String) -> ModifierArgument<Expression, Node>? {
    switch type {
    case .value(let valueType, let range, let numberAsPoint, let defaultComponent):
      return expression(
        v, path, valueType, range: range, numberAsPoint: numberAsPoint, defaultComponent: defaultComponent
      )
      .map { .value($0) }
    case .alignment: return alignment(v, path).map { .alignment($0) }
    case .anchor: return anchor(v, path).map { .anchor($0) }
    case .node: return node(v, path).map { .content($0) }
    case .animation: return animation(v, path).map { .animation($0.value) }
    case .transition: return transition(v, path).map { .transition($0) }
    case .contentTransition: return contentTransition(v, path).map { .contentTransition($0) }
    case .string: return string(v, path).map { .string($0) }
    case .bool: return bool(v, path).map { .bool($0) }
    case .clipShape: return clipShape(v, path).map { .clipShape($0) }
    case .paint: return paint(v, path).map { .paint($0) }
    case .choice(let names):
      guard case .string(let s) = v.kind, names.contains(s) else {
        let found =
          if case .string(let s) = v.kind { "\"\(excerpt(s))\"\(Suggestion.hint(for: s, in: names))" } else {
            describe(v)
          }
        error(v, path, "expected one of: \(names.joined(separator: ", ")); found \(found)")
        return nil
      }
      return .choice(s)
    case .body:
      // Read by `modifiers`, which knows where the body's modifiers go.
      return nil
    case .numbers(let range):
      guard case .array(let items) = v.kind else {
        typeError(v, path, expected: "an array of numbers")
        return nil
      }
      var numbers: [Double] = []
      for (k, item) in items.enumerated() {
        guard let n = number(item, "\(path)[\(k)]", range) else { return nil }
        numbers.append(n)
      }
      return .numbers(numbers)
    case .axis:
      guard case .array(let items) = v.kind, items.count == 3 else {
        typeError(v, path, expected: "an axis [x, y, z] of three numbers")
        return nil
      }
      var numbers: [Double] = []
      for (k, item) in items.enumerated() {
        guard let n = number(item, "\(path)[\(k)]", .any) else { return nil }
        numbers.append(n)
      }
      return .numbers(numbers)
    case .stateReference:
      guard case .string(let s) = v.kind, s.hasPrefix("$") else {
        typeError(v, path, expected: "a state reference such as \"$scaled\"")
        return nil
      }
      return stateReference(v, String(s.dropFirst()), path, [.number, .bool, .color, .point]).map {
        .stateReference($0)
      }
    }
  }
}
