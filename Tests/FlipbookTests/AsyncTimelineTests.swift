import Flipbook
import FlipbookAnimation
import FlipbookScene
import Synchronization
import Testing

/// Async timelines on a ``VirtualClock``: virtual time, transactions, the order of tasks that
/// wake at one instant, and every way a timeline can go wrong.
@Suite struct AsyncTimelineTests {
  struct Dot { var x = 0.0; var y = 0.0 }

  static func movie(
    duration: Double? = nil, cancellation: CancellationToken? = nil,
    _ timeline: @escaping (VirtualClock, Store<Dot>) async throws -> Void
  ) throws -> Movie {
    try Movie(width: 20, height: 20, duration: duration, state: Dot(), cancellation: cancellation) { s in
      Rectangle().frame(width: 5, height: 5).offset(x: s.x, y: s.y)
    } timeline: { clock, state in
      try await timeline(clock, state)
    }
  }

  /// `exactText` reaches the scene as the scheduler initializer's does; off by default.
  @Test func exactTextIsPassedToTheScene() throws {
    let timeline: (VirtualClock, Store<Dot>) async throws -> Void = { clock, state in
      try await clock.sleep(for: .seconds(0.1))
      state.x = 1
    }
    let exact = try Movie(width: 20, height: 20, exactText: true, state: Dot()) { s in
      Text("x").offset(x: s.x)
    } timeline: { clock, state in
      try await timeline(clock, state)
    }
    #expect(exact.scene.exactTextPlacement)
    #expect(try !Self.movie(timeline).scene.exactTextPlacement)
  }

  @Test func sleepsMoveVirtualTimeAndChangesHappenThen() throws {
    let movie = try Self.movie { clock, state in
      try await clock.sleep(for: .seconds(0.5))
      state.x = 1
      try await clock.sleep(until: .seconds(2))
      state.x = 2
      try await Task.sleep(for: .seconds(0.25), clock: clock)
      state.x = 3
      #expect(clock.now == .seconds(2.25))
    }
    #expect(movie.scene.transactions.map(\.time) == [0.5, 2, 2.25])
    #expect(movie.scene.transactions.allSatisfy { $0.animation == nil })
  }

  /// withAnimation animates, plain assignment does not, and after a sleep on an animated
  /// clock the task's changes up to its next suspension are in that animation.
  @Test func transactionsFollowTheSchedulerRules() throws {
    let movie = try Self.movie { clock, state in
      withAnimation(.bouncy) { state.x = 1 }
      state.y = 1
      let eased = clock.animation(.easeInOut)
      try await eased.sleep(for: .seconds(1))
      state.x = 2
      state.y = 2
      withAnimation(.linear) { state.x = 3 }
      try await clock.sleep(for: .seconds(1))
      state.y = 3
      try await clock.animation(nil).sleep(for: .seconds(1))
      state.x = 4
    }
    let txs = movie.scene.transactions
    #expect(txs.map(\.time) == [0, 0, 1, 1, 2, 3])
    #expect(txs.map(\.animation) == [.bouncy, nil, .easeInOut, .linear, nil, nil])
  }

  /// Tasks waking at one instant resume in the order they went to sleep, each until it
  /// suspends again: a task group's children come back to the parent in that order.
  @Test func tasksWakingTogetherResumeInSleepOrder() throws {
    var order: [Int] = []
    let movie = try Self.movie { clock, state in
      try await withThrowingTaskGroup(of: Int.self) { group in
        // Child k sleeps (4 - k) · 0.25 s first, so they register their final sleeps (all
        // until 1 s) in the order 3, 2, 1, 0.
        for k in 0..<4 {
          group.addTask {
            try await clock.sleep(for: .seconds(Double(4 - k) * 0.25))
            try await clock.sleep(until: .seconds(1))
            return k
          }
        }
        for try await k in group {
          order.append(k)
          state.x = Double(k)
        }
      }
    }
    #expect(order == [3, 2, 1, 0])
    let txs = movie.scene.transactions
    #expect(txs.map(\.time) == [1, 1, 1, 1])
    #expect(txs.compactMap { $0.changes.first?.value } == [3, 2, 1, 0].map { .point(SIMD2($0, 0)) })
  }

  /// A timer ticks at exactly start + k·interval, and `async let` children sleep concurrently:
  /// a ten-second timeline.
  @Test func timerTicksWithoutDriftAndChildTasksOverlap() throws {
    let ticks = Mutex<[Double]>([])
    let movie = try Self.movie { clock, state in
      async let slow: Void = clock.sleep(for: .seconds(10))
      for await tick in clock.animation(.linear(duration: 0.1)).timer(interval: .seconds(0.1)) {
        ticks.withLock { $0.append(tick.seconds) }
        state.x = tick.seconds
        if tick.seconds >= 9.9 { break }
      }
      try await slow
      state.y = 1
    }
    let expected = (1...99).map { Double($0) / 10 }
    #expect(ticks.withLock { $0 } == expected)
    let txs = movie.scene.transactions
    #expect(txs.map(\.time) == expected + [10])
    #expect(txs.dropLast().allSatisfy { $0.animation == .linear(duration: 0.1) })
  }

  /// A cancelled sleep wakes at once and withdraws its wake-up: the movie does not run on to
  /// the abandoned deadline.
  @Test func cancelledSleepsNeitherWaitNorMoveTime() throws {
    let movie = try Self.movie { clock, state in
      let winner = try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
          try await clock.sleep(for: .seconds(100))
          return 100
        }
        group.addTask {
          try await clock.sleep(for: .seconds(1))
          return 1
        }
        let first = try await group.next()!
        group.cancelAll()
        return first
      }
      state.x = Double(winner)
    }
    #expect(movie.scene.transactions.map(\.time) == [1])
    #expect(movie.duration == 1)
  }

  @Test func recordingsAreTheSameEveryTime() throws {
    func record() throws -> String {
      try Self.movie { clock, state in
        try await withThrowingTaskGroup(of: Double.self) { group in
          for k in 1...6 {
            group.addTask {
              try await clock.sleep(for: .seconds(Double(k % 3) * 0.2))
              return Double(k)
            }
          }
          for try await k in group { withAnimation(.snappy) { state.x = k } }
        }
      }.exportJSON()
    }
    let first = try record()
    for _ in 1..<20 { #expect(try record() == first) }
  }

  // MARK: Bad input

  @Test func aLoopWithoutSleepsIsAnError() throws {
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        try await clock.sleep(for: .seconds(0.5))
        while true { state.x += 1 }
      }
    }
    #expect(error.time == 0.5)
    #expect(error.description.contains("without suspending"))
  }

  @Test func aLoopThatAwaitsButNeverSleepsIsAnError() throws {
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        try await clock.sleep(for: .seconds(0.25))
        while true { await Task.yield() }
      }
    }
    #expect(error.time == 0.25)
    #expect(error.description.contains("without virtual time moving"))
  }

  @Test func waitingForSomethingElseThanTheClockIsAnError() throws {
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        try await clock.sleep(for: .seconds(1))
        let (never, continuation) = AsyncStream<Int>.makeStream()
        for await _ in never {}
        continuation.finish()
      }
    }
    #expect(error.time == 1)
    #expect(error.description.contains("something other than its clock"))
  }

  /// A real `Task.sleep` cannot be waited for in virtual time: an error at once (the real
  /// sleep is cancelled, never waited).
  @Test func aRealSleepIsAnError() throws {
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        try await clock.sleep(for: .seconds(0.5))
        try await Task.sleep(for: .seconds(60))
      }
    }
    #expect(error.time == 0.5)
    #expect(error.description.contains("something other than its clock"))
  }

  actor Counter {
    var count = 0
    func bump() -> Int {
      count += 1
      return count
    }
  }

  /// A default actor's methods run on the timeline's executor (a task's executor preference),
  /// so awaiting one is no different from awaiting a function.
  @Test func defaultActorsRunOnTheTimeline() throws {
    let counter = Counter()
    let movie = try Self.movie { clock, state in
      try await clock.sleep(for: .seconds(1))
      state.x = Double(await counter.bump())
      try await clock.sleep(for: .seconds(1))
      state.x = Double(await counter.bump())
    }
    #expect(movie.scene.transactions.map(\.time) == [1, 2])
    #expect(movie.scene.transactions.compactMap { $0.changes.first?.value } == [1, 2].map { .point(SIMD2($0, 0)) })
  }

  @Test func thrownErrorsCarryTheirTime() throws {
    struct Offline: Error {}
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        try await clock.sleep(for: .seconds(1.5))
        state.x = 1
        throw Offline()
      }
    }
    #expect(error.time == 1.5)
    #expect(error.underlyingError is Offline)
    #expect(error.description.contains("threw at 1.5 s"))
  }

  /// Sleeping past the duration stops the recording there; the timeline is cancelled and
  /// what it changes while unwinding is not recorded.
  @Test func sleepingPastTheDurationStopsAtTheDuration() throws {
    let movie = try Self.movie(duration: 2) { clock, state in
      try await clock.sleep(for: .seconds(2))
      state.x = 1
      do {
        try await clock.sleep(for: .seconds(1_000_000))
      } catch {
        state.x = 2
        throw error
      }
    }
    #expect(movie.duration == 2)
    #expect(movie.scene.transactions.map(\.time) == [2])
  }

  @Test func withoutADurationAnEndlessTimelineIsAnError() throws {
    let error = try #require(throws: MovieError.self) {
      try Self.movie { clock, state in
        for await tick in clock.timer(interval: .seconds(60)) { state.x = tick.seconds }
      }
    }
    #expect(error.description.contains("give the movie a duration"))
  }

  @Test func cancellingTheRecordingThrowsCancellationError() throws {
    let token = CancellationToken()
    let unwound = Mutex(false)
    #expect(throws: CancellationError.self) {
      try Self.movie(cancellation: token) { clock, state in
        try await clock.sleep(for: .seconds(1))
        token.cancel()
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          unwound.withLock { $0 = true }
          throw error
        }
      }
    }
    #expect(unwound.withLock { $0 })
  }

  /// Durations convert to and from `Double` seconds exactly; references from Python's
  /// `Decimal(x) * 10**18`, rounded half up.
  @Test func instantsConvertSecondsExactly() {
    let references: [(Double, Int64, Int64)] = [
      (0.352, 0, 351_999_999_999_999_980), (2.3000000000000003, 2, 300_000_000_000_000_266),
      (3.4000000000000004, 3, 400_000_000_000_000_355), (1e-9, 0, 1_000_000_000),
      (123.456, 123, 456_000_000_000_003_070),
    ]
    for (seconds, s, a) in references {
      let instant = VirtualClock.Instant.seconds(seconds)
      #expect(instant.offset == Duration(secondsComponent: s, attosecondsComponent: a))
      #expect(instant.seconds == seconds)
    }
    // Sums of exact durations are exact: 2 + 14 × 0.1 is 3.4, where 2.0 + 14 * 0.1 is not.
    let sum = (0..<14).reduce(VirtualClock.Instant.seconds(2)) { t, _ in t.advanced(by: .seconds(0.1)) }
    #expect(sum.seconds == 3.4)
    #expect(2.0 + 14 * 0.1 != 3.4)
  }
}
