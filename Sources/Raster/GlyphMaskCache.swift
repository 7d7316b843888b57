import CRasterKernels
import FlipbookDisplayList

/// One glyph's coverage at one size and quarter-pixel phase, as the exact-area rasterizer
/// gives its outline placed there: drawing a glyph is then a blend of this mask, not a fill
/// of its outline. It lies in the cache's storage, its coverage right after it, so that
/// finding a mask brings its first row into the cache too.
///
/// Pixel (x0 + i, y0 + j), counted from the whole pixel the pen's rounded position lies in,
/// has coverage `coverage[j · stride + i]`; rows are padded with zeros to `stride`, the
/// width rounded up to a multiple of 8, so that the blend can take them 8 pixels at a time. A glyph without ink
/// (a space) has width 0.
struct GlyphMask {
  var x0: Int32, y0: Int32, width: Int32, height: Int32, stride: Int32
  /// Keeps the coverage that follows 8-byte aligned.
  var padding: Int32 = 0

  /// The coverage bytes after the mask at `mask`.
  static func coverage(_ mask: UnsafeMutablePointer<GlyphMask>) -> UnsafeMutablePointer<UInt8> {
    UnsafeMutableRawPointer(mask + 1).assumingMemoryBound(to: UInt8.self)
  }
}

/// A slot of the cache's table: a key (0: empty) and its mask's placement, so that a lookup
/// reads one slot and nothing of the mask (the blend fetches its coverage later).
struct GlyphMaskSlot {
  var key: UInt64 = 0
  var mask: UnsafeMutablePointer<GlyphMask>? = nil
  var x0: Int32 = 0, y0: Int32 = 0, width: Int32 = 0, height: Int32 = 0
}

/// A face at a size in pixels per em along x and y.
struct GlyphSizeKey: Hashable {
  var face: ObjectIdentifier
  var sx: Double
  var sy: Double
}

/// A glyph of a face, for its outline's box.
struct GlyphBoxKey: Hashable {
  var face: ObjectIdentifier
  var glyph: UInt32
}

/// The glyph masks of one worker (one `Rasterizer`), bounded by ``budget`` bytes. A mask is
/// a pure function of its key (face, glyph, size in pixels per em along x and y, the pen's
/// quarter-pixel phase in x and y), so what the cache holds never changes a pixel: only how
/// often masks are made.
///
/// A text run names its face and size once (``sizeKey(_:sx:sy:)``, a small number per
/// face and size); each glyph is then found by one integer key (size, glyph, phase) in an
/// open-addressing table whose slots point at the masks, which lie one after another in
/// chunks of ``chunkBytes``: a lookup is a multiply, a shift and usually one probe, with no
/// hashing of structs or reference counting. The slot holds the mask's placement too, so
/// that recording a glyph reads nothing else (`recordGlyphs` asks for a run's slots ahead).
///
/// Per worker, not shared: lookups take no lock, and `--jobs N` holds at most N budgets.
/// When a new mask would pass the budget the cache starts over (``epoch`` counts the times):
/// every mask is dropped (its chunks kept, uncounted, until the next frame starts, as the
/// frame being recorded may draw them), and masks are made again as frames need them.
final class GlyphMaskCache {
  /// The bound, in bytes of masks, their table and bookkeeping: 32 MiB a worker.
  static let budget = 32 << 20
  /// Bytes counted for each face and size, and each glyph's box (their dictionary entries).
  static let entryOverhead = 64
  /// The masks' storage comes in chunks of this many bytes (or one mask's, if larger).
  static let chunkBytes = 256 << 10
  /// The largest glyph drawn from masks, in pixels per em; larger ones are filled as
  /// outlines (as Skia draws glyphs above 256 pixels as paths): their masks would be large
  /// and rarely reused.
  static let maxEm = 256.0

  /// Each face and size's number, counted from 1 (`sizeKey`).
  private var sizes: [GlyphSizeKey: UInt64] = [:]
  /// Control-point boxes of glyph outlines in font units (min x, min y, max x, max y; y up),
  /// nil for a glyph without an outline.
  private var boxes: [GlyphBoxKey: SIMD4<Double>?] = [:]
  /// The faces the keys name, held so that no other face can take their identity.
  private var faces: [ObjectIdentifier: any GlyphSource] = [:]
  /// The table: a power of two of slots, at most half full.
  private var slots = UnsafeMutablePointer<GlyphMaskSlot>.allocate(capacity: 0)
  private var capacity = 0
  /// 64 − log₂ capacity: the key's hash is shifted right by this much.
  private var shift: UInt64 = 64
  /// The chunks the masks lie in, the free bytes of the last one and where they start.
  private var chunks: [UnsafeMutableRawPointer] = []
  private var free = 0
  private var next: UnsafeMutableRawPointer? = nil
  /// Chunks dropped during the frame being recorded: its glyph draws point into them.
  private var retired: [UnsafeMutableRawPointer] = []
  /// Bytes held now: chunks, the table and the dictionaries' entries.
  private(set) var bytes = 0
  private(set) var count = 0
  /// How many times the cache started over: the keys from `sizeKey` hold until it changes.
  private(set) var epoch = 0

  deinit {
    for c in chunks + retired { c.deallocate() }
    slots.deallocate()
  }

  /// The key bits of `face` at (sx, sy) pixels per em (a number from 1 on, above bit 36),
  /// numbered the first time. The keys change when the cache starts over.
  func sizeKey(_ face: any GlyphSource, sx: Double, sy: Double) -> UInt64 {
    let key = GlyphSizeKey(face: ObjectIdentifier(face), sx: sx, sy: sy)
    if let n = sizes[key] { return n << 36 }
    _ = makeRoom(Self.entryOverhead)
    let n = UInt64(sizes.count &+ 1)
    sizes[key] = n
    faces[key.face] = face
    bytes &+= Self.entryOverhead
    return n << 36
  }

  /// A glyph and phase's key under its face and size's `sizeKey`: never 0.
  @inline(__always)
  static func key(_ sizeKey: UInt64, _ glyph: UInt32, phase: Int) -> UInt64 {
    sizeKey | UInt64(glyph) << 4 | UInt64(phase & 15)
  }

  @inline(__always)
  private func home(_ key: UInt64) -> Int {
    // Fibonacci hashing: the top bits of the key times 2⁶⁴/φ.
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) &>> shift)
  }

  /// The slot of the mask at `key`, if the cache holds it.
  @inline(__always)
  func slot(_ key: UInt64) -> UnsafeMutablePointer<GlyphMaskSlot>? {
    guard capacity > 0 else { return nil }
    var i = home(key)
    while true {
      let k = slots[i].key
      if k == key { return slots + i }
      if k == 0 { return nil }
      i = (i &+ 1) & (capacity &- 1)
    }
  }

  /// Asks the CPU to fetch the slot where a lookup of `key` starts (see `recordGlyphs`).
  @inline(__always)
  func prefetch(_ key: UInt64) {
    if capacity > 0 { flipbook_prefetch(slots + home(key)) }
  }

  /// Room for a mask of `height` rows of `stride` bytes, and for its slot, to be filled and
  /// then added by `insert`; the cache may start over first (see ``epoch``).
  func allocate(stride: Int, height: Int) -> UnsafeMutablePointer<GlyphMask> {
    if (count &+ 1) &* 2 > capacity { grow() }
    let size = (MemoryLayout<GlyphMask>.stride &+ stride &* height &+ 7) & ~7
    if size > free {
      let chunk = max(Self.chunkBytes, size)
      _ = makeRoom(chunk)
      let c = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 16)
      chunks.append(c)
      bytes &+= chunk
      next = c
      free = chunk
    }
    let m = next!.bindMemory(to: GlyphMask.self, capacity: 1)
    next = next! + size
    free &-= size
    return m
  }

  /// Adds `mask`, the last from `allocate`, at `key` (under the present ``epoch``), which is
  /// not in the table.
  @discardableResult
  func insert(_ mask: UnsafeMutablePointer<GlyphMask>, key: UInt64) -> UnsafeMutablePointer<GlyphMaskSlot> {
    var i = home(key)
    while slots[i].key != 0 { i = (i &+ 1) & (capacity &- 1) }
    let m = mask.pointee
    slots[i] = GlyphMaskSlot(key: key, mask: mask, x0: m.x0, y0: m.y0, width: m.width, height: m.height)
    count &+= 1
    return slots + i
  }

  /// A slot's bytes.
  private static let slotBytes = MemoryLayout<GlyphMaskSlot>.stride

  /// Doubles the table (its slots are counted in ``bytes``), starting over when that would
  /// pass the budget.
  private func grow() {
    let n = max(capacity &* 2, 1024)
    if !makeRoom((n &- capacity) &* Self.slotBytes) && (count &+ 1) &* 2 <= capacity { return }
    let oldSlots = slots, old = capacity
    slots = Self.allocateSlots(n)
    slots.initialize(repeating: GlyphMaskSlot(), count: n)
    capacity = n
    shift = UInt64(64 &- n.trailingZeroBitCount)
    bytes &+= (n &- old) &* Self.slotBytes
    for j in 0..<old where oldSlots[j].key != 0 {
      var i = home(oldSlots[j].key)
      while slots[i].key != 0 { i = (i &+ 1) & (n &- 1) }
      slots[i] = oldSlots[j]
    }
    oldSlots.deallocate()
  }

  /// Room for `n` slots, on a 64-byte boundary so that no slot straddles two cache lines
  /// (a lookup then reads one line, and the prefetch of a slot's first byte brings all of
  /// it). The plain allocation lay 16 bytes past a line, so every other slot straddled two:
  /// its placement, read after its key had come in, missed the cache (with the slots asked
  /// for a run ahead, half of what the text workload's recording still waited for).
  private static func allocateSlots(_ n: Int) -> UnsafeMutablePointer<GlyphMaskSlot> {
    UnsafeMutableRawPointer.allocate(byteCount: n &* slotBytes, alignment: 64).bindMemory(
      to: GlyphMaskSlot.self, capacity: n)
  }

  /// The glyph's control-point box in font units, from the face's outline the first time.
  func box(_ face: any GlyphSource, _ glyph: UInt32) -> SIMD4<Double>? {
    let key = GlyphBoxKey(face: ObjectIdentifier(face), glyph: glyph)
    if let box = boxes[key] { return box }
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    func add(_ p: Point) {
      x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y)
    }
    for e in face.outline(glyph) {
      switch e {
      case .move(let p), .line(let p): add(p)
      case .quad(let c, let p): add(c); add(p)
      case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
      case .close: break
      }
    }
    let box: SIMD4<Double>? = x0 <= x1 && y0 <= y1 && (x1 - x0) + (y1 - y0) < .infinity ? SIMD4(x0, y0, x1, y1) : nil
    _ = makeRoom(Self.entryOverhead)
    boxes[key] = box
    faces[key.face] = face
    bytes &+= Self.entryOverhead
    return box
  }

  /// A new frame: the chunks dropped during the last one can go.
  func startFrame() {
    for c in retired { c.deallocate() }
    retired.removeAll()
  }

  /// Starts over when `cost` more bytes would pass the budget; false when it did. The table
  /// keeps its slots (emptied, still counted).
  private func makeRoom(_ cost: Int) -> Bool {
    guard bytes &+ cost > Self.budget else { return true }
    retired += chunks
    chunks.removeAll(keepingCapacity: true)
    next = nil
    free = 0
    sizes.removeAll(keepingCapacity: true)
    boxes.removeAll(keepingCapacity: true)
    faces.removeAll(keepingCapacity: true)
    if capacity > 0 { slots.update(repeating: GlyphMaskSlot(), count: capacity) }
    bytes = capacity &* Self.slotBytes
    count = 0
    epoch &+= 1
    return false
  }
}

/// A glyph mask placed in a frame (its top-left pixel at x, y), as the blend kernel reads
/// it. The mask lies in the cache's chunks (or its retired ones) until the next frame
/// starts, so the draw needs no reference.
typealias GlyphDraw = flipbook_glyph_draw
