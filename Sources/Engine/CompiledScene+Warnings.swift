import FlipbookScene

extension CompiledScene {
  /// An `"auto"` duration longer than this many seconds is warned about (``warnings``).
  public static let longAutoDuration = 60.0

  /// What is valid in the scene but most likely not what its author meant, each pointing at
  /// the place to change (the file is named `scene`: ``SceneFile`` names it).
  ///
  /// Today one case: an `"auto"` duration over ``longAutoDuration`` seconds. A spring with
  /// little or no damping rings for minutes before it rests, and `"auto"` waits for it: the
  /// scene silently becomes thousands of frames. The warning names the event that starts the
  /// animation that settles last, and what it animates.
  public var warnings: [Diagnostic] {
    guard scene.duration == .auto, duration > Self.longAutoDuration else { return [] }
    return [
      autoDurationDiagnostic(
        "that is \(frameCount) frames, longer than \(SceneDecoder.format(Self.longAutoDuration)) s; give the "
          + "animation more damping or a shorter length, or the scene a duration in seconds")
    ]
  }

  /// `"duration": "auto" resolves to D s (when TARGET settles after the animation that starts
  /// here), ` + `rest`, at the event that starts the animation that settles last.
  func autoDurationDiagnostic(_ rest: String) -> Diagnostic {
    let runs = animations.filter { $0.end != nil }
    let last = runs.max { ($0.end!, $0.start) < ($1.end!, $1.start) }
    let starting = last.flatMap { run in
      let atStart = scene.transactions.filter { $0.time == run.start }
      return atStart.first { $0.animation == run.animation } ?? atStart.first
    }
    let seconds = (duration * 1000).rounded() / 1000
    let cause = last.map { " (when \($0.target) settles after the animation that starts here)" } ?? ""
    return Diagnostic(
      file: "scene", location: starting?.location ?? SourceLocation(line: 1, column: 1),
      path: starting?.path ?? "duration",
      message: "\"duration\": \"auto\" resolves to \(SceneDecoder.format(seconds)) s\(cause), " + rest)
  }
}
