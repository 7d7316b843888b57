import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Testing

/// Named events and `after`: an event happens when the animations the named event started are
/// logically complete, plus its delay (SwiftUI's `withAnimation(…) { } completion: { }`).
@Suite struct NamedEventTests {
  let box =
    #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x", "y": "$y"}}, {"opacity": "$o"}]}"#
  let state = #"{"x": 0, "y": 0, "o": 1}"#

  func events(_ timeline: String) throws -> [EventReport] {
    try compile(scene(box, state: state, timeline: timeline)).events
  }

  @Test func aChainHappensAtEachLogicalCompletionPlusItsDelay() throws {
    let e = try events(
      #"""
      [{"at": 0.5, "name": "slide", "set": {"x": 100}, "animation": {"spring": {"response": 0.4, "dampingFraction": 0.6}}},
       {"after": "fade", "set": {"y": 20}, "animation": {"easeIn": {"duration": 0.2}, "repeatCount": 2}},
       {"after": "slide", "name": "fade", "delay": 0.1, "set": {"o": 0.5}, "animation": {"linear": {"duration": 0.3}}},
       {"at": 0, "set": {"y": 5}}]
      """#)
    // Order of happening: y = 5 at 0; slide at 0.5 (complete at 0.9); fade at 1.0 (complete
    // at 1.3); the last at 1.3 (complete at 1.7).
    #expect(e.map(\.path) == ["timeline[3]", "timeline[0]", "timeline[2]", "timeline[1]"])
    #expect(e[0].time == 0 && e[0].logicallyComplete == 0)
    #expect(e[1].time == 0.5 && abs(e[1].logicallyComplete! - 0.9) < 1e-12)
    #expect(abs(e[2].time - 1.0) < 1e-12 && abs(e[2].logicallyComplete! - 1.3) < 1e-12)
    #expect(abs(e[3].time - 1.3) < 1e-12 && abs(e[3].logicallyComplete! - 1.7) < 1e-12)
  }

  @Test func theValuesFollowTheResolvedTimes() throws {
    let c = try compile(
      scene(
        box, state: state,
        timeline: #"""
          [{"at": 0, "name": "a", "set": {"x": 100}, "animation": {"linear": {"duration": 1}}},
           {"after": "a", "delay": 0.5, "set": {"y": 40}, "animation": {"linear": {"duration": 1}}}]
          """#))
    #expect(shapes(c.displayList(at: 1.4))[0].rect.minY == 45, "nothing moves before 1.5 s")
    #expect(abs(shapes(c.displayList(at: 2))[0].rect.minY - (45 + 20)) < 1e-9)
    #expect(c.duration == 2.5)
  }

  @Test func completionCountsImplicitAnimationsAndIgnoresLaterOnes() throws {
    let implicit =
      #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x", "y": "$y"}}, {"animation": {"curve": {"linear": {"duration": 2}}, "value": "$y"}}]}"#
    let e = try compile(
      scene(
        implicit, state: #"{"x": 0, "y": 0}"#,
        timeline: #"""
          [{"at": 0, "name": "a", "set": {"x": 10, "y": 10}, "animation": {"linear": {"duration": 0.5}}},
           {"at": 0.1, "name": "b", "set": {"x": 20}, "animation": {"spring": {"response": 3, "dampingFraction": 1}}},
           {"at": 0.2, "name": "c", "set": {"x": 20}, "animation": {"linear": {"duration": 9}}}]
          """#)
    ).events
    // a: x with 0.5 s, y with the implicit 2 s; b merges a spring into x, which does not hold a
    // back; c changes nothing, so it is complete at once.
    #expect(e[0].logicallyComplete == 2)
    #expect(abs(e[1].logicallyComplete! - 3.1) < 1e-12)
    #expect(e[2].logicallyComplete == 0.2)
  }

  @Test func equalTimesPutTimedEventsBeforeFollowers() throws {
    let e = try events(
      #"""
      [{"at": 0, "name": "a", "set": {"x": 1}},
       {"after": "a", "set": {"x": 2}},
       {"at": 0, "set": {"x": 3}}]
      """#)
    #expect(e.map(\.path) == ["timeline[0]", "timeline[2]", "timeline[1]"])
    #expect(e.allSatisfy { $0.time == 0 })
  }

  @Test func aChainThatNeverCompletesIsAnErrorNamingBothEvents() throws {
    let text = scene(
      box, state: state,
      timeline: #"""
        [{"at": 0, "name": "spin", "set": {"x": 1}, "animation": {"linear": {"duration": 1}, "repeatForever": true}},
         {"after": "spin", "set": {"y": 1}}]
        """#)
    let s = try decodeScene(text.replacingOccurrences(of: #""canvas""#, with: #""duration": 3, "canvas""#))
    #expect {
      try CompiledScene(s)
    } throws: { error in
      let d = (error as? SceneError)?.diagnostics.first
      return d?.path == "timeline[1].after" && d!.message.contains("\"spin\"") && d!.message.contains("timeline[0]")
        && d!.message.contains("never complete")
    }
  }

  @Test(arguments: [
    (
      #"[{"after": "nothing", "set": {"x": 1}}, {"at": 0, "name": "nothin", "set": {"x": 2}}]"#,
      "timeline[0].after", "no event is named \"nothing\" (did you mean \"nothin\"?)"
    ),
    (
      #"[{"at": 0, "name": "a", "set": {"x": 1}}, {"at": 1, "name": "a", "set": {"x": 2}}]"#,
      "timeline[1].name", "the event name \"a\" is already used by timeline[0]"
    ),
    (
      #"[{"after": "b", "name": "a", "set": {"x": 1}}, {"after": "a", "name": "b", "set": {"x": 2}}, {"after": "b", "set": {"x": 3}}]"#,
      "timeline[0].after", "events wait for each other in a cycle (a → b → a)"
    ),
    (#"[{"at": 0, "delay": 1, "set": {"x": 1}}]"#, "timeline[0].delay", "\"delay\" goes with \"after\""),
    (#"[{"at": 0, "after": "a", "name": "a", "set": {"x": 1}}]"#, "timeline[0]", "either \"at\" or \"after\""),
    (#"[{"set": {"x": 1}}]"#, "timeline[0]", "missing required key \"at\""),
  ])
  func badLinksAreClearErrors(timeline: String, path: String, message: String) {
    #expect {
      try decodeScene(scene(box, state: state, timeline: timeline))
    } throws: { error in
      guard let d = (error as? SceneError)?.diagnostics, d.count == 1 else { return false }
      return d[0].path == path && d[0].message.contains(message)
    }
  }

  @Test func aLongChainIsResolvedInOrder() throws {
    var events = [#"{"at": 0, "name": "e0", "set": {"x": 0.5}, "animation": {"linear": {"duration": 0.01}}}"#]
    for i in 1..<2000 {
      events.append(
        #"{"after": "e\#(i - 1)", "name": "e\#(i)", "set": {"x": \#(i)}, "animation": {"linear": {"duration": 0.01}}}"#)
    }
    let e = try self.events("[" + events.joined(separator: ",") + "]")
    #expect(e.count == 2000)
    #expect(abs(e[1999].time - 19.99) < 1e-9)
  }
}
