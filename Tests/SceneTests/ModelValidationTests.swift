import FlipbookAnimation
import FlipbookScene
import Testing

/// `Scene.validate()`, the rules a scene made in Swift is held to, say what the decoder says
/// of the same scene written as JSON.
@Suite struct ModelValidationTests {
  func scene(_ root: Node, duration: Scene.Duration = .seconds(1), animation: Animation? = nil) -> Scene {
    Scene(
      canvas: .init(width: 10, height: 10, scale: 1, background: .clear), fps: 30, duration: duration,
      state: [("x", .number(0))], root: root,
      transactions: [
        .init(
          time: 0, changes: [("x", .number(1))], animation: animation, disablesAnimations: false, path: "timeline[0]")
      ])
  }

  @Test func aShapeStyleMustComeFirstOnAShape() throws {
    let red = Expression.constant(.color(Color.named["red"]!))
    let misplaced = Node(
      kind: .zstack(
        children: [
          Node(
            kind: .shape(.circle),
            modifiers: [
              Modifier(
                .frame(width: .number(5), height: nil, alignment: .center), path: "root.children[0].modifiers[0].frame"),
              Modifier(.fill(.color(red)), path: "root.children[0].modifiers[1].fill"),
            ], path: "root.children[0]")
        ], alignment: .center),
      modifiers: [Modifier(.fill(.color(red)), path: "root.modifiers[0].fill")], path: "root")
    #expect(
      scene(misplaced).validate().map(\.description) == [
        #"root.modifiers[0].fill: "fill" applies to shapes only (circle, ellipse, rectangle, roundedRectangle, capsule, path)"#,
        #"root.children[0].modifiers[1].fill: "fill" must be the first modifier of a shape, as in SwiftUI (Circle().fill(…).frame(…))"#,
      ])
    // The decoder gives the same message for the same scene written as JSON.
    let json =
      #"{"canvas": {"width": 10, "height": 10}, "root": {"type": "zstack", "modifiers": [{"fill": "red"}], "children": [{"type": "circle", "modifiers": [{"frame": {"width": 5}}, {"fill": "red"}]}]}}"#
    #expect(throws: SceneError.self) { try SceneDecoder.decode(Array(json.utf8), file: "s.json") }
    do {
      _ = try SceneDecoder.decode(Array(json.utf8), file: "s.json")
    } catch {
      #expect(error.diagnostics.map(\.message) == scene(misplaced).validate().map(\.message))
    }
    let fine = Node(
      kind: .shape(.circle), modifiers: [Modifier(.fill(.color(red)), path: "root.modifiers[0].fill")], path: "root")
    #expect(scene(fine).validate().isEmpty)
  }

  @Test func repeatingForeverNeedsADuration() {
    let forever = Animation.repeatForever(autoreverses: true, .linear)
    let circle = Node(kind: .shape(.circle), path: "root")
    #expect(
      scene(circle, duration: .auto, animation: forever).validate().map(\.message) == [Scene.repeatForeverProblem])
    #expect(scene(circle, duration: .seconds(2), animation: forever).validate().isEmpty)
    #expect(scene(circle, duration: .auto, animation: .linear).validate().isEmpty)
    let implicit = Node(
      kind: .shape(.circle),
      modifiers: [Modifier(.animation(curve: forever, value: "x"), path: "root.modifiers[0].animation")],
      path: "root")
    #expect(scene(implicit, duration: .auto).validate().map(\.message) == [Scene.repeatForeverProblem])
  }
}
