import Flipbook
import FlipbookAnimation
import FlipbookScene
import Testing

/// The virtual-time scheduler and the transactions a timeline records.
@Suite struct SchedulerTests {
  @Test func advanceRunsDueWorkInDateThenScheduleOrder() {
    let scheduler = TestScheduler()
    var log: [String] = []
    scheduler.schedule(after: 2) { log.append("b@\(scheduler.now)") }
    scheduler.schedule(after: 1) { log.append("a@\(scheduler.now)") }
    scheduler.schedule(after: 2) { log.append("c@\(scheduler.now)") }
    scheduler.schedule { log.append("now@\(scheduler.now)") }
    #expect(log.isEmpty)
    scheduler.advance(by: 1.5)
    #expect(log == ["now@0.0", "a@1.0"])
    #expect(scheduler.now == 1.5)
    scheduler.advance(by: 0.5)
    #expect(log == ["now@0.0", "a@1.0", "b@2.0", "c@2.0"])
  }

  @Test func workScheduledWhileAdvancingRunsIfDue() {
    let scheduler = TestScheduler()
    var log: [Double] = []
    scheduler.schedule(after: 1) {
      log.append(scheduler.now)
      scheduler.schedule(after: scheduler.now + 0.5) { log.append(scheduler.now) }
      scheduler.schedule(after: 0) { log.append(scheduler.now) }  // in the past: runs now
    }
    scheduler.advance(by: 2)
    #expect(log == [1, 1, 1.5])
    #expect(scheduler.now == 2)
    #expect(!scheduler.hasPendingWork)
  }

  @Test func repeatingWorkHasNoDriftAndCancels() {
    let scheduler = TestScheduler()
    var times: [Double] = []
    var cancellable: AnyCancellable?
    cancellable = scheduler.schedule(after: 2, interval: 0.1) {
      times.append(scheduler.now)
      if times.count == 16 { cancellable?.cancel() }
    }
    scheduler.run()
    #expect(times == (0..<16).map { 2 + Double($0) * 0.1 })
    #expect(!scheduler.hasPendingWork)
  }

  /// Each action of an animated scheduler is one transaction with its animation; a plain
  /// scheduler's have none; `animation(nil)` is an explicit none; withAnimation nests.
  @Test func recordedTransactions() throws {
    struct S { var a = 0.0; var b = 0.0 }
    let movie = try Movie(width: 10, height: 10, state: S()) { s in
      Rectangle().frame(width: 5, height: 5).offset(x: s.a, y: s.b)
    } timeline: { scheduler, state in
      scheduler.animation(.linear(duration: 1)).schedule(after: 1) { state.a = 1 }
      scheduler.animation(nil).schedule(after: 1) { state.b = 1 }
      scheduler.schedule(after: 2) {
        state.a = 2
        withAnimation(.easeIn) { state.b = 2 }
        state.a = 3
      }
      withAnimation(.bouncy) { state.a = -1 }
      state.b = -1
    }
    let txs = movie.scene.transactions
    #expect(txs.map(\.time) == [0, 0, 1, 1, 2, 2, 2])
    #expect(txs.map(\.animation) == [.bouncy, nil, .linear(duration: 1), nil, nil, .easeIn, nil])
    // Every transaction holds the full change: the offset variable's new point.
    #expect(txs.allSatisfy { $0.changes.count == 1 })
    #expect(txs.last?.changes.first?.value == .point(SIMD2(3, 2)))
  }

  @Test func changesInOneContextAtOneTimeAreOneTransaction() throws {
    let movie = try Movie(width: 10, height: 10, state: 0.0) { x in
      Rectangle().opacity(x)
    } timeline: { _, state in
      state.state = 0.25
      state.state = 0.5
    }
    #expect(movie.scene.transactions.count == 1)
    #expect(movie.scene.transactions[0].changes.first?.value == .number(0.5))
  }

  @Test func leftoverRepeatingWorkIsAnError() {
    #expect(throws: MovieError.self) {
      _ = try Movie(width: 10, height: 10, state: 0.0) { x in
        Rectangle().opacity(x)
      } timeline: { scheduler, state in
        scheduler.schedule(after: 0, interval: 1) { state.state = 1 }
      }
    }
  }

  @Test func withAnimationOutsideAMovieJustRuns() {
    var ran = false
    withAnimation { ran = true }
    #expect(ran)
  }
}

/// `withAnimation(_:completionCriteria:_:completion:)`: the completion is a transaction of its
/// own at the animation's completion time, and the `Spring` value type over any vector.
@Suite struct CompletionTests {
  struct Dot { var x = 0.0; var y = 0.0 }

  func movie(_ timeline: @escaping (TestScheduler, Store<Dot>) -> Void) throws -> Movie {
    try Movie(width: 100, height: 100, duration: 3, state: Dot()) { s in
      Circle().fill(Color.red).frame(width: 10, height: 10).offset(x: s.x, y: s.y)
    } timeline: { scheduler, state in
      timeline(scheduler, state)
    }
  }

  @Test func completionRunsWhenTheAnimationIsLogicallyComplete() throws {
    var ran: [Double] = []
    let m = try movie { scheduler, state in
      scheduler.schedule(after: 0.5) {
        withAnimation(.spring(response: 0.4, dampingFraction: 0.6)) {
          state.x = 50
        } completion: {
          ran.append(scheduler.now)
          withAnimation(.linear(duration: 0.25).repeatCount(2)) {
            state.y = 30
          } completion: {
            ran.append(scheduler.now)
          }
        }
      }
    }
    #expect(ran.count == 2)
    #expect(abs(ran[0] - 0.9) < 1e-12 && abs(ran[1] - 1.4) < 1e-12)
    let times = m.scene.transactions.map(\.time)
    #expect(times.count == 2 && times[0] == 0.5 && abs(times[1] - 0.9) < 1e-12)
  }

  @Test func removedWaitsForTheFinishAndNoChangeCompletesAtOnce() throws {
    var ran: [Double] = []
    _ = try movie { scheduler, state in
      withAnimation(.easeIn(duration: 0.3).delay(0.1), completionCriteria: .removed) {
        state.x = 5
      } completion: {
        ran.append(scheduler.now)
      }
      withAnimation(.linear(duration: 2)) {
      } completion: {
        ran.append(scheduler.now)
      }
      withAnimation(.linear(duration: 1).repeatForever()) {
        state.y = 1
      } completion: {
        ran.append(-1)
      }
    }
    #expect(ran.count == 2 && ran[0] == 0 && abs(ran[1] - 0.4) < 1e-12)
  }

  @Test func springValueOverAPairIsComponentwise() {
    let spring = Spring(duration: 0.4, bounce: 0.2)
    let v = spring.value(target: AnimatablePair(10.0, -4.0), initialVelocity: AnimatablePair(0.0, 3.0), time: 0.13)
    #expect(v.first == spring.value(target: 10, initialVelocity: 0, time: 0.13))
    #expect(v.second == spring.value(target: -4, initialVelocity: 3, time: 0.13))
    #expect(abs(spring.value(fromValue: 5.0, toValue: 15.0, time: 0.13) - (5 + v.first)) < 1e-12)
  }
}
