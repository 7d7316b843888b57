import Testing
import FlipbookScene
import FlipbookTestSupport

/// String and array state, conditions and `forEach`, as the decoder reads them and reports
/// their mistakes.
@Suite struct DataDecodingTests {
  static func scene(state: String, root: String, timeline: String = "[]") -> String {
    #"{"canvas": {"width": 100, "height": 100}, "state": \#(state), "root": \#(root), "timeline": \#(timeline)}"#
  }

  @Test func stringAndArrayStateAreDeclaredWithTheirTypeAndSetBare() throws {
    let s = try decode(
      Self.scene(
        state:
          #"{"tab": {"string": "home"}, "items": {"array": ["milk", "eggs"]}, "ns": {"array": [], "of": "number"}, "c": "red"}"#,
        root: #"{"type": "empty"}"#,
        timeline: #"[{"at": 1, "set": {"tab": "red", "items": ["eggs", "milk", "bread"], "ns": [3, 1]}}]"#))
    #expect(
      s.state.map(\.value) == [.string("home"), .strings(["milk", "eggs"]), .numbers([]), .color(Color.named["red"]!)])
    // A bare string sets a string variable as a string, even one that names a color.
    #expect(
      s.transactions[0].changes.map(\.value) == [
        .string("red"), .strings(["eggs", "milk", "bread"]), .numbers([3, 1]),
      ])
  }

  @Test func arraysHoldOneTypeAndAnEmptyOneSaysWhich() {
    let mixed = errors(Self.scene(state: #"{"items": {"array": ["a", 2]}}"#, root: #"{"type": "empty"}"#))
    #expect(mixed.count == 1)
    #expect(mixed.first?.contains("state.items.array[1]") == true)
    #expect(mixed.first?.contains("this array holds strings, but element [1] is a number") == true)
    let empty = errors(Self.scene(state: #"{"items": {"array": []}}"#, root: #"{"type": "empty"}"#))
    #expect(empty.first?.contains(#"declare it as {"array": [], "of": "string"}"#) == true)
    let wrongSet = errors(
      Self.scene(
        state: #"{"items": {"array": ["a"]}}"#, root: #"{"type": "empty"}"#,
        timeline: #"[{"at": 0, "set": {"items": [1, 2]}}]"#))
    #expect(wrongSet.first?.contains("timeline[0].set.items[0]") == true)
  }

  @Test func aHugeArrayIsRefusedWithTheLimit() {
    let items = (0..<(SceneLimits.maxArrayElements + 1)).map { "\($0)" }.joined(separator: ",")
    let e = errors(Self.scene(state: #"{"items": {"array": [\#(items)]}}"#, root: #"{"type": "empty"}"#))
    #expect(e.count == 1)
    #expect(e.first?.contains("longer than the limit of \(SceneLimits.maxArrayElements)") == true)
  }

  @Test func conditionsDecodeWhereverABooleanIsRead() throws {
    let s = try decode(
      Self.scene(
        state: #"{"tab": {"string": "home"}, "n": 3, "on": true}"#,
        root: #"""
          {"type": "if", "condition": {"all": [{"eq": ["$tab", "home"]}, {"not": "$on"}, {"any": [{"lt": ["$n", 2]}, {"ge": [4, "$n"]}]}]},
           "then": {"type": "rectangle", "modifiers": [{"opacity": {"if": {"ne": ["$tab", "home"]}, "then": 1, "else": 0.5}}]}}
          """#))
    guard case .conditional(let c, let then, nil) = s.root.kind else {
      Issue.record("not an if")
      return
    }
    #expect(
      c
        == .all([
          .compare(.eq, .state("tab"), .constant(.string("home"))), .not(.state("on")),
          .any([.compare(.lt, .state("n"), .number(2)), .compare(.ge, .number(4), .state("n"))]),
        ]))
    #expect(
      then.modifiers[0].kind
        == .opacity(
          .conditional(
            condition: .compare(.ne, .state("tab"), .constant(.string("home"))), then: .number(1), else: .number(0.5))))
    // Evaluated as the operators say: tab == home, but on is true, so `not on` fails.
    #expect(c.bool(StateSnapshot(["tab": .string("home"), "n": .number(3), "on": .bool(false)])))
    #expect(!c.bool(StateSnapshot(["tab": .string("home"), "n": .number(3), "on": .bool(true)])))
    #expect(!c.bool(StateSnapshot(["tab": .string("home"), "n": .number(5), "on": .bool(false)])))
  }

  @Test func aComparisonOfTwoTypesNamesBothAndThePath() {
    let e = errors(
      Self.scene(
        state: #"{"tab": {"string": "home"}}"#,
        root: #"{"type": "if", "condition": {"eq": ["$tab", 3]}, "then": {"type": "empty"}}"#))
    #expect(e.count == 1)
    #expect(e.first?.contains("root.condition.eq") == true)
    #expect(e.first?.contains("root.condition.eq[0] is a string") == true)
    #expect(e.first?.contains("root.condition.eq[1] is a number") == true)
    let order = errors(
      Self.scene(
        state: #"{"tab": {"string": "home"}}"#,
        root: #"{"type": "if", "condition": {"lt": ["$tab", "a"]}, "then": {"type": "empty"}}"#))
    #expect(order.first?.contains(#""lt" compares numbers, not strings"#) == true)
  }

  @Test func conditionsOnUndeclaredOrMistypedStateAreErrors() {
    let undeclared = errors(
      Self.scene(state: "{}", root: #"{"type": "if", "condition": {"eq": ["$tabb", "a"]}, "then": {"type": "empty"}}"#))
    #expect(undeclared.first?.contains(#"undeclared state variable "tabb""#) == true)
    let notBool = errors(
      Self.scene(state: #"{"n": 1}"#, root: #"{"type": "if", "condition": "$n", "then": {"type": "empty"}}"#))
    #expect(notBool.first?.contains(#"state variable "n" is a number, expected a boolean"#) == true)
    let badKey = errors(
      Self.scene(state: "{}", root: #"{"type": "if", "condition": {"equals": [1, 1]}, "then": {"type": "empty"}}"#))
    #expect(badKey.first?.contains("root.condition") == true)
  }

  @Test func forEachReadsItemAndIndexWithTheElementType() throws {
    let s = try decode(
      Self.scene(
        state: #"{"items": {"array": ["a", "b"]}}"#,
        root: #"""
          {"type": "vstack", "children": [{"type": "forEach", "data": "$items", "content":
            {"type": "rectangle", "modifiers": [{"opacity": {"if": {"eq": ["$item", "a"]}, "then": 1, "else": 0.5}},
                                                {"frame": {"height": "$index"}}]}}]}
          """#))
    guard case .vstack(let children, _, _) = s.root.kind, case .forEach(let data, let content) = children[0].kind else {
      Issue.record("not a forEach")
      return
    }
    #expect(data == .state("items"))
    #expect(
      content.modifiers[0].kind
        == .opacity(
          .conditional(condition: .compare(.eq, .item, .constant(.string("a"))), then: .number(1), else: .number(0.5))))
    #expect(content.modifiers[1].kind == .frame(width: nil, height: .index, alignment: .center))
    // `$item` of strings is not a number.
    let e = errors(
      Self.scene(
        state: #"{"items": {"array": ["a"]}}"#,
        root:
          #"{"type": "forEach", "data": "$items", "content": {"type": "rectangle", "modifiers": [{"opacity": "$item"}]}}"#
      ))
    #expect(e.first?.contains(#""$item" is a string, expected a number"#) == true)
    // Outside a forEach, `$item` is an ordinary (here undeclared) variable.
    let outside = errors(Self.scene(state: "{}", root: #"{"type": "rectangle", "modifiers": [{"opacity": "$item"}]}"#))
    #expect(outside.first?.contains(#"undeclared state variable "item""#) == true)
    // The data must be an array.
    let notArray = errors(
      Self.scene(state: #"{"n": 1}"#, root: #"{"type": "forEach", "data": "$n", "content": {"type": "empty"}}"#))
    #expect(notArray.first?.contains(#"state variable "n" is a number, expected an array of strings"#) == true)
  }

  @Test func flexibleFramesTakeInfinityAsAMaximumOnly() throws {
    let s = try decode(
      Self.scene(
        state: "{}",
        root:
          #"{"type": "rectangle", "modifiers": [{"frame": {"minWidth": 10, "maxWidth": "infinity", "idealHeight": 5}}, {"fixedSize": true}, {"layoutPriority": 1}]}"#
      ))
    #expect(
      s.root.modifiers[0].kind
        == .frame(
          width: nil, height: nil, alignment: .center,
          flexible: FlexibleFrame(minWidth: .number(10), maxWidth: .number(.infinity), idealHeight: .number(5))))
    #expect(s.root.modifiers[1].kind == .fixedSize(horizontal: true, vertical: true))
    #expect(s.root.modifiers[2].kind == .layoutPriority(.number(1)))
    let minInfinity = errors(
      Self.scene(state: "{}", root: #"{"type": "rectangle", "modifiers": [{"frame": {"minWidth": "infinity"}}]}"#))
    #expect(minInfinity.first?.contains("root.modifiers[0].frame.minWidth") == true)
    let mixed = errors(
      Self.scene(state: "{}", root: #"{"type": "rectangle", "modifiers": [{"frame": {"width": 10, "maxWidth": 20}}]}"#))
    #expect(mixed.first?.contains(#""width" cannot be combined with "minWidth""#) == true)
  }

  @Test func theEncoderWritesWhatTheDecoderReads() throws {
    let text = Self.scene(
      state: #"{"tab": {"string": "home"}, "items": {"array": [1, 2]}}"#,
      root: #"""
        {"type": "hstack", "children": [
          {"type": "forEach", "data": "$items", "content": {"type": "capsule", "modifiers": [
            {"opacity": {"if": {"any": [{"gt": ["$item", 1]}, {"eq": ["$index", 0]}]}, "then": 1, "else": 0.2}},
            {"frame": {"maxWidth": "infinity", "minHeight": 4}}]}},
          {"type": "spacer", "minLength": 12},
          {"type": "if", "condition": {"not": {"eq": ["$tab", "home"]}}, "then": {"type": "rectangle", "modifiers": [{"fixedSize": {"horizontal": true, "vertical": false}}]}}]}
        """#,
      timeline: #"[{"at": 1, "set": {"tab": "profile", "items": [2, 1, 3]}}]"#)
    let scene = try decode(text)
    let again = try decode(try SceneEncoder.encode(scene))
    #expect(again.root == scene.root)
    #expect(again.state.map(\.value) == scene.state.map(\.value))
    #expect(again.transactions[0].changes.map(\.value) == scene.transactions[0].changes.map(\.value))
  }
}
