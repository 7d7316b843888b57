extension SceneDecoder {
  mutating func timeline(_ v: JSONValue) -> [Transaction] {
    guard case .array(let events) = v.kind else {
      typeError(v, "timeline", expected: "an array of events")
      return []
    }
    var result: [Transaction] = []
    for (i, event) in events.enumerated() {
      let path = "timeline[\(i)]"
      guard case .object = event.kind else {
        typeError(event, path, expected: "an event object with \"at\" and \"set\"")
        continue
      }
      if event["steps"] != nil || event["every"] != nil {
        result += sequence(event, path)
      } else {
        guard
          let m = object(
            event, path, allowed: ["at", "set", "animation", "disablesAnimations"], required: ["at", "set"])
        else {
          continue
        }
        let at = m["at"].flatMap { time($0, join(path, "at")) }
        let changes = m["set"].flatMap { set($0, join(path, "set")) }
        let animation = m["animation"].map { self.animation($0, join(path, "animation")) } ?? Decoded(value: nil)
        let disables = m["disablesAnimations"].map { bool($0, join(path, "disablesAnimations")) } ?? false
        if let at, let changes, let animation, let disables {
          result.append(
            Transaction(
              time: at, changes: changes, animation: animation.value, disablesAnimations: disables, path: path,
              location: event.location))
        }
      }
      if result.count > SceneLimits.maxTransactions {
        error(event, path, "more than \(SceneLimits.maxTransactions) transactions; this is beyond the renderer's limit")
        return []
      }
    }
    // Events at the same time apply in array order: a stable sort by time (no copies of a
    // million transactions when they are in order already, as they usually are).
    if zip(result, result.dropFirst()).allSatisfy({ $0.time <= $1.time }) { return result }
    return result.enumerated().sorted { a, b in
      a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
    }.map(\.element)
  }

  mutating func time(_ v: JSONValue, _ path: String) -> Double? {
    guard let t = number(v, path, .nonNegative) else { return nil }
    if t > 1e6 {
      error(v, path, "\(format(t)) s is out of range; expected 0…1000000 seconds")
      return nil
    }
    return t
  }

  mutating func set(_ v: JSONValue, _ path: String) -> [(name: String, value: StateValue)]? {
    guard case .object(let members) = v.kind else {
      typeError(v, path, expected: "an object of state name → new value")
      return nil
    }
    var changes: [(name: String, value: StateValue)] = []
    var ok = true
    for m in members {
      let p = join(path, m.key)
      if brokenState.contains(m.key) {
        ok = false
        continue
      }
      guard let type = stateTypes[m.key] else {
        let hint = Suggestion.hint(for: m.key, in: stateTypes.keys.sorted())
        error(m.keyLocation, p, "undeclared state variable \"\(excerpt(m.key))\"\(hint); declare it in \"state\"")
        ok = false
        continue
      }
      // A string or array variable takes a bare string or array; other values say their type.
      let value =
        [.string, .strings, .numbers].contains(type)
        ? expression(m.value, p, type, allowState: false).flatMap {
          if case .constant(let c) = $0 { c } else { nil }
        } : literal(m.value, p)
      guard let value else {
        ok = false
        continue
      }
      guard value.type == type else {
        error(m.value, p, "state variable \"\(m.key)\" is \(type), but this value is \(value.type)")
        ok = false
        continue
      }
      changes.append((m.key, value))
    }
    return ok ? changes : nil
  }

  /// A sequence: `steps[k]` happens at `at + k·every`, each its own transaction; a step's
  /// own `animation` (even `null`) overrides the sequence's.
  mutating func sequence(_ v: JSONValue, _ path: String) -> [Transaction] {
    guard
      let m = object(
        v, path, allowed: ["at", "every", "animation", "steps", "disablesAnimations"],
        required: ["at", "every", "steps"])
    else {
      return []
    }
    let at = m["at"].flatMap { time($0, join(path, "at")) }
    var every: Double?
    if let e = m["every"], let n = number(e, join(path, "every")) {
      if n > 0 {
        every = n
      } else {
        error(e, join(path, "every"), "\(format(n)) is out of range; \"every\" must be > 0")
      }
    }
    let animation = m["animation"].map { self.animation($0, join(path, "animation")) } ?? Decoded(value: nil)
    let disables = m["disablesAnimations"].map { bool($0, join(path, "disablesAnimations")) } ?? false
    guard let stepsValue = m["steps"] else { return [] }
    guard case .array(let steps) = stepsValue.kind, !steps.isEmpty else {
      if case .array = stepsValue.kind {
        error(stepsValue, join(path, "steps"), "a sequence needs at least one step")
      } else {
        typeError(stepsValue, join(path, "steps"), expected: "an array of steps")
      }
      return []
    }
    if steps.count > SceneLimits.maxTransactions {
      error(stepsValue, join(path, "steps"), "more than \(SceneLimits.maxTransactions) steps")
      return []
    }
    var result: [Transaction] = []
    for (k, step) in steps.enumerated() {
      let sPath = "\(path).steps[\(k)]"
      guard let sm = object(step, sPath, allowed: ["set", "animation", "disablesAnimations"], required: ["set"]) else {
        continue
      }
      let changes = sm["set"].flatMap { set($0, join(sPath, "set")) }
      let own = sm["animation"].map { self.animation($0, join(sPath, "animation")) }
      let sDisables = sm["disablesAnimations"].map { bool($0, join(sPath, "disablesAnimations")) } ?? disables
      guard let at, let every, let changes, let animation, let sDisables else { continue }
      var stepAnimation = animation.value
      if let own {
        guard let own else { continue }
        stepAnimation = own.value
      }
      let t = at + Double(k) * every
      if t > 1e6 {
        error(step, sPath, "step time \(format(t)) s is out of range; expected at most 1000000 seconds")
        return result
      }
      result.append(
        Transaction(
          time: t, changes: changes, animation: stepAnimation, disablesAnimations: sDisables, path: sPath,
          location: step.location))
    }
    return result
  }
}
