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
    var repeatsForever = transactions.contains { $0.animation?.repeatsForever == true }
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
        case .animation(let curve, _): if curve?.repeatsForever == true { repeatsForever = true }
        case .overlay(let n, _), .background(let n, _): visit(n)
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
    if duration == .auto, repeatsForever {
      problems.append(SceneProblem(path: "duration", message: Self.repeatForeverProblem))
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
