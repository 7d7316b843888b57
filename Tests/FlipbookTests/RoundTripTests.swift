import Flipbook
import FlipbookAnimation
import FlipbookScene
import FlipbookTestSupport
import Testing

/// Swift → Scene → JSON → SceneDecoder renders the same frames byte for byte, for every kind
/// of node, modifier, animation and transition.
@Suite struct RoundTripTests {
  struct S {
    var step = 0
    var on: Bool { step % 2 == 1 }
  }

  struct KitchenSink: View {
    var s: S
    @Namespace var ns

    var body: some View {
      VStack(alignment: .leading, spacing: s.on ? 4 : 12) {
        HStack(alignment: .top) {
          Ellipse().stroke(.pink, lineWidth: s.on ? 6 : 2).frame(width: 40, height: 30)
          Capsule().stroke(lineWidth: 3).foregroundColor(.cyan).frame(width: 50, height: 20)
          RoundedRectangle(cornerRadius: s.on ? 2 : 12, style: .continuous).fill(.mint).frame(width: 30, height: 30)
            .rotationEffect(.degrees(s.on ? 30 : 0), anchor: UnitPoint(x: 0.25, y: 0.75))
          Spacer()
          Color.yellow.opacity(0.8).frame(width: 20, height: 20).zIndex(s.on ? 1 : 0)
        }
        .padding(.horizontal, s.on ? 10 : 4)
        .background(alignment: .bottomTrailing) { Color(red: 0.1, green: 0.2, blue: 0.3, opacity: 0.2) }
        if s.on {
          Rectangle().fill(.green).frame(height: 20)
            .transition(.asymmetric(insertion: .push(from: .top), removal: .scale(scale: 0.5, anchor: .bottom)))
        } else {
          Rectangle().fill(.brown).frame(height: 20).transition(.slide.combined(with: .offset(x: 5, y: -5)))
        }
        ZStack {
          if s.on {
            Circle().fill(.indigo).matchedGeometryEffect(id: 1, in: ns).frame(width: 20, height: 20)
          } else {
            Circle().fill(.indigo).matchedGeometryEffect(id: 1, in: ns).frame(width: 40, height: 40)
              .position(x: 60, y: 20)
          }
        }
        .frame(height: 40)
        Group {
          Circle().fill(.orange).frame(width: 10, height: 10)
          Circle().fill(.red).frame(width: 10, height: 10)
        }
        .scaleEffect(x: s.on ? 2 : 1, y: 1, anchor: .leading)
        .animation(.interpolatingSpring(stiffness: 170, damping: 15), value: s.on)
        if s.step >= 2 {
          Text3().transition(.identity)
        }
      }
      .padding(s.on ? 8 : 16)
      .overlay(Rectangle().stroke(.black, lineWidth: 1), alignment: .center)
    }
  }

  /// A custom view whose body is a shape stack.
  struct Text3: View {
    var body: some View {
      HStack(spacing: 2) { ForEach(0..<3) { i in Rectangle().fill(.gray).frame(width: 6, height: 6).id("dot\(i)") } }
    }
  }

  @Test func kitchenSink() throws {
    let animations: [Animation?] = [
      .easeInOut.delay(0.2).repeatCount(2),
      .spring(response: 0.3).speed(2).delay(0.1),
      .snappy.repeatCount(2, autoreverses: false).delay(0.1).speed(1.5),
      .timingCurve(0.2, 0.9, 0.3, 1, duration: 0.6),
      .interpolatingSpring(duration: 0.4, bounce: 0.2),
      nil,
    ]
    let movie = try Movie(width: 220, height: 260, background: .white, fps: 20, state: S()) { s in
      KitchenSink(s: s)
    } timeline: { scheduler, state in
      for (k, a) in animations.enumerated() {
        scheduler.animation(a).schedule(after: 0.05 + Double(k) * 0.4) { state.step += 1 }
      }
    }
    try expectEquivalent(movie)
    let json = try movie.exportJSON()
    #expect(json.contains("\"base\""))
    #expect(json.contains("\"matchedGeometryEffect\""))
  }

  @Test func encodedAnimationsDecodeToTheSameValues() throws {
    let animations: [Animation] = [
      .linear, .easeIn(duration: 2), .timingCurve(0.1, 0.2, 0.3, 0.4, duration: 1), .spring, .bouncy,
      .interactiveSpring, .spring(duration: 0.7, bounce: -0.3, blendDuration: 0.1),
      .interpolatingSpring(mass: 2, stiffness: 80, damping: 9),
      .interpolatingSpring(duration: 1, bounce: 0.5, initialVelocity: 2),
      .linear.repeatForever(autoreverses: false), .easeOut.repeatCount(3).delay(1).speed(2),
      .linear.speed(3).repeatCount(2), .spring.delay(0.5).delay(0.5), .easeIn.speed(2).speed(0.5),
    ]
    for a in animations {
      let scene = Scene(
        canvas: .init(width: 10, height: 10, scale: 1, background: .clear), fps: 30, duration: .seconds(1),
        state: [("x", .number(0))], root: Node(kind: .shape(.circle), path: "root"),
        transactions: [.init(time: 0, changes: [("x", .number(1))], animation: a, disablesAnimations: false, path: "")])
      let text = try SceneEncoder.encode(scene)
      let decoded = try decodeScene(text, file: "a.json")
      #expect(decoded.transactions.first?.animation == a, "\(a) was written as \(text)")
    }
  }
}
