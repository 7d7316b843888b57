import FlipbookAnimation

/// SwiftUI's `KeyframeAnimator` view: `content` drawn with the value its keyframes give.
///
/// The same thing as the `keyframeAnimator` modifier on an empty view, so it exports the same
/// JSON keyframes event; `content` passes each tracked number to a modifier unchanged, as the
/// modifier's documentation says.
public struct KeyframeAnimator<Value, Content: View>: View {
  let initialValue: Value
  let trigger: EquatableBox?
  let content: (Value) -> Content
  let keyframes: (Value) -> [KeyframeTrack<Value>]

  /// SwiftUI's `KeyframeAnimator(initialValue:trigger:content:keyframes:)`: each time `trigger`
  /// changes, the keyframes play from the current value.
  public init<Trigger: Equatable>(
    initialValue: Value, trigger: Trigger, @ViewBuilder content: @escaping (Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
  ) {
    self.initialValue = initialValue; self.trigger = EquatableBox(value: trigger)
    self.content = content; self.keyframes = keyframes
  }

  /// SwiftUI's `KeyframeAnimator(initialValue:repeating:content:keyframes:)`: the keyframes play
  /// from when the view appears, over and over while `repeating` (the movie then needs a
  /// duration), or once.
  public init(
    initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
  ) {
    self.initialValue = initialValue; self.trigger = repeating ? nil : EquatableBox(value: true)
    self.content = content; self.keyframes = keyframes
  }

  public var body: some View {
    KeyframeAnimatorView(
      wrapped: EmptyView(), initialValue: initialValue, trigger: trigger, content: { [content] _, v in content(v) },
      keyframes: keyframes)
  }
}
