import Flipbook

/// The state of SwiftUI's lore circle: the user's own type, as in an app.
struct LoreState {
  var isScaled = false
  var x = 175.0
  var y = 150.0
  var color = Color.black
}

/// The circle: scales with a spring, follows a dragged point, cycles its color.
struct LoreView: View {
  var state: LoreState

  var body: some View {
    ZStack(alignment: .topLeading) {
      Circle()
        .fill(state.color)
        .frame(width: 50, height: 50)
        .scaleEffect(state.isScaled ? 2 : 1)
        .offset(x: state.x - 25, y: state.y - 25)
    }
    .frame(width: 400, height: 300, alignment: .topLeading)
  }
}

/// The points a finger drags through, 0.1 s apart: half a circle around (175, 150).
let dragPath: [(x: Double, y: Double)] = [
  (80, 150), (82.62, 131.29), (90.37, 113.39), (102.92, 97.1), (119.7, 83.12), (140, 72.06),
  (162.92, 64.4), (187.46, 60.49), (212.54, 60.49), (237.08, 64.4), (260, 72.06), (280.3, 83.12),
  (297.08, 97.1), (309.63, 113.39), (317.38, 131.29), (320, 150),
]

/// The lore circle's movie: a color cycle on a linear animated scheduler, a spring scale up
/// and down, then a drag the circle follows with the same spring.
func loreMovie() throws -> Movie {
  try Movie(width: 400, height: 300, background: .white, state: LoreState()) { state in
    LoreView(state: state)
  } timeline: { scheduler, state in
    let colors: [Color] = [.red, .blue, .green, .purple, .black]
    for (k, color) in colors.enumerated() {
      scheduler.animation(.linear(duration: 1)).schedule(after: Double(k)) { state.color = color }
    }
    let spring = Animation.spring(response: 0.3, dampingFraction: 0.1)
    scheduler.animation(spring).schedule(after: 0.3) { state.isScaled = true }
    scheduler.animation(spring).schedule(after: 1.3) { state.isScaled = false }
    for (k, point) in dragPath.enumerated() {
      scheduler.animation(spring).schedule(after: 2.0 + Double(k) * 0.1) {
        state.x = point.x
        state.y = point.y
      }
    }
  }
}

/// The same movie written with async/await on a ``VirtualClock``: the timeline sleeps until
/// each change, and sleeps on animated clocks so that each change animates as before. Drag
/// points are at `2.0 + k · 0.1` computed in `Double`, as the scheduler and the JSON sequence
/// compute them (`.seconds(_:)` of an instant converts a `Double` exactly).
func asyncLoreMovie() throws -> Movie {
  try Movie(width: 400, height: 300, background: .white, state: LoreState()) { state in
    LoreView(state: state)
  } timeline: { (clock: VirtualClock, state) in
    let fade = clock.animation(.linear(duration: 1))
    let spring = clock.animation(.spring(response: 0.3, dampingFraction: 0.1))
    // Red fades in at once; the circle bounces up and back down while blue fades in.
    withAnimation(.linear(duration: 1)) { state.color = .red }
    try await spring.sleep(until: .seconds(0.3))
    state.isScaled = true
    try await fade.sleep(until: .seconds(1))
    state.color = .blue
    try await spring.sleep(until: .seconds(1.3))
    state.isScaled = false
    // From 2 s the finger drags, a point every 0.1 s, and the colors go on each second,
    // each before the drag point of its instant.
    let colors: [Color] = [.green, .purple]
    for (k, point) in dragPath.enumerated() {
      let t = 2.0 + Double(k) * 0.1
      if k % 10 == 0 {
        try await fade.sleep(until: .seconds(t))
        state.color = colors[k / 10]
      }
      try await spring.sleep(until: .seconds(t))
      state.x = point.x
      state.y = point.y
    }
    try await fade.sleep(until: .seconds(4))
    state.color = .black
  }
}
