import FlipbookDisplayList
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// `transaction` and `animation(_:body:)`: which animation each change below them gets,
/// checked against the curves' formulas computed here.
@Suite struct TransactionModifierTests {
  let linear1 = #"{"linear": {"duration": 1}}"#
  let linear2 = #"{"linear": {"duration": 2}}"#
  /// Mass 1, stiffness 100, damping 10: ω₀ = 10, ζ = 0.5.
  let spring = #"{"interpolatingSpring": {"stiffness": 100, "damping": 10}}"#
  /// `linear` is a cubic timing curve like the others, whose x is solved to about 1e-7.
  static let curveTolerance = 1e-6

  /// The closed form of that spring from 0 to `target`, at rest at the start.
  func springValue(_ target: Double, _ t: Double) -> Double {
    let (w0, zeta) = (10.0, 0.5)
    let wd = w0 * (1 - zeta * zeta).squareRoot()
    return target * (1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t)))
  }

  /// A 10×10 rectangle with `modifiers`, in a 200×100 canvas: at rest its minX is 95.
  func rectangle(_ modifiers: String, state: String = #"{"x": 0, "o": 1}"#, timeline: String) throws
    -> CompiledScene
  {
    try compile(
      scene(
        #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, \#(modifiers)]}"#,
        state: state, timeline: timeline))
  }

  func x(_ c: CompiledScene, _ t: Double) -> Double { shapes(c.displayList(at: t))[0].rect.minX - 95 }
  func opacity(_ c: CompiledScene, _ t: Double) -> Double { shapes(c.displayList(at: t))[0].item.color.opacity }

  @Test func aTransactionAnimationOverridesAnExplicitOneBelowIt() throws {
    // withAnimation(.linear(duration: 1)) { x = 100; o = 0 }, the offset inside
    // .transaction { $0.animation = spring }, the opacity outside it.
    let c = try rectangle(
      #"{"offset": {"x": "$x"}}, {"transaction": {"animation": \#(spring)}}, {"opacity": "$o"}"#,
      timeline: #"[{"at": 0, "set": {"x": 100, "o": 0}, "animation": \#(linear1)}]"#)
    for t in [0.05, 0.1, 0.2, 0.3, 0.5, 0.8] {
      #expect(abs(x(c, t) - springValue(100, t)) < 1e-9, "x at \(t)")
      #expect(abs(opacity(c, t) - (1 - t)) < Self.curveTolerance, "opacity at \(t)")
    }
  }

  @Test func aNullTransactionAnimationMakesChangesBelowItJump() throws {
    let c = try rectangle(
      #"{"offset": {"x": "$x"}}, {"transaction": {"animation": null}}"#,
      timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1)}]"#)
    #expect(x(c, 0) == 100 && x(c, 0.5) == 100)
  }

  @Test func aTransactionAppliesToTheChildrenOfTheViewItModifies() throws {
    let root = #"""
      {"type": "zstack", "modifiers": [{"transaction": {"animation": \#(spring)}}], "children": [
        {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}]}]}
      """#
    let c = try compile(
      scene(root, state: #"{"x": 0}"#, timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1)}]"#))
    #expect(abs(x(c, 0.25) - springValue(100, 0.25)) < 1e-9)
  }

  @Test func disablesAnimationsSetByATransactionSilencesImplicitAnimationsBelowIt() throws {
    // The implicit spring sits inside .transaction { $0.disablesAnimations = true }: the
    // explicit linear animation applies.
    let implicit = #"{"animation": {"curve": \#(spring), "value": "$x"}}"#
    let disabled = try rectangle(
      #"{"offset": {"x": "$x"}}, \#(implicit), {"transaction": {"disablesAnimations": true}}"#,
      timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1)}]"#)
    #expect(abs(x(disabled, 0.25) - 25) < 100 * Self.curveTolerance)
    // An event that disables animations, re-enabled by a transaction modifier above the
    // implicit one: the implicit spring applies again.
    let reenabled = try rectangle(
      #"{"offset": {"x": "$x"}}, \#(implicit), {"transaction": {"disablesAnimations": false}}"#,
      timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1), "disablesAnimations": true}]"#)
    #expect(abs(x(reenabled, 0.25) - springValue(100, 0.25)) < 1e-9)
    // An implicit animation outside (after) the transaction modifier still applies.
    let outside = try rectangle(
      #"{"offset": {"x": "$x"}}, {"transaction": {"disablesAnimations": true}}, \#(implicit)"#,
      timeline: #"[{"at": 0, "set": {"x": 100}, "animation": \#(linear1)}]"#)
    #expect(abs(x(outside, 0.25) - springValue(100, 0.25)) < 1e-9)
  }

  @Test func animationBodyAnimatesOnlyTheModifiersOfItsBody() throws {
    // content.offset(x).animation(.linear(duration: 1)) { $0.opacity(o) }
    let modifiers = #"{"offset": {"x": "$x"}}, {"animation": {"curve": \#(linear1), "body": [{"opacity": "$o"}]}}"#
    // No explicit animation: the opacity animates with the body's curve, the offset jumps.
    let plain = try rectangle(modifiers, timeline: #"[{"at": 0, "set": {"x": 100, "o": 0}}]"#)
    for t in [0.1, 0.5, 0.9] {
      #expect(abs(opacity(plain, t) - (1 - t)) < Self.curveTolerance && x(plain, t) == 100, "t = \(t)")
    }
    // An explicit linear(2): the content keeps it, the body uses its own.
    let explicit = try rectangle(
      modifiers, timeline: #"[{"at": 0, "set": {"x": 100, "o": 0}, "animation": \#(linear2)}]"#)
    for t in [0.1, 0.5, 0.9] {
      #expect(abs(opacity(explicit, t) - (1 - t)) < Self.curveTolerance, "t = \(t)")
      #expect(abs(x(explicit, t) - 50 * t) < 100 * Self.curveTolerance, "t = \(t)")
    }
    // A transaction that disables animations: the body's animation is not applied.
    let disabled = try rectangle(
      modifiers,
      timeline: #"[{"at": 0, "set": {"x": 100, "o": 0}, "animation": \#(linear2), "disablesAnimations": true}]"#)
    #expect(abs(opacity(disabled, 0.5) - 0.75) < Self.curveTolerance)
  }

  @Test func layoutInABodyAnimatesWithTheTransactionFromOutsideTheBody() throws {
    // A stack whose spacing and framing width change in withAnimation(.linear(duration: 1)),
    // its frame and opacity inside .animation(nil) { … }: the opacity jumps, while layout
    // (the frame) follows the outer transaction, as SwiftUI's geometry does.
    let root = #"""
      {"type": "hstack", "spacing": "$s", "children": [
         {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}]},
         {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}]}],
       "modifiers": [{"animation": {"curve": null, "body": [{"frame": {"width": "$w", "height": 10}}, {"opacity": "$o"}]}}]}
      """#
    let c = try compile(
      scene(
        root, state: #"{"s": 0, "w": 100, "o": 1}"#,
        timeline: #"[{"at": 0, "set": {"s": 20, "w": 200, "o": 0.5}, "animation": \#(linear1)}]"#))
    // Before: the frame 50…150, the stack 20 wide at 90…110; after: the frame 0…200, the
    // stack 40 wide at 80…120. Halfway, each rect is halfway.
    let s = shapes(c.displayList(at: 0.5))
    #expect(abs(s[0].rect.minX - 85) < 1e-9 && abs(s[1].rect.minX - 105) < 1e-9)
    #expect(s[0].item.color.opacity == 0.5)
  }

  @Test func nestedBodiesEncodeToTheJSONTheyWereReadFrom() throws {
    let modifiers = #"""
      [{"offset": {"x": "$x"}},
       {"animation": {"curve": "easeIn", "body": [
          {"opacity": "$o"},
          {"animation": {"curve": null, "body": [{"scaleEffect": 2}, {"transaction": {"animation": "snappy"}}]}},
          {"transaction": {"disablesAnimations": true}}]}},
       {"transaction": {"animation": null, "disablesAnimations": false}},
       {"transaction": {}}]
      """#
    let text = scene(#"{"type": "rectangle", "modifiers": \#(modifiers)}"#, state: #"{"x": 0, "o": 1}"#)
    let decoded = try SceneDecoder.decode(Array(text.utf8), file: "t.json")
    let kinds = decoded.root.modifiers.map(\.kind)
    #expect(kinds.count == 9)
    #expect(kinds[4] == .animationBody(curve: nil, count: 2))
    #expect(kinds[6] == .animationBody(curve: .easeIn, count: 5))
    #expect(kinds[7] == .transaction(animation: .some(nil), disablesAnimations: false))
    #expect(kinds[8] == .transaction(animation: nil, disablesAnimations: nil))
    let encoded = try SceneEncoder.encode(decoded)
    let again = try SceneDecoder.decode(Array(encoded.utf8), file: "again.json")
    #expect(again.root.modifiers.map(\.kind) == kinds)
    // Nested as written: 4 entries, the second with a body of 3, whose second has a body of 2.
    func body(_ entry: Any?) -> [Any]? {
      ((entry as? [String: Any])?["animation"] as? [String: Any])?["body"] as? [Any]
    }
    let json = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String: Any]
    let list = (json?["root"] as? [String: Any])?["modifiers"] as? [Any]
    #expect(list?.count == 4 && body(list?[1])?.count == 3 && body(body(list?[1])?[1])?.count == 2, "\(encoded)")
  }

  @Test func badTransactionAndBodyModifiersAreClearErrors() {
    func problem(_ modifier: String, isShape: Bool = true) -> String {
      let text = scene(#"{"type": "rectangle", "modifiers": [\#(modifier)]}"#, state: #"{"x": 0}"#)
      do {
        _ = try SceneDecoder.decode(Array(text.utf8), file: "t.json")
        return "no error"
      } catch { return "\(error)" }
    }
    #expect(problem(#"{"animation": {"curve": "linear"}}"#).contains("exactly one of \"value\" or \"body\""))
    #expect(
      problem(#"{"animation": {"curve": "linear", "value": "$x", "body": []}}"#).contains(
        "exactly one of \"value\" or \"body\""))
    #expect(problem(#"{"animation": {"curve": "linear", "body": [{"fill": "red"}]}}"#).contains("shapes only"))
    #expect(
      problem(#"{"animation": {"curve": "linear", "body": [{"opacity": 1}]}}, {"fill": "red"}"#).contains(
        "must be the first modifier"))
    #expect(problem(#"{"animation": {"curve": "linear", "body": [{"opacty": 1}]}}"#).contains("body[0].opacty"))
    #expect(problem(#"{"transaction": {"animation": "wobbly"}}"#).contains("transaction.animation"))
    #expect(problem(#"{"transaction": {"disablesAnimations": 1}}"#).contains("transaction.disablesAnimations"))
    #expect(problem(#"{"transaction": {"curve": "linear"}}"#).contains("curve"))
  }
}
