@testable import FlipbookRaster
import FlipbookDisplayList
import FlipbookImage
import Testing

/// The record pass asks for a display list's memory ahead by reading each item's box from its
/// bits (DisplayItem+Prefetch.swift). The layout it reads must hold on the platforms it is
/// used on: there, every glyph run's payload must be found where `itemBox` says.
@Suite struct ItemPrefetchTests {
  @Test func theIndirectEnumLayoutHoldsHere() {
    #if arch(x86_64) || arch(arm64)
      #expect(ItemBoxLayout.holds, "the display list's glyph arrays are not prefetched on this platform")
    #endif
  }

  @Test func eachGlyphRunIsFoundInItsItemsBox() throws {
    guard ItemBoxLayout.holds else { return }
    let field = try #require(MemoryLayout<GlyphRun>.offset(of: \.glyphs))
    var items: [DisplayItem] = []
    var runs: [Int: GlyphRun] = [:]
    for k in 0..<60 {
      switch k % 3 {
      case 0:
        let glyphs = (0..<(k % 7 + 1)).map { GlyphRun.Glyph(face: 0, id: UInt32($0), x: Double($0), y: 0) }
        let run = GlyphRun(
          faces: [], glyphs: glyphs, fontSize: 12, transform: .identity, color: Color(red: 0, green: 0, blue: 0))
        runs[items.count] = run
        items.append(.glyphs(run))
      case 1:
        items.append(
          .shape(ShapeItem(geometry: .rectangle(Rect(x: 0, y: 0, width: 1, height: 1)), style: .fill, transform: .identity,
            color: Color(red: 1, green: 0, blue: 0))))
      default:
        items.append(.layer(items: [], opacity: 0.5))
      }
    }
    for (i, run) in runs {
      let box = try #require(items.itemBox(i))
      let storage = box.load(fromByteOffset: ItemBox.header + field, as: UInt.self)
      #expect(storage == unsafeBitCast(run.glyphs, to: UInt.self), "item \(i)")
      items.prefetchGlyphArray(i)
      items.prefetchPayload(i)
    }
    // Past the end: nothing.
    #expect(items.itemBox(items.count) == nil)
  }
}
