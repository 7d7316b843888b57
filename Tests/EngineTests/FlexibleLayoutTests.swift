import Testing
import FlipbookDisplayList
import FlipbookEngine
import FlipbookTestSupport

/// Flexible frames, `fixedSize`, `layoutPriority` and `Spacer(minLength:)`, each against a
/// result SwiftUI is documented or known to give; the source of every expected number is
/// named beside it.
@Suite struct FlexibleLayoutTests {
  /// The rects of an hstack's rectangles (spacing 0), in a canvas `width` wide and 100 tall.
  func row(_ children: [String], width: Int = 200) throws -> [Rect] {
    let root = #"{"type": "hstack", "spacing": 0, "children": [\#(children.joined(separator: ", "))]}"#
    return shapes(try compile(scene(root, canvas: (width, 100))).displayList(at: 0)).map(\.rect)
  }

  func rect(_ modifiers: String) -> String { #"{"type": "rectangle", "modifiers": [\#(modifiers)]}"# }

  @Test func equalChildrenShareEqually() throws {
    // objc.io, "How an HStack Lays Out Its Children" (2020): three rectangles in 300 points
    // are 100 wide each.
    let r = try row([rect(""), rect(""), rect("")], width: 300)
    #expect(r.map(\.width) == [100, 100, 100])
    #expect(r.map(\.minX) == [0, 100, 200])
  }

  @Test func theLeastFlexibleIsOfferedItsShareFirst() throws {
    // objc.io, same article: `Rectangle().frame(maxWidth: 100)` and
    // `Rectangle().frame(minWidth: 100)` in 150 points are 75 and 100 wide; the 175-point stack
    // overflows its 150-point frame, centered on it (here the canvas).
    let r = try row([rect(#"{"frame": {"maxWidth": 100}}"#), rect(#"{"frame": {"minWidth": 100}}"#)], width: 150)
    #expect(r.map(\.width) == [75, 100])
    #expect(r.map(\.minX) == [-12.5, 62.5])
  }

  @Test func maxWidthInfinityFillsWhatIsOffered() throws {
    // Apple's documentation of frame(minWidth:…maxWidth:…): with only a maximum, "if the
    // size proposed for the frame by the parent is greater than the size of this view, the
    // proposed size, clamped to that maximum": a 40-wide view in a frame(maxWidth: .infinity)
    // offered 200 makes a 200-wide frame, the view centered in it (80…120).
    let r = try row([rect(#"{"frame": {"width": 40, "height": 10}}, {"frame": {"maxWidth": "infinity"}}"#)])
    #expect(r == [Rect(x: 80, y: 45, width: 40, height: 10)])
    // Three such chips share a row: (300 − 2 × 8 spacing) / 3 each (the stack rule above).
    let root =
      #"{"type": "hstack", "children": [\#(Array(repeating: rect(#"{"frame": {"height": 30}}, {"frame": {"maxWidth": "infinity"}}"#), count: 3).joined(separator: ","))]}"#
    let chips = shapes(try compile(scene(root, canvas: (300, 100))).displayList(at: 0)).map(\.rect)
    let w = (300.0 - 16) / 3
    #expect(zip(chips.map(\.width), [w, w, w]).allSatisfy { abs($0 - $1) < 1e-9 })
    #expect(zip(chips.map(\.minX), [0, w + 8, 2 * w + 16]).allSatisfy { abs($0 - $1) < 1e-9 })
  }

  @Test func aMinimumHoldsAgainstASmallerProposal() throws {
    // Apple's documentation: with only a minimum, when the proposal is less than the view's
    // size the frame is the proposal clamped to the minimum, else the view's size: a 40-wide
    // view in frame(minWidth: 100) offered 60 is 100 wide (the view centered: 30 from the
    // frame's edge), offered 300 it hugs the view… at 100 again, since 40 < 100.
    let narrow = try row([rect(#"{"frame": {"width": 40, "height": 10}}, {"frame": {"minWidth": 100}}"#)], width: 60)
    #expect(narrow == [Rect(x: -20 + 30, y: 45, width: 40, height: 10)])
    // Both bounds: the proposal clamped to them (Apple: "unconditionally adopts the size
    // proposed for it, clamped to the constraints"): offered 200, frame(minWidth: 50,
    // maxWidth: 120) is 120, its 40-wide view centered in it.
    let both = try row([
      rect(
        #"{"frame": {"width": 40, "height": 10}}, {"frame": {"minWidth": 50, "maxWidth": 120, "alignment": "leading"}}"#
      )
    ])
    #expect(both == [Rect(x: 40, y: 45, width: 40, height: 10)])
  }

  @Test func layoutPriorityOffersSpaceToTheHigherFirst() throws {
    // Apple's documentation of layoutPriority(_:): the highest priority is offered "all the
    // space offered to the parent minus the minimum space required for all its lower-priority
    // children". In 200: A = Rectangle().frame(minWidth: 50), B = Rectangle() with priority
    // 1: B is offered 200 − 50 and takes 150, A takes the 50 left.
    let r = try row([rect(#"{"frame": {"minWidth": 50}}"#), rect(#"{"layoutPriority": 1}"#)])
    #expect(r.map(\.width) == [50, 150])
    // Without the priority both are equally flexible and share: 100 each.
    let equal = try row([rect(#"{"frame": {"minWidth": 50}}"#), rect("")])
    #expect(equal.map(\.width) == [100, 100])
  }

  @Test func fixedSizeProposesNothingAndTakesTheIdealSize() throws {
    // A shape's ideal size is 10×10 in SwiftUI (Rectangle().fixedSize() draws 10×10); a
    // flexible frame's ideal replaces the missing proposal (Apple's documentation).
    let ideal = try row([rect(#"{"fixedSize": true}"#)])
    #expect(ideal == [Rect(x: 95, y: 45, width: 10, height: 10)])
    let wide = try row([rect(#"{"frame": {"idealWidth": 60}}, {"fixedSize": {"horizontal": true, "vertical": false}}"#)]
    )
    #expect(wide == [Rect(x: 70, y: 0, width: 60, height: 100)])
  }

  @Test func aSpacerKeepsItsMinimumLength() throws {
    // Spacer(minLength: 30) between two 100-wide views in 200: the fixed views take their
    // widths first (least flexible), the spacer is offered the 0 left and keeps 30; the
    // 230-point stack is centered on the 200-point canvas (from −15).
    let root =
      #"{"type": "hstack", "spacing": 0, "children": [\#(rect(#"{"frame": {"width": 100}}"#)), {"type": "spacer", "minLength": 30}, \#(rect(#"{"frame": {"width": 100}}"#))]}"#
    let r = shapes(try compile(scene(root)).displayList(at: 0)).map(\.rect)
    #expect(r.map(\.minX) == [-15, 115])
  }
}
