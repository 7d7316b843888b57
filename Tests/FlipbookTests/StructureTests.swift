import Flipbook
import FlipbookScene
import Testing

/// How views of every state become one scene: identity by structure, constants folded,
/// clear errors where SwiftUI's identity rules are broken.
@Suite struct StructureTests {
  @Test func constantsStayConstantAndChangesBecomeState() throws {
    let movie = try Movie(width: 100, height: 100, state: false) { on in
      Circle().fill(.red).frame(width: 50, height: 50).scaleEffect(on ? 2 : 1)
    } timeline: { _, state in
      withAnimation { state.state = true }
    }
    let scene = movie.scene
    #expect(scene.state.map(\.name) == ["scale_0"])
    guard case .shape(.circle) = scene.root.kind else { Issue.record("root is \(scene.root.kind)"); return }
    #expect(
      scene.root.modifiers.map(\.path) == [
        "root.modifiers[0].fill", "root.modifiers[1].frame", "root.modifiers[2].scaleEffect",
      ])
    #expect(scene.root.modifiers[0].kind == .fill(.color(.constant(.color(FlipbookScene.Color.named["red"]!)))))
    #expect(scene.root.modifiers[2].kind == .scaleEffect(scale: .state("scale_0"), anchor: SIMD2(0.5, 0.5)))
  }

  /// A multi-view branch becomes one `if` per position, so the views keep their places in
  /// the stack.
  @Test func multiViewBranchesSplitByPosition() throws {
    let movie = try Movie(width: 100, height: 100, state: false) { on in
      VStack {
        if on {
          Circle()
          Rectangle()
        } else {
          Capsule()
        }
      }
    } timeline: { _, state in
      state.state = true
    }
    guard case .vstack(let children, _, _) = movie.scene.root.kind else { Issue.record("not a stack"); return }
    #expect(children.count == 2)
    guard case .conditional(let flag, let then, let otherwise) = children[1].kind else {
      Issue.record("not an if"); return
    }
    #expect(flag == .state("condition_0"))
    #expect(then.kind == .shape(.rectangle))
    #expect(otherwise == nil)
  }

  @Test func aForEachWhoseDataChangesBecomesAForEachNode() throws {
    // Once an error ("0 views in state 0 but 1 in state 1"); now the new id is inserted.
    let movie = try Movie(width: 100, height: 100, state: 1) { n in
      VStack { ForEach(0..<n) { _ in Circle() } }
    } timeline: { _, state in
      state.state = 2
    }
    guard case .vstack(let children, _, _) = movie.scene.root.kind,
      case .forEach(.state(let name), _) = children[0].kind
    else {
      Issue.record("not a forEach in a stack")
      return
    }
    #expect(movie.scene.state.first { $0.name == name }?.value == .numbers([0]))
    #expect(movie.scene.transactions[0].changes.first { $0.name == name }?.value == .numbers([0, 1]))
  }

  @Test func aChangingIdIsAnError() {
    #expect(throws: MovieError.self) {
      _ = try Movie(width: 100, height: 100, state: 1) { n in
        Circle().id(n)
      } timeline: { _, state in
        state.state = 2
      }
    }
  }

  @Test func aDifferentViewWithoutIfIsAnError() {
    #expect {
      _ = try Movie(width: 100, height: 100, state: false) { on in
        on ? AnyView(Circle()) : AnyView(Rectangle())
      } timeline: { _, state in
        state.state = true
      }
    } throws: { error in
      "\(error)".contains("if`/`else")
    }
  }

  @Test func repeatForeverNeedsADuration() throws {
    #expect(throws: MovieError.self) {
      _ = try Movie(width: 10, height: 10, state: 0.0) { x in
        Rectangle().opacity(x)
      } timeline: { _, state in
        withAnimation(.linear.repeatForever()) { state.state = 1 }
      }
    }
    let movie = try Movie(width: 10, height: 10, duration: 2, state: 0.0) { x in
      Rectangle().opacity(x)
    } timeline: { _, state in
      withAnimation(.linear.repeatForever()) { state.state = 1 }
    }
    #expect(movie.frameCount == 61)
  }
}

extension StructureTests {
  @Test func aChangingCurveNamesTheFixedArguments() {
    #expect {
      _ = try Movie(width: 100, height: 100, state: false) { on in
        Circle().scaleEffect(on ? 2 : 1).animation(on ? .bouncy : .linear, value: on)
      } timeline: { _, state in
        state.state = true
      }
    } throws: { error in
      "\(error)".contains("fixed arguments")
    }
  }
}
