import Flipbook

/// A message in the refreshable inbox.
struct Message: Identifiable, Sendable {
  let id: Int
  let title: String
}

/// The inbox: its messages, and whether a refresh is under way (the spinner shows) and
/// spinning.
struct InboxState {
  var isRefreshing = false
  var isSpinning = false
  var messages = [Message(id: 1, title: "Welcome to Flipbook"), Message(id: 2, title: "Your weekly summary")]
}

/// A list with a pull-to-refresh spinner above it: a trimmed circle that turns forever once
/// it spins, scaling in and out with its transition.
struct InboxView: View {
  var state: InboxState

  var body: some View {
    VStack(spacing: 8) {
      if state.isRefreshing {
        Circle()
          .trim(from: 0, to: 0.75)
          .stroke(Color.blue, lineWidth: 4)
          .frame(width: 28, height: 28)
          .rotationEffect(.degrees(state.isSpinning ? 360 : 0))
          .animation(.linear(duration: 0.8).repeatForever(autoreverses: false), value: state.isSpinning)
          .transition(.scale.combined(with: .opacity))
      }
      ForEach(state.messages) { message in
        Text(message.title)
          .font(.callout)
          .frame(maxWidth: .infinity, alignment: .leading)
          .padding(10)
          .background(RoundedRectangle(cornerRadius: 8).fill(Color.gray.opacity(0.15)))
          .transition(.move(edge: .top).combined(with: .opacity))
      }
      Spacer()
    }
    .padding(16)
    .frame(width: 240, height: 240)
  }
}

/// One "request": it takes `latency` on the clock, then returns its messages.
func fetch(_ messages: [Message], latency: Duration, clock: VirtualClock) async throws -> [Message] {
  try await clock.sleep(for: latency)
  return messages
}

/// A refreshable flow, as `.refreshable { await store.send(.refresh).finish() }` runs it: the
/// spinner appears, spins while two requests run concurrently (0.8 s and 1.2 s), then the
/// new messages slide in and the spinner leaves, in one animation. The spinner turns forever,
/// so the movie has a duration.
func refreshMovie() throws -> Movie {
  try Movie(width: 240, height: 240, background: .white, duration: 2.4, state: InboxState()) { state in
    InboxView(state: state)
  } timeline: { (clock: VirtualClock, state) in
    try await clock.sleep(for: .seconds(0.3))
    withAnimation(.easeOut(duration: 0.25)) { state.isRefreshing = true }
    // As `onAppear` would, once the spinner is there.
    state.isSpinning = true
    async let mail = fetch([Message(id: 3, title: "Lunch on Friday?")], latency: .seconds(0.8), clock: clock)
    async let news = fetch([Message(id: 4, title: "Release notes 2.0")], latency: .seconds(1.2), clock: clock)
    let fresh = try await mail + news
    withAnimation(.smooth) {
      state.messages = fresh + state.messages
      state.isRefreshing = false
    }
  }
}
