import FlipbookDisplayList

/// One glyph's coverage at one size and quarter-pixel phase, as the exact-area rasterizer
/// gives its outline placed there: drawing a glyph is then a blend of this mask, not a fill
/// of its outline.
///
/// Pixel (x0 + i, y0 + j), counted from the whole pixel the pen's rounded position lies in,
/// has coverage `coverage[j · stride + i]`; rows are padded with zeros to `stride`, a
/// multiple of 8, so that the blend can take them 8 pixels at a time.
final class GlyphMask {
  let x0: Int, y0: Int, width: Int, height: Int, stride: Int
  let coverage: UnsafeMutablePointer<UInt8>

  init(x0: Int, y0: Int, width: Int, height: Int) {
    self.x0 = x0; self.y0 = y0; self.width = width; self.height = height
    stride = (width &+ 7) & ~7
    coverage = .allocate(capacity: max(1, stride &* height))
    coverage.initialize(repeating: 0, count: max(1, stride &* height))
  }

  deinit { coverage.deallocate() }

  /// The memory the cache counts for a mask: its bytes and the bookkeeping around them.
  var cost: Int { stride &* height &+ GlyphMaskCache.entryOverhead }
}

/// The masks of one face at one size (pixels per em along x and y), by glyph and phase
/// (`GlyphMaskCache.slot`): a text's glyphs are looked up here, the size once per run.
final class GlyphSizeTable {
  var masks: [UInt64: GlyphMask] = [:]
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
/// Per worker, not shared: lookups take no lock, and `--jobs N` holds at most N budgets.
/// When a new mask would pass the budget the cache starts over: every mask is dropped
/// (kept alive, uncounted, until the next frame starts, as the frame being recorded may
/// draw them), and masks are made again as frames need them.
struct GlyphMaskCache {
  /// The bound, in bytes of masks and their bookkeeping: 32 MiB a worker.
  static let budget = 32 << 20
  /// Bytes counted per mask besides its pixels (the object, the table entry).
  static let entryOverhead = 96
  /// The largest glyph drawn from masks, in pixels per em; larger ones are filled as
  /// outlines (as Skia draws glyphs above 256 pixels as paths): their masks would be large
  /// and rarely reused.
  static let maxEm = 256.0

  private var sizes: [GlyphSizeKey: GlyphSizeTable] = [:]
  /// Control-point boxes of glyph outlines in font units (min x, min y, max x, max y; y up),
  /// nil for a glyph without an outline.
  private var boxes: [GlyphBoxKey: SIMD4<Double>?] = [:]
  /// The faces the keys name, held so that no other face can take their identity.
  private var faces: [ObjectIdentifier: any GlyphSource] = [:]
  /// Tables dropped during the frame being recorded: its glyph draws point into them.
  private var retired: [[GlyphSizeKey: GlyphSizeTable]] = []
  /// Bytes held now: masks and boxes with their bookkeeping.
  private(set) var bytes = 0
  private(set) var count = 0

  /// A glyph and phase's slot in its size table.
  static func slot(_ glyph: UInt32, phase: Int) -> UInt64 { UInt64(glyph) << 4 | UInt64(phase & 15) }

  /// The table of `face` at (sx, sy) pixels per em, made empty the first time.
  mutating func table(_ face: any GlyphSource, sx: Double, sy: Double) -> GlyphSizeTable {
    let key = GlyphSizeKey(face: ObjectIdentifier(face), sx: sx, sy: sy)
    if let t = sizes[key] { return t }
    let t = GlyphSizeTable()
    sizes[key] = t
    faces[key.face] = face
    return t
  }

  /// Adds `mask` to `table` (a table of this cache) at `slot`; returns false when the cache
  /// started over first, so that `table` is no longer one of its tables and the caller
  /// must look its table up again (the mask is then in the new one).
  mutating func insert(
    _ mask: GlyphMask, _ table: GlyphSizeTable, slot: UInt64, face: any GlyphSource, sx: Double, sy: Double
  ) -> Bool {
    let kept = makeRoom(mask.cost)
    let t = kept ? table : self.table(face, sx: sx, sy: sy)
    t.masks[slot] = mask
    bytes &+= mask.cost
    count &+= 1
    return kept
  }

  /// The glyph's control-point box in font units, from the face's outline the first time.
  mutating func box(_ face: any GlyphSource, _ glyph: UInt32) -> SIMD4<Double>? {
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

  /// A new frame: the masks dropped during the last one can go.
  mutating func startFrame() { retired.removeAll() }

  /// Starts over when `cost` more bytes would pass the budget; false when it did.
  private mutating func makeRoom(_ cost: Int) -> Bool {
    guard bytes &+ cost > Self.budget else { return true }
    retired.append(sizes)
    sizes = [:]
    boxes.removeAll(keepingCapacity: true)
    faces.removeAll(keepingCapacity: true)
    bytes = 0
    count = 0
    return false
  }
}

/// A glyph mask placed in a frame: its top-left pixel at (x, y). The mask is held by the
/// cache (or its retired tables) until the next frame starts, so the draw needs no reference.
struct GlyphDraw {
  var coverage: UnsafePointer<UInt8>
  var width: Int32
  var height: Int32
  var stride: Int32
  var x: Int
  var y: Int
}
