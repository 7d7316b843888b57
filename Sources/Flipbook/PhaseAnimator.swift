import FlipbookAnimation

/// SwiftUI's `PhaseAnimator` as a modifier: `content` drawn in the current phase.
///
/// The phase is the view's own state, kept by the recorder across evaluations: when the
/// trigger changes (or, without a trigger, when the view first appears) the recorder steps
/// through the phases on the scheduler, each step a transaction with `animation(phase)`
/// that happens when the previous step's animation is logically complete, and back to the
/// first phase, as SwiftUI's `PhaseAnimator` does (docs/animation-semantics.md §9).
struct PhaseAnimatorView<Wrapped: View, Phase: Equatable, Content: View>: View, PrimitiveView {
  let wrapped: Wrapped
  let phases: [Phase]
  let trigger: EquatableBox?
  let content: (Wrapped, Phase) -> Content
  let animation: (Phase) -> Animation?

  var body: Never { primitiveBody() }

  var piece: Piece {
    guard let recorder = Recorder.current, !phases.isEmpty else {
      return phases.first.map { content(wrapped, $0).piece } ?? wrapped.piece
    }
    let index = recorder.phase(trigger: trigger, count: phases.count) { step in
      // When step `step` (entering phase step % n) is logically complete; 0 when the phase
      // equals the one before, which changes nothing.
      let (phase, previous) = (phases[step % phases.count], phases[(step - 1) % phases.count])
      guard phase != previous else { return (animation(phase), 0) }
      return (animation(phase), animation(phase).map { $0.logicalDuration } ?? 0)
    }
    return content(wrapped, phases[index]).piece
  }
}

extension Recorder {
  /// A phase animator's state: the phase shown, and the trigger value last seen.
  struct PhaseState {
    var index = 0
    var trigger: EquatableBox?
    /// When the current run last entered the first phase.
    var cycleStart = -Double.infinity
  }

  /// The phase the next phase animator of this evaluation shows. A changed trigger (or a
  /// first appearance without one) starts a run through the phases: `step(k)` gives the
  /// animation of step k and when it is logically complete (nil: never).
  func phase(trigger: EquatableBox?, count: Int, step: @escaping (Int) -> (Animation?, Double?)) -> Int {
    let id = phaseCount
    phaseCount += 1
    guard let state = phaseStates[id] else {
      phaseStates[id] = PhaseState(trigger: trigger)
      if trigger == nil { clock.schedule { [unowned self] in self.advance(id, to: 1, count: count, step: step) } }
      return 0
    }
    if let trigger, let old = state.trigger, !trigger.isEqual(to: old) {
      phaseStates[id]!.trigger = trigger
      clock.schedule { [unowned self] in self.advance(id, to: 1, count: count, step: step) }
    }
    return state.index
  }

  /// Enters step `k` of phase animator `id`, and schedules the next step at its logical
  /// completion, until it is back at the first phase (with a trigger) or forever (cycling,
  /// until the movie's end).
  private func advance(_ id: Int, to k: Int, count: Int, step: @escaping (Int) -> (Animation?, Double?)) {
    let (animation, delay) = step(k)
    phaseStates[id]!.index = k % count
    within(Transaction(animation: animation)) { refresh() }
    let cycling = phaseStates[id]!.trigger == nil
    if k == 1 { phaseStates[id]!.cycleStart = clock.now }
    guard let delay, !(k % count == 0 && !cycling) else { return }
    if cycling && until == nil {
      problems.append(
        "a phaseAnimator without a trigger cycles forever; give the movie a duration so that it can end")
      return
    }
    if k % count == 0 {
      // A cycle of no time would only repeat itself.
      if phaseStates[id]!.cycleStart == clock.now { return }
      phaseStates[id]!.cycleStart = clock.now
    }
    let next = clock.now + delay
    if next > until ?? .infinity { return }
    clock.schedule(after: next) { [unowned self] in self.advance(id, to: k + 1, count: count, step: step) }
  }
}

extension View {
  /// SwiftUI's `phaseAnimator(_:trigger:content:animation:)`: each time `trigger` changes, the
  /// view steps through `phases` (each step when the previous one's animation is logically
  /// complete) and back to the first; `animation` gives the animation into each phase.
  public func phaseAnimator<Phase: Equatable, Trigger: Equatable, Content: View>(
    _ phases: some Sequence<Phase>, trigger: Trigger, @ViewBuilder content: @escaping (Self, Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) -> some View {
    PhaseAnimatorView(
      wrapped: self, phases: Array(phases), trigger: EquatableBox(value: trigger), content: content,
      animation: animation)
  }

  /// SwiftUI's `phaseAnimator(_:content:animation:)`: the view cycles through `phases` for as
  /// long as it is shown (the movie then needs a duration).
  public func phaseAnimator<Phase: Equatable, Content: View>(
    _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Self, Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) -> some View {
    PhaseAnimatorView(wrapped: self, phases: Array(phases), trigger: nil, content: content, animation: animation)
  }
}
