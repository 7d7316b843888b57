import FlipbookAnimation
import Testing

/// When each kind of animation is logically complete (docs/animation-semantics.md §9),
/// computed here from the rule: a curve at its duration, a FluidSpring at its response, an
/// interpolating spring at 2π/√k, with delay, speed and repeat count applied as to the run.
@Suite struct LogicalCompletionTests {
  @Test func eachKindCompletesAtItsRule() {
    #expect(Animation.easeInOut(duration: 0.8).logicalDuration == 0.8)
    #expect(Animation.linear.logicalDuration == 0.35)
    #expect(Animation.spring(response: 0.3, dampingFraction: 0.1, blendDuration: 0).logicalDuration == 0.3)
    #expect(Animation.bouncy.logicalDuration == 0.5)
    let k = 170.0
    let spring = Animation.interpolatingSpring(mass: 1, stiffness: k, damping: 10, initialVelocity: 0)
    #expect(abs(spring.logicalDuration! - 2 * Double.pi / k.squareRoot()) < 1e-15)
  }

  @Test func modifiersScaleAndAdd() {
    // (0.2 + 3 × 0.4) / 2: the delay is waited once, speed scales everything.
    let a = Animation.easeIn(duration: 0.4).repeatCount(3).delay(0.2).speed(2)
    #expect(abs(a.logicalDuration! - (0.2 + 3 * 0.4) / 2) < 1e-15)
    #expect(Animation.linear(duration: 1).repeatForever().logicalDuration == nil)
    #expect(Animation.linear(duration: 1).speed(0).logicalDuration == nil)
    #expect(Animation.linear(duration: 1).delay(-1).logicalDuration == 1)
  }
}
