import Flipbook
import FlipbookAnimation
import Testing

/// SwiftUI's spellings compile and mean SwiftUI's numbers.
@Suite struct SpellingTests {
  @Test func animations() {
    #expect(
      Animation.spring(response: 0.3, dampingFraction: 0.1)
        == .spring(response: 0.3, dampingFraction: 0.1, blendDuration: 0))
    #expect(Animation.spring(response: 0.3) == .spring(response: 0.3, dampingFraction: 0.825, blendDuration: 0))
    #expect(Animation.spring() == .spring(response: 0.5, dampingFraction: 1, blendDuration: 0))
    #expect(
      Animation.interpolatingSpring(stiffness: 100, damping: 10)
        == .interpolatingSpring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0))
    #expect(Animation.easeInOut(duration: 1).delay(0.5).speed(2) == .speed(2, .delay(0.5, .easeInOut(duration: 1))))
    #expect(Animation.linear.repeatForever() == .repeatForever(autoreverses: true, .linear))
    #expect(Animation.default == .spring(duration: 0.5, bounce: 0))
  }

  @Test func valuesAndTransitions() {
    #expect(Angle.radians(.pi).degrees == 180)
    #expect(Color(white: 2).red == 1)
    #expect(Alignment.bottomTrailing == Alignment(horizontal: .trailing, vertical: .bottom))
    #expect(AnyTransition.move(edge: .top) != AnyTransition.move(edge: .bottom))
    @Namespace var a
    @Namespace var b
    #expect(a != b)
    #expect(Namespace("x").wrappedValue == Namespace("x").wrappedValue)
  }
}
