/// Which parts of each row the last frame drew into, so that the next frame drawn into the
/// same pixels clears only those: the rest still holds the background.
///
/// A frame's clear writes every pixel (8.3 MB at 1080p, 13 % of a warm frame of 200 text
/// labels) although most keep the background frame after frame. Each row keeps one bit per
/// chunk of `chunk` columns (at most 64 chunks) that some top-level command's pixel box
/// reaches; a command's box bounds every pixel it writes (layers and effects rely on the same
/// boxes). The pixels are trusted only through a stamp that the caller keeps with them
/// (`Pixmap.rasterStamp`, reset by any change to its bytes): a frame whose pixels do not carry
/// the last frame's stamp, or whose size or background differ, clears every pixel.
final class ClearMap {
  /// Per row, the chunks the frame being drawn reaches, and those the last frame reached.
  private var drawn = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
  private var previous = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
  private var rowCapacity = 1
  /// Columns per bit of the frame being drawn (a multiple of 8).
  private var chunk = 8
  /// The last frame's stamp (0: none), size and background.
  private var stamp: UInt64 = 0
  private var width = 0, height = 0
  private var background: UInt32 = 0
  /// Whether the pixels being drawn into hold the last frame (set by `begin`).
  private(set) var reusing = false
  /// Random per map, so that two maps' stamps do not meet; frames count from there.
  private let identity = UInt64.random(in: 1...UInt64.max >> 1)
  private var frames: UInt64 = 0

  deinit {
    drawn.deallocate(); previous.deallocate()
  }

  /// Starts a frame of w×h pixels with `background` (packed) into pixels that carry
  /// `pixelStamp` (0: unknown): no chunk drawn yet.
  func begin(width w: Int, height h: Int, background bg: UInt32, pixelStamp: UInt64) {
    reusing = pixelStamp != 0 && pixelStamp == stamp && w == width && h == height && bg == background
    if h > rowCapacity {
      // More rows than the last frame had: not `reusing`, so nothing to keep.
      drawn.deallocate(); previous.deallocate()
      drawn = .allocate(capacity: h)
      previous = .allocate(capacity: h)
      rowCapacity = h
    }
    drawn.initialize(repeating: 0, count: h)
    // 64 chunks at most, each a multiple of 8 columns (1920: 60 of 32).
    chunk = max(8, ((w &+ 63) / 64 &+ 7) & ~7)
    width = w; height = h; background = bg
  }

  /// Marks the pixel box x0..<x1 × y0..<y1 (clamped to the frame) as drawn into.
  func mark(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
    let cx0 = max(x0, 0), cy0 = max(y0, 0), cx1 = min(x1, width), cy1 = min(y1, height)
    guard cx0 < cx1, cy0 < cy1 else { return }
    let c0 = cx0 / chunk, c1 = (cx1 &- 1) / chunk
    let bits = (UInt64.max &>> UInt64(63 &- (c1 &- c0))) &<< UInt64(c0)
    var y = cy0
    while y < cy1 {
      drawn[y] |= bits
      y &+= 1
    }
  }

  /// Marks what the top-level commands can draw: each drawing op's box; a layer's rows (and
  /// its scissor's columns, or every column); an effect's output box.
  func mark(_ commands: [DrawCommand]) {
    let n = commands.count
    var i = 0
    while i < n {
      switch commands[i].kind {
      case .path, .rect, .aliasedPath, .glyphs:
        mark(commands[i].x0, commands[i].y0, commands[i].x1, commands[i].y1)
        i &+= 1
      case .beginLayer:
        let op = commands[i]
        mark(op.scissor ? op.x0 : 0, op.y0, op.scissor ? op.x1 : width, op.y1)
        i = max(op.end, i &+ 1)
      case .beginEffect:
        let op = commands[i]
        mark(op.x0, op.y0, op.x1, op.y1)
        i = max(op.end, i &+ 1)
      case .endLayer:
        i &+= 1
      }
    }
  }

  /// Fills rows y0..<y1 of the frame at `base` (row 0 at base) with the background: every
  /// pixel, or, over the last frame's pixels, the chunks it drew into.
  func clear(_ base: UnsafeMutableRawPointer, rows y0: Int, _ y1: Int) {
    let w = width
    guard reusing else {
      fillPixels(base + y0 &* w &* 4, count: (y1 &- y0) &* w, packed: background)
      return
    }
    let ck = chunk
    var y = y0
    while y < y1 {
      var m = previous[y]
      let row = base + y &* w &* 4
      while m != 0 {
        let c0 = m.trailingZeroBitCount
        let run = (~(m &>> UInt64(c0))).trailingZeroBitCount
        let x0 = c0 &* ck, x1 = min((c0 &+ run) &* ck, w)
        fillPixels(row + x0 &* 4, count: x1 &- x0, packed: background)
        // Drop the run's bits (a run to bit 63 shifts by 0: all of them).
        m &= ~(UInt64.max &>> UInt64(64 &- (c0 &+ run)))
      }
      y &+= 1
    }
  }

  /// Ends the frame: its chunks become the last frame's. Returns the stamp its pixels carry.
  func finish() -> UInt64 {
    swap(&drawn, &previous)
    frames &+= 1
    stamp = identity &+ frames
    return stamp
  }
}
