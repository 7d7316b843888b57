import FlipbookAnimation

/// SwiftUI's `PhaseAnimator` view: `content` drawn in the current phase.
///
/// The same thing as the `phaseAnimator` modifier on an empty view, so it exports the same
/// JSON `phases` event.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
  let phases: [Phase]
  let trigger: EquatableBox?
  let content: (Phase) -> Content
  let animation: (Phase) -> Animation?

  /// SwiftUI's `PhaseAnimator(_:trigger:content:animation:)`: each time `trigger` changes, the
  /// view steps through `phases`, each step on the previous one's logical completion, and back
  /// to the first.
  public init<Trigger: Equatable>(
    _ phases: some Sequence<Phase>, trigger: Trigger, @ViewBuilder content: @escaping (Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) {
    self.phases = Array(phases); self.trigger = EquatableBox(value: trigger)
    self.content = content; self.animation = animation
  }

  /// SwiftUI's `PhaseAnimator(_:content:animation:)`: the view cycles through `phases` for as
  /// long as it is shown (the movie then needs a duration).
  public init(
    _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (Phase) -> Content,
    animation: @escaping (Phase) -> Animation? = { _ in .default }
  ) {
    self.phases = Array(phases); self.trigger = nil; self.content = content; self.animation = animation
  }

  public var body: some View {
    PhaseAnimatorView(
      wrapped: EmptyView(), phases: phases, trigger: trigger, content: { [content] _, p in content(p) },
      animation: animation)
  }
}
