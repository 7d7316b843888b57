import CRasterKernels
import FlipbookDisplayList
import FlipbookImage

// Asking for a display list's items before the record pass reaches them.
//
// `DisplayItem` is an indirect enum: each item's payload lies in a heap box of its own, and a
// glyph run's glyphs in an array of their own, both cold when the frame is drawn (the bench
// makes all 60 display lists first; a scene's layout makes them long before the raster). The
// record pass copied each run out of its box 2 items ahead of its turn and read its glyph
// array there: both reads waited for memory (together 8 % of a warm frame of 200 text labels).
// Prefetches cannot be had through Swift's pattern matching, which copies (and retains) the
// payload: so the box's address is read from the item's bits, as Swift lays out an indirect
// enum on 64-bit platforms (the box's address with the case in spare bits, the payload after
// a 16-byte object header). `ItemBoxLayout.holds` checks that layout once on this platform
// before anything is read through it; elsewhere the items are only prefetched as before.

/// Whether this platform lays out indirect enums as `itemBox` reads them: checked once on a
/// glyph run made for the purpose, whose glyph array's storage must be found where the box's
/// payload holds it.
enum ItemBoxLayout {
  static let holds: Bool = {
    #if arch(x86_64) || arch(arm64)
      guard MemoryLayout<DisplayItem>.size == 8, let field = MemoryLayout<GlyphRun>.offset(of: \.glyphs) else {
        return false
      }
      let run = GlyphRun(
        faces: [], glyphs: [GlyphRun.Glyph(face: 0, id: 1, x: 2, y: 3)], fontSize: 1, transform: .identity,
        color: Color(red: 0, green: 0, blue: 0, opacity: 1))
      let items = [DisplayItem.glyphs(run)]
      let bits = items.withUnsafeBytes { $0.load(as: UInt.self) }
      // The case in the top bits, a 16-byte aligned address below 2⁴⁸.
      guard bits & 0x0FFF_0000_0000_000F == 0, let box = UnsafeRawPointer(bitPattern: bits & ItemBox.addressBits)
      else { return false }
      let storage = box.load(fromByteOffset: ItemBox.header &+ field, as: UInt.self)
      return withExtendedLifetime(items) { storage == unsafeBitCast(run.glyphs, to: UInt.self) }
    #else
      return false
    #endif
  }()
}

/// How an indirect enum's value points at its payload (see `ItemBoxLayout`).
enum ItemBox {
  /// The address bits of an indirect enum value.
  static let addressBits: UInt = 0x0000_FFFF_FFFF_FFF0
  /// Bytes of the heap object header before the payload.
  static let header = 16
}

extension Array where Element == DisplayItem {
  /// The heap box of item `i`'s payload, or nil (past the end, or a layout not checked).
  @inline(__always)
  func itemBox(_ i: Int) -> UnsafeRawPointer? {
    guard i < count, MemoryLayout<DisplayItem>.stride == 8 else { return nil }
    return withUnsafeBytes { b in
      UnsafeRawPointer(bitPattern: b.load(fromByteOffset: i &* 8, as: UInt.self) & ItemBox.addressBits)
    }
  }

  /// Asks for item `i`'s payload (a glyph run's 153 bytes: 3 lines). A prefetch of an address
  /// read wrong would be ignored, so this needs no check of the layout.
  @inline(__always)
  func prefetchPayload(_ i: Int) {
    guard let box = itemBox(i) else { return }
    flipbook_prefetch(box)
    flipbook_prefetch(box + 64)
    flipbook_prefetch(box + 128)
  }

  /// Asks for the glyph array of item `i` when it is a glyph run (the storage's header and
  /// first 31 glyphs), its address read from the payload (asked for by `prefetchPayload` a
  /// few items before) without copying the run out: the copy retains the array, and the
  /// retain would wait for the very line this asks for.
  @inline(__always)
  func prefetchGlyphArray(_ i: Int) {
    guard ItemBoxLayout.holds, i < count, case .glyphs = self[i], let box = itemBox(i),
      let field = MemoryLayout<GlyphRun>.offset(of: \.glyphs),
      let storage = UnsafeRawPointer(bitPattern: box.load(fromByteOffset: ItemBox.header &+ field, as: UInt.self))
    else { return }
    var o = 0
    while o < 1024 {
      flipbook_prefetch(storage + o)
      o &+= 64
    }
  }
}
