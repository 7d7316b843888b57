import FlipbookAnimation
import FlipbookScene

/// One animation that runs in the scene, for `render info`.
public struct AnimationReport: Sendable {
  /// What animates: a JSON path such as `root.children[0].modifiers[2].scaleEffect`, a
  /// node's `.layout` (its frame moves or resizes), `.transition`, or `matchedGeometry(id)`.
  public var target: String
  public var animation: Animation
  public var start: Double
  /// When this run finished (nil: never, it repeats forever).
  public var end: Double?
  /// When the animated value came to rest for good (nil: never).
  public var settle: Double?
}

extension CompiledScene {
  /// Every animation run in the scene, ordered by start time, then by target.
  public var animations: [AnimationReport] {
    var reports: [AnimationReport] = []
    func add(_ target: String, _ track: AnimationTrack) {
      for run in track.runs {
        reports.append(
          AnimationReport(
            target: target, animation: run.animation, start: run.start, end: run.end, settle: track.settleTime))
      }
    }
    for i in 0..<table.count {
      let node = table[i].node
      add("\(node.path).layout", rectTracks[i][node.modifiers.count])
      if let p = presenceTracks[i] { add("\(node.path).transition", p) }
      for fade in contentFades[i] ?? [] { add("\(node.path).text", fade.progress) }
    }
    for (key, track) in attributeTracks {
      let node = table[Int(key.node)].node
      var target = "\(node.path).content"
      if key.modifier >= 0 {
        // A modifier with several animatable values names the one (`stroke.lineWidth`).
        let modifier = node.modifiers[Int(key.modifier)]
        let arguments = modifier.kind.spec.arguments
        target = modifier.path
        if let paint = modifier.kind.paint, key.slot >= Modifier.Kind.paintSlots {
          // A paint's value: the paint's argument, then the value (`fill.stops[1].location`).
          let name = paint.form.valueName(Int(key.slot) - Modifier.Kind.paintSlots)
          if arguments.count(where: { $0.role == .draws }) > 1 { target += ".\(arguments[0].key)" }
          if case .gradient = paint.form { target += ".\(name)" }
        } else if arguments.count(where: { $0.role == .draws }) > 1 {
          target += ".\(arguments[Int(key.slot)].key)"
        }
      }
      add(target, track)
    }
    for (id, track) in matchedTracks { add("matchedGeometry(\(id))", track) }
    return reports.sorted { $0.start != $1.start ? $0.start < $1.start : $0.target < $1.target }
  }
}
