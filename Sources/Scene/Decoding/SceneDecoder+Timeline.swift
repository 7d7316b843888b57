import FlipbookAnimation

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
        let steps = sequence(event, path)
        if result.isEmpty { result = steps } else { result += steps }
      } else if event["phases"] != nil {
        if let tx = phasesEvent(event, path) { result.append(tx) }
      } else if event["keyframes"] != nil {
        if let tx = keyframesEvent(event, path) { result.append(tx) }
      } else {
        if let tx = transaction(event, path) { result.append(tx) }
      }
      if result.count > SceneLimits.maxTransactions {
        error(event, path, "more than \(SceneLimits.maxTransactions) transactions; this is beyond the renderer's limit")
        return []
      }
    }
    for problem in Scene.afterProblems(result) {
      let tx = result[problem.index]
      error(tx.location, problem.key.map { join(tx.path, $0) } ?? tx.path, problem.message)
    }
    // Events at the same time apply in array order: a stable sort by time; events that
    // follow another come after, in array order, and the replay finds their times. No copies
    // of a million transactions when they are in order already, as they usually are.
    func key(_ tx: Transaction) -> Double { tx.after == nil ? tx.time : .infinity }
    if zip(result, result.dropFirst()).allSatisfy({ key($0) <= key($1) }) { return result }
    return result.enumerated().sorted { a, b in
      let (x, y) = (key(a.element), key(b.element))
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
  }

  /// One event: `set` at `at`, or `after` a named event (plus `delay`), with its animation.
  mutating func transaction(_ event: JSONValue, _ path: String) -> Transaction? {
    guard
      let m = object(
        event, path, allowed: ["at", "after", "delay", "name", "set", "animation", "disablesAnimations"],
        required: ["set"])
    else {
      return nil
    }
    let start = start(event, m, path)
    let name = m["name"].flatMap { eventName($0, join(path, "name")) }
    let changes = m["set"].flatMap { set($0, join(path, "set")) }
    let animation = m["animation"].map { self.animation($0, join(path, "animation")) } ?? Decoded(value: nil)
    let disables = m["disablesAnimations"].map { bool($0, join(path, "disablesAnimations")) } ?? false
    guard let start, let changes, let animation, let disables, m["name"] == nil || name != nil else { return nil }
    return Transaction(
      time: start.time, changes: changes, animation: animation.value, disablesAnimations: disables, path: path,
      location: event.location, name: name, after: start.after)
  }

  /// When an event starts: `"at": t`, or `"after": NAME` with an optional `"delay"`.
  mutating func start(_ event: JSONValue, _ m: [String: JSONValue], _ path: String)
    -> (time: Double, after: Transaction.After?)?
  {
    switch (m["at"], m["after"]) {
    case (let at?, nil):
      if let d = m["delay"] {
        error(d, join(path, "delay"), "\"delay\" goes with \"after\"; with \"at\", add the delay to the time")
        return nil
      }
      return time(at, join(path, "at")).map { ($0, nil) }
    case (nil, let after?):
      let name = eventName(after, join(path, "after"))
      let delay = m["delay"].map { time($0, join(path, "delay")) } ?? 0
      guard let name, let delay else { return nil }
      return (0, Transaction.After(name: name, delay: delay))
    case (_?, _?):
      error(event, path, "an event has either \"at\" or \"after\", not both")
      return nil
    case (nil, nil):
      error(event, path, "missing required key \"at\" (or \"after\": the name of an earlier event)")
      return nil
    }
  }

  /// An event's name: a non-empty string.
  mutating func eventName(_ v: JSONValue, _ path: String) -> String? {
    guard let s = string(v, path) else { return nil }
    guard !s.isEmpty else {
      error(v, path, "an event name cannot be empty")
      return nil
    }
    return s
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
    result.reserveCapacity(steps.count)
    for (k, step) in steps.enumerated() {
      let sPath = "\(path).steps[\(k)]"
      let decoded = self.step(step, sPath, animation: animation?.value, disablesAnimations: disables)
      guard let at, let every, let decoded, animation != nil, disables != nil else { continue }
      let t = at + Double(k) * every
      if t > 1e6 {
        error(step, sPath, "step time \(format(t)) s is out of range; expected at most 1000000 seconds")
        return result
      }
      result.append(
        Transaction(
          time: t, changes: decoded.changes, animation: decoded.animation,
          disablesAnimations: decoded.disablesAnimations, sequence: path, step: k, location: step.location))
    }
    return result
  }

  /// A sequence's or phases event's step, `{"set", "animation", "disablesAnimations"}`: its own
  /// `animation` (even `null`) and `disablesAnimations` override the event's.
  mutating func step(_ v: JSONValue, _ path: String, animation: Animation?, disablesAnimations: Bool?)
    -> Transaction.Phases.Step?
  {
    guard let m = object(v, path, allowed: ["set", "animation", "disablesAnimations"], required: ["set"]) else {
      return nil
    }
    let changes = m["set"].flatMap { set($0, join(path, "set")) }
    let own = m["animation"].map { self.animation($0, join(path, "animation")) }
    let disables = m["disablesAnimations"].map { bool($0, join(path, "disablesAnimations")) } ?? disablesAnimations
    var stepAnimation = animation
    if let own {
      guard let own else { return nil }
      stepAnimation = own.value
    }
    guard let changes, let disables else { return nil }
    return Transaction.Phases.Step(changes: changes, animation: stepAnimation, disablesAnimations: disables)
  }

  /// A phases event: `{"at" or "after", "name", "phases": [STEP, …], "repeat", "animation",
  /// "disablesAnimations"}`, SwiftUI's `PhaseAnimator` (the event's `animation` is the default of
  /// steps that give none).
  mutating func phasesEvent(_ event: JSONValue, _ path: String) -> Transaction? {
    guard
      let m = object(
        event, path,
        allowed: ["at", "after", "delay", "name", "phases", "repeat", "animation", "disablesAnimations"],
        required: ["phases"])
    else {
      return nil
    }
    let start = start(event, m, path)
    let name = m["name"].flatMap { eventName($0, join(path, "name")) }
    let animation = m["animation"].map { self.animation($0, join(path, "animation")) } ?? Decoded(value: nil)
    let disables = m["disablesAnimations"].map { bool($0, join(path, "disablesAnimations")) } ?? false
    var repeatCount: Int?? = 1
    if let r = m["repeat"] {
      repeatCount = repetitions(r, join(path, "repeat"))
      if repeatCount == .some(nil) { foreverAnimations.append((join(path, "repeat"), r.location)) }
    }
    let list = m["phases"]!
    guard case .array(let items) = list.kind, !items.isEmpty else {
      if case .array = list.kind {
        error(list, join(path, "phases"), "a phases event needs at least one phase")
      } else {
        typeError(list, join(path, "phases"), expected: "an array of phases {\"set\", \"animation\"}")
      }
      return nil
    }
    var steps: [Transaction.Phases.Step] = []
    for (k, item) in items.enumerated() {
      if let step = step(item, "\(path).phases[\(k)]", animation: animation?.value, disablesAnimations: disables) {
        steps.append(step)
      }
    }
    guard let start, let repeatCount, animation != nil, disables != nil, steps.count == items.count,
      m["name"] == nil || name != nil
    else { return nil }
    return Transaction(
      time: start.time, changes: [], animation: nil, disablesAnimations: false, path: path,
      location: event.location, name: name, after: start.after,
      phases: Transaction.Phases(steps: steps, repeatCount: repeatCount))
  }
}
