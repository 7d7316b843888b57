import FlipbookAnimation
import FlipbookScene

/// What a `keyframeAnimator` contributes to one evaluation of the view: its tracks, each with
/// the probe number that stands for the track's value in the content, and its trigger.
struct KeyframeAnimatorValue {
  struct Track {
    /// The number the content was built with in place of the track's value; the movie
    /// replaces it by the track's state variable wherever the content used it unchanged.
    var probe: Double
    var initial: Double
    var keyframes: [Keyframe]
  }
  var tracks: [Track]
  /// The value whose changes play the keyframes; nil: they repeat from the start, forever.
  var trigger: EquatableBox?
}

/// SwiftUI's `KeyframeAnimator` as a modifier: `content` drawn with the keyframes' value.
struct KeyframeAnimatorView<Wrapped: View, Value, Content: View>: View, PrimitiveView {
  let wrapped: Wrapped
  let initialValue: Value
  let trigger: EquatableBox?
  let content: (Wrapped, Value) -> Content
  let keyframes: (Value) -> [KeyframeTrack<Value>]

  var body: Never { primitiveBody() }

  /// The content built with a probe number for each track's property, so that the movie finds
  /// where each value goes; the tracks become number state variables driven by a keyframes
  /// event at each change of the trigger (JSON `keyframes`).
  var piece: Piece {
    // Of two tracks on one property the later wins, as in SwiftUI.
    var tracks: [KeyframeTrack<Value>] = []
    for track in keyframes(initialValue) {
      tracks.removeAll { $0.keyPath == track.keyPath }
      tracks.append(track)
    }
    let first = Recorder.current?.probes(tracks.count) ?? 0
    var probe = initialValue
    var list: [KeyframeAnimatorValue.Track] = []
    for (j, track) in tracks.enumerated() {
      let number = KeyframeAnimatorValue.probe(first + j)
      list.append(.init(probe: number, initial: initialValue[keyPath: track.keyPath], keyframes: track.keyframes))
      probe[keyPath: track.keyPath] = number
    }
    return .keyframed(content(wrapped, probe).piece, KeyframeAnimatorValue(tracks: list, trigger: trigger))
  }
}

extension KeyframeAnimatorValue {
  /// The k-th probe number of an evaluation: 0.25 plus k + 1 units of 2⁻³², a number no
  /// scene writes by accident, and valid where a scale, an opacity or a size is.
  static func probe(_ k: Int) -> Double { 0.25 + Double(k + 1) * 0x1p-32 }
}

extension View {
  /// SwiftUI's `keyframeAnimator(initialValue:trigger:content:keyframes:)`: each time `trigger`
  /// changes, the keyframes play from the current value, and `content` shows the value as it goes.
  ///
  /// The movie exports it as a JSON keyframes event on number state variables, one per track, so
  /// `content` must pass each tracked number to a modifier unchanged (`scaleEffect(value.scale)`,
  /// `rotationEffect(.degrees(value.angle))`, `offset(y: value.y)`): a number computed from it
  /// cannot be followed.
  public func keyframeAnimator<Value, Trigger: Equatable, Content: View>(
    initialValue: Value, trigger: Trigger, @ViewBuilder content: @escaping (Self, Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
  ) -> some View {
    KeyframeAnimatorView(
      wrapped: self, initialValue: initialValue, trigger: EquatableBox(value: trigger), content: content,
      keyframes: keyframes)
  }

  /// SwiftUI's `keyframeAnimator(initialValue:repeating:content:keyframes:)`: the keyframes play
  /// from when the view appears, over and over (the movie then needs a duration).
  public func keyframeAnimator<Value, Content: View>(
    initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Self, Value) -> Content,
    @KeyframesBuilder<Value> keyframes: @escaping (Value) -> [KeyframeTrack<Value>]
  ) -> some View {
    KeyframeAnimatorView(
      wrapped: self, initialValue: initialValue, trigger: repeating ? nil : EquatableBox(value: true),
      content: content, keyframes: keyframes)
  }
}
