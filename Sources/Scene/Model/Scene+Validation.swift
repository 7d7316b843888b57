import FlipbookAnimation

/// A rule of the format that a scene breaks, with the JSON path of what breaks it.
public struct SceneProblem: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var message: String
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// The rules a scene must keep whoever wrote it, stated once on the model.
///
/// `Movie` checks a scene made in Swift with ``Scene/validate()``. The JSON decoder applies
/// the same rules (``ModifierSpec/placementProblem(after:onShape:)``,
/// ``Scene/repeatForeverProblem``) where it reads the element they concern, so that its
/// messages point at the exact line and column and a misplaced modifier's own value is not
/// judged as well.
extension Scene {
  /// Every problem, in tree order, then the timeline's.
  public func validate() -> [SceneProblem] {
    var problems: [SceneProblem] = []
    var repeatsForever = transactions.contains {
      $0.animation?.repeatsForever == true || ($0.keyframes.map { $0.repeatCount == nil } ?? false)
        || ($0.phases.map { $0.repeatCount == nil } ?? false)
    }
    func visit(_ node: Node) {
      let isShape = if case .shape = node.kind { true } else { false }
      for (i, m) in node.modifiers.enumerated() {
        if let message = m.kind.spec.placementProblem(after: node.modifiers[..<i].map(\.kind.spec), onShape: isShape) {
          problems.append(SceneProblem(path: m.path, message: message))
        }
        if let message = m.kind.frameProblem { problems.append(SceneProblem(path: m.path, message: message)) }
        if let paint = m.kind.paint, let message = paint.problem {
          problems.append(SceneProblem(path: m.path, message: message))
        }
        switch m.kind {
        case .animation(let curve, _), .animationBody(let curve, _), .transaction(let curve?, _):
          if curve?.repeatsForever == true { repeatsForever = true }
        case .overlay(let n, _), .background(let n, _), .mask(let n, _): visit(n)
        default: break
        }
      }
      switch node.kind {
      case .zstack(let c, _), .vstack(let c, _, _), .hstack(let c, _, _): c.forEach(visit)
      case .conditional(_, let a, let b):
        visit(a)
        if let b { visit(b) }
      case .forEach(_, let content): visit(content)
      default: break
      }
    }
    visit(root)
    for problem in Self.afterProblems(transactions) {
      let path = transactions[problem.index].path
      problems.append(SceneProblem(path: problem.key.map { "\(path).\($0)" } ?? path, message: problem.message))
    }
    if duration == .auto, repeatsForever {
      problems.append(SceneProblem(path: "duration", message: Self.repeatForeverProblem))
    }
    return problems
  }

  /// What is wrong with the timeline's names and `after` links: a name used twice, an `after`
  /// that names no event, events that wait for each other in a cycle (reported once, at the
  /// first of them). `key` is the event's key at fault (`name`, `after`), nil for the event.
  public static func afterProblems(_ transactions: [Transaction]) -> [(index: Int, key: String?, message: String)] {
    var problems: [(index: Int, key: String?, message: String)] = []
    var byName: [String: Int] = [:]
    for (i, tx) in transactions.enumerated() {
      guard let name = tx.name else { continue }
      if let first = byName[name] {
        problems.append(
          (i, "name", "the event name \"\(name)\" is already used by \(transactions[first].path); names must be unique")
        )
      } else {
        byName[name] = i
      }
    }
    for (i, tx) in transactions.enumerated() {
      guard let after = tx.after, byName[after.name] == nil else { continue }
      let hint = Suggestion.hint(for: after.name, in: byName.keys.sorted())
      problems.append((i, "after", "no event is named \"\(after.name)\"\(hint); \"after\" names an event's \"name\""))
    }
    // Each event's link is followed once: a walk stops at an event an earlier walk visited,
    // and a walk that meets its own path again (`walk[j] == i`) has found a cycle.
    var walk = [Int](repeating: -1, count: transactions.count)
    for i in transactions.indices where walk[i] < 0 {
      var path: [Int] = []
      var current: Int? = i
      while let j = current, walk[j] < 0 {
        walk[j] = i
        path.append(j)
        current = transactions[j].after.flatMap { byName[$0.name] }
      }
      guard let j = current, walk[j] == i, let start = path.firstIndex(of: j) else { continue }
      let cycle = Array(path[start...])
      let first = cycle.min()!
      let names = (cycle + [cycle[0]]).map { transactions[$0].name ?? transactions[$0].path }
      problems.append(
        (
          first, "after",
          "events wait for each other in a cycle (\(names.joined(separator: " → "))), so none of them ever happens; give one of them \"at\""
        ))
    }
    return problems
  }

  /// Why `"duration": "auto"` and an animation that repeats forever cannot go together.
  public static let repeatForeverProblem =
    "an animation that repeats forever never finishes, so \"duration\": \"auto\" cannot end; give the scene a duration in seconds"
}

extension ModifierSpec {
  /// Where a modifier may stand: a shape style (`fill`, `stroke`) only on a shape and first
  /// after its shape modifiers, a shape modifier (`trim`) only on a shape and before
  /// everything else, as SwiftUI's types allow (`Circle().trim(…).fill(…).frame(…)`);
  /// `before` are the modifiers in front of it. Nil where it is fine.
  public func placementProblem(after before: [ModifierSpec], onShape: Bool) -> String? {
    // An implicit `animation` keeps the content a shape: it only changes how the shape's own
    // values animate (the Swift API puts one on custom shapes without animatable data).
    let onlyShapeModifiers = before.allSatisfy { $0.placement == .shapeModifier || $0.name == "animation" }
    switch placement {
    case .anywhere:
      return nil
    case .shapeStyle:
      if !onShape {
        return "\"\(name)\" applies to shapes only (circle, ellipse, rectangle, roundedRectangle, capsule, path)"
      }
      if !onlyShapeModifiers {
        return "\"\(name)\" must be the first modifier of a shape, as in SwiftUI (Circle().\(name)(…).frame(…))"
      }
      return nil
    case .shapeModifier:
      if !onShape {
        return "\"\(name)\" applies to shapes only (circle, ellipse, rectangle, roundedRectangle, capsule, path)"
      }
      if !onlyShapeModifiers {
        return
          "\"\(name)\" must come before the shape's style and other modifiers, as in SwiftUI (Circle().\(name)(…).stroke(…))"
      }
      return nil
    }
  }
}

extension Paint where Value == Expression {
  /// What is wrong with a paint made in Swift, which the decoder rules out where it reads the
  /// file: a gradient needs 1 to ``maxGradientStops`` stops, its literal locations lie in
  /// 0…1 and its literal numbers are finite (radii ≥ 0). Nil when it is fine.
  public var problem: String? {
    guard case .gradient(let kind, let count, let locations) = form else { return nil }
    guard count >= 1, count <= maxGradientStops else {
      return count < 1
        ? "a gradient needs at least one color (SwiftUI draws nothing for an empty gradient)"
        : "a gradient has at most \(maxGradientStops) stops, found \(count)"
    }
    let first = locations ? 2 * count : count
    for (k, v) in values.enumerated() {
      let numbers: [Double]
      switch v {
      case .constant(.number(let n)): numbers = [n]
      case .constant(.point(let p)): numbers = [p.x, p.y]
      default: continue
      }
      let name = form.valueName(k)
      if numbers.contains(where: { !$0.isFinite }) { return "\(name) is not a finite number" }
      if locations && k < first && !(0...1).contains(numbers[0]) {
        return "\(name) is \(numbers[0]); a stop's location lies in 0…1"
      }
      if k >= first, kind.geometry[k - first].range == .nonNegative, numbers[0] < 0 {
        return "\(name) is \(numbers[0]); a radius is ≥ 0"
      }
    }
    return nil
  }
}
