import Flipbook
import FlipbookTestSupport
import Foundation
import Testing

/// SwiftUI's gradients in the Swift API: they render as the hand-written JSON of the same
/// scene does, byte for byte, and export to JSON that renders the same.
@Suite struct GradientAPITests {
  struct V: View {
    var on: Bool
    var body: some View {
      HStack(spacing: 4) {
        Circle()
          .fill(LinearGradient(colors: [.red, .blue], startPoint: .topLeading, endPoint: on ? .trailing : .bottom))
          .frame(width: 40, height: 40)
        Circle().trim(from: 0, to: 0.75)
          .stroke(
            AngularGradient(
              gradient: Gradient(stops: [
                .init(color: .blue, location: 0), .init(color: .pink, location: on ? 0.8 : 0.3),
              ]),
              center: .center, startAngle: .degrees(0), endAngle: .degrees(270)),
            style: StrokeStyle(lineWidth: 6, lineCap: .round)
          )
          .frame(width: 40, height: 40)
        RoundedRectangle(cornerRadius: 6).strokeBorder(
          RadialGradient(colors: [.yellow, .orange], center: .center, startRadius: 0, endRadius: 20), lineWidth: 4
        )
        .frame(width: 40, height: 40)
        Rectangle().frame(width: 30, height: 40).foregroundStyle(Color.green.gradient)
      }
    }
  }

  @Test func exportsAndRendersTheSame() throws {
    let movie = try Movie(width: 200, height: 60, background: .white, state: false) {
      V(on: $0)
    } timeline: {
      scheduler, state in
      scheduler.animation(.linear(duration: 0.5)).schedule(after: 0.1) { state.state = true }
    }
    let json = try movie.exportJSON()
    #expect(json.contains("\"linearGradient\""))
    #expect(json.contains("\"angularGradient\""))
    #expect(json.contains("\"radialGradient\""))
    #expect(json.contains("\"foregroundStyle\""))
    try expectEquivalent(
      movie,
      json: """
        {"version": 1, "canvas": {"width": 200, "height": 60, "background": "white"}, "state": {"on": false},
         "root": {"type": "hstack", "spacing": 4, "children": [
           {"type": "circle", "modifiers": [{"fill": {"linearGradient": {"colors": ["red", "blue"], "startPoint": "topLeading",
              "endPoint": {"if": "$on", "then": [1, 0.5], "else": [0.5, 1]}}}}, {"frame": {"width": 40, "height": 40}}]},
           {"type": "circle", "modifiers": [{"trim": {"from": 0, "to": 0.75}},
              {"stroke": {"color": {"angularGradient": {"stops": [{"color": "blue", "location": 0},
                {"color": "pink", "location": {"if": "$on", "then": 0.8, "else": 0.3}}], "startAngle": 0, "endAngle": 270}},
                "lineWidth": 6, "lineCap": "round"}}, {"frame": {"width": 40, "height": 40}}]},
           {"type": "roundedRectangle", "cornerRadius": 6, "modifiers": [{"strokeBorder": {"color": {"radialGradient":
              {"colors": ["yellow", "orange"], "endRadius": 20}}, "lineWidth": 4}}, {"frame": {"width": 40, "height": 40}}]},
           {"type": "rectangle", "modifiers": [{"frame": {"width": 30, "height": 40}}, {"foregroundStyle": {"linearGradient":
              {"colors": [\(Self.lighterGreen), "green"]}}}]}]},
         "timeline": [{"at": 0.1, "set": {"on": true}, "animation": {"linear": {"duration": 0.5}}}]}
        """)
  }

  /// `Color.gradient`'s top color: green (#34C759, HSL lightness 0.492) 0.15 lighter.
  static var lighterGreen: String {
    // HSL of #34C759: h = 135.2°, s = 0.588, l = 0.492; l + 0.15 = 0.642.
    let r = 0x34 / 255.0, g = 0xC7 / 255.0, b = 0x59 / 255.0
    let hi = max(r, g, b), lo = min(r, g, b), l = (hi + lo) / 2, s = (hi - lo) / (1 - abs(2 * l - 1))
    let h = ((b - r) / (hi - lo) + 2) / 6
    let l2 = l + 0.15
    func f(_ n: Double) -> Double {
      let k = (n + h * 12).truncatingRemainder(dividingBy: 12)
      return l2 - s * min(l2, 1 - l2) * max(-1, min(k - 3, 9 - k, 1))
    }
    return #"{"red": \#(f(0)), "green": \#(f(8)), "blue": \#(f(4))}"#
  }
}

/// Gradients the format cannot hold are refused when the movie is made, with the view named.
@Suite struct GradientAPIErrorTests {
  @Test(arguments: [
    (Gradient(stops: []), "at least one color"),
    (Gradient(stops: [.init(color: .red, location: 1.5)]), "0…1"),
  ])
  func refusesBadGradients(_ bad: (Gradient, String)) {
    do {
      _ = try Movie(width: 20, height: 20, state: 0) { _ in
        Circle().fill(LinearGradient(gradient: bad.0, startPoint: .top, endPoint: .bottom))
      } timeline: { _, _ in
      }
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains(bad.1), "\(error)")
    }
  }

  /// A NaN location (which becomes a state variable, NaN being unequal to itself) draws as
  /// location 0, and exporting it is an error that names it.
  @Test func aNaNLocationDrawsAndCannotBeExported() throws {
    let movie = try Movie(width: 20, height: 20, background: .white, state: 0) { _ in
      Rectangle().fill(
        LinearGradient(
          stops: [.init(color: .red, location: .nan), .init(color: .blue, location: 1)], startPoint: .top,
          endPoint: .bottom))
    } timeline: { _, _ in
    }
    let p = movie.frame(0).pixel(x: 10, y: 0)
    #expect(p.r > 200 && p.b < 60, "\(p)")
    #expect(throws: (any Error).self) { try movie.exportJSON() }
  }

  @Test func aChangingNumberOfStopsIsAnError() {
    do {
      _ = try Movie(width: 20, height: 20, state: false) { on in
        Circle().fill(
          LinearGradient(colors: on ? [.red, .blue] : [.red, .green, .blue], startPoint: .top, endPoint: .bottom))
      } timeline: { scheduler, state in
        scheduler.schedule(after: 0.1) { state.state = true }
      }
      Issue.record("no error")
    } catch {
      #expect("\(error)".contains("fill"), "\(error)")
    }
  }
}
