import FlipbookAnimation
import FlipbookScene

/// One animated value of a scene sampled over time, for plots (`render curves`): a
/// modifier's argument, a color, a view's layout frame, a transition's progress, or a
/// matched-geometry frame.
public struct AnimatedValue: Sendable {
  /// The JSON path of what animates, as `render info` names it
  /// (`root.children[0].modifiers[2].scaleEffect`, `root.children[1].layout`, …).
  public var target: String
  /// A short name for a legend: the node's `id` (or its path) and what animates.
  public var label: String
  /// The components that change, each with its name (`x`, `opacity`, `width`, …) and one
  /// value per sample time. Components with identical samples are merged (`x, y` for a
  /// uniform `scaleEffect`).
  public var components: [(name: String, values: [Double])]
  /// When the first animation of this value starts.
  public var firstStart: Double
  /// The state variables the value reads, so that a plot can mark the segment boundaries of
  /// the keyframe tracks that drive it (``CompiledScene/keyframeBoundaries(reading:)``).
  public var variables: Set<String> = []
}

extension CompiledScene {
  /// The times of the timeline's events, in order: a keyframes event once, at its start; a
  /// phases event at each of its steps (its phase boundaries).
  public var eventTimes: [Double] {
    events.flatMap { e in e.phases.isEmpty ? [e.time] : e.phases.map(\.time) }.sorted()
  }

  /// The times at which a segment of a keyframe track on one of `variables` starts or ends,
  /// in order, each once.
  public func keyframeBoundaries(reading variables: Set<String>) -> [Double] {
    var times: Set<Double> = []
    for e in events {
      for track in e.keyframes where variables.contains(track.variable) {
        for segment in track.segments { times.formUnion([segment.start, segment.end]) }
      }
    }
    return times.sorted()
  }

  /// Every value that at least one animation (or keyframes event) drives, sampled at `sampleTimes`, keeping only
  /// the components that actually change; ordered by when they first animate, then by target.
  /// At most the first `limit` of them are sampled and returned (a plot holds so many panels;
  /// sampling 100,000 values would take gigabytes).
  ///
  /// Colors are given as display sRGB components in 0…1 (`red`, `green`, `blue`, `opacity`);
  /// rects as `x`, `y`, `width`, `height` in points; transitions as `presence`, 1 when fully
  /// inserted and 0 when removed.
  public func animatedValues(at sampleTimes: [Double], limit: Int = .max) -> [AnimatedValue] {
    typealias Candidate = (
      target: String, label: String, track: AnimationTrack, lanes: [String], color: Bool, firstStart: Double,
      variables: Set<String>
    )
    var candidates: [Candidate] = []
    // Keyframes set their values frame by frame, without animation: with keyframes events,
    // values that change at all are plotted too.
    let keyframes = events.contains { !$0.keyframes.isEmpty }
    func add(
      _ target: String, _ label: String, _ track: AnimationTrack, _ lanes: [String], color: Bool = false,
      reading variables: Set<String> = []
    ) {
      guard let first = track.runs.first?.start ?? (keyframes ? track.firstChange : nil) else { return }
      candidates.append((target, label, track, lanes, color, first, variables))
    }
    for i in 0..<table.count {
      let node = table[i].node
      let name = node.id ?? node.path
      // A view's layout reads its modifiers' values (and its children's, left out here).
      var read: Set<String> = []
      for m in node.modifiers {
        _ = m.kind.map(value: { v, _ in read.formUnion(v.dependencies) }, content: { $0 })
      }
      add(
        "\(node.path).layout", "\(name) layout", rectTracks[i][node.modifiers.count], ["x", "y", "width", "height"],
        reading: read)
      if let p = presenceTracks[i] { add("\(node.path).transition", "\(name) transition", p, ["presence"]) }
    }
    for (key, track) in attributeTracks {
      let node = table[Int(key.node)].node
      let name = node.id ?? node.path
      let (target, what, lanes, color) = Self.describe(key, node)
      let read = key.modifier < 0 ? nil : node.modifiers[Int(key.modifier)].kind.value(atSlot: Int(key.slot))
      add(target, "\(name) \(what)", track, lanes, color: color, reading: read?.dependencies ?? [])
    }
    for (id, track) in matchedTracks {
      add("matchedGeometry(\(id))", "matchedGeometry(\(id))", track, ["x", "y", "width", "height"])
    }
    candidates.sort { $0.firstStart != $1.firstStart ? $0.firstStart < $1.firstStart : $0.target < $1.target }

    var result: [AnimatedValue] = []
    for c in candidates {
      guard result.count < limit else { break }
      let samples = sampleTimes.map { t -> AnimatableVector in
        let v = c.track.value(at: t)
        guard c.color else { return v }
        let color = ColorSpace.color(v)
        return AnimatableVector(color.red, color.green, color.blue, color.opacity)
      }
      var components: [(name: String, values: [Double])] = []
      for (lane, name) in c.lanes.enumerated() {
        let values = samples.map { $0[lane] }
        guard let v0 = values.first, values.contains(where: { $0 != v0 }) else { continue }
        if let same = components.firstIndex(where: { $0.values == values }) {
          components[same].name += ", " + name
        } else {
          components.append((name, values))
        }
      }
      if !components.isEmpty {
        result.append(
          AnimatedValue(
            target: c.target, label: c.label, components: components, firstStart: c.firstStart,
            variables: c.variables))
      }
    }
    return result
  }

  /// The target path, a short name, the lane names and whether the value is a color.
  private static func describe(_ key: AttributeKey, _ node: Node) -> (String, String, [String], Bool) {
    let color = ["red", "green", "blue", "opacity"]
    guard key.modifier >= 0 else {
      if case .color = node.kind { return ("\(node.path).content", "color", color, true) }
      if case .text = node.kind {
        return key.slot == 0
          ? ("\(node.path).font.size", "font size", ["size"], false)
          : ("\(node.path).lineSpacing", "lineSpacing", ["spacing"], false)
      }
      if case .shape(.path(let p)) = node.kind {
        let isPoint = p.values[Int(key.slot)].type == .point
        return ("\(node.path).commands", "path value \(key.slot)", isPoint ? ["x", "y"] : ["value"], false)
      }
      return ("\(node.path).cornerRadius", "cornerRadius", ["radius"], false)
    }
    let modifier = node.modifiers[Int(key.modifier)]
    if case .clipShape(let c) = modifier.kind {
      // A clip shape's numbers: a rounded rectangle's radius, or a path's values by index.
      if case .roundedRectangle = c.form { return (modifier.path, "clipShape cornerRadius", ["radius"], false) }
      let isPoint = c.valueTypes[Int(key.slot)] == .point
      return (modifier.path, "clipShape path value \(key.slot)", isPoint ? ["x", "y"] : ["value"], false)
    }
    let spec = modifier.kind.spec
    if let paint = modifier.kind.paint, key.slot >= Modifier.Kind.paintSlots {
      // A paint's value: its argument (the paint is each modifier's first), then the value.
      let k = Int(key.slot) - Modifier.Kind.paintSlots
      var target = modifier.path, name = spec.name
      if spec.arguments.count(where: { $0.role == .draws }) > 1 {
        target += ".\(spec.arguments[0].key)"; name += " \(spec.arguments[0].key)"
      }
      if case .gradient = paint.form {
        target += ".\(paint.form.valueName(k))"; name += " \(paint.form.valueName(k))"
      }
      switch paint.form.valueTypes[k] {
      case .color: return (target, name, color, true)
      case .point: return (target, name, ["x", "y"], false)
      default: return (target, name, ["value"], false)
      }
    }
    let argument = spec.arguments[Int(key.slot)]
    // A modifier with several animatable values names the one plotted (`stroke.lineWidth`).
    let several = spec.arguments.count(where: { $0.role == .draws }) > 1
    let target = several ? "\(modifier.path).\(argument.key)" : modifier.path
    let name = several ? "\(spec.name) \(argument.key)" : spec.name
    guard case .value(let type, _, _, _) = argument.type else { return (target, name, ["value"], false) }
    switch type {
    case .color: return (target, name, color, true)
    case .point: return (target, name, ["x", "y"], false)
    default: return (target, name, [argument.key], false)
    }
  }
}
