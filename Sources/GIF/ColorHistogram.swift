/// The distinct 32-bit colors of a frame with their pixel counts, in order of first
/// appearance, in an open-addressing hash table that grows to stay at most half full.
///
/// What ``GIFQuantizer`` hands libimagequant instead of the image when a frame has more than
/// 256 colors but not too many (anti-aliased edges of flat shapes): a palette from the
/// histogram costs a fraction of one from every pixel, and each color is then mapped to its
/// palette entry once, not once per pixel.
struct ColorHistogram {
  private(set) var keys: [UInt32]
  /// Index into ``colors`` per slot, or −1 for an empty slot.
  private var slots: [Int32]
  private(set) var colors: [UInt32] = []
  private(set) var counts: [UInt32] = []
  private var mask: Int

  init(capacity: Int = 4096) {
    var size = 1024
    while size < 2 * capacity { size *= 2 }
    keys = [UInt32](repeating: 0, count: size)
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
  }

  /// The color's index in ``colors``, adding it with a count of 0 if new.
  mutating func index(of c: UInt32) -> Int {
    var slot = Int((c &* 0x9E37_79B1) >> 7) & mask
    while slots[slot] >= 0 {
      if keys[slot] == c { return Int(slots[slot]) }
      slot = (slot + 1) & mask
    }
    keys[slot] = c
    slots[slot] = Int32(colors.count)
    colors.append(c)
    counts.append(0)
    if colors.count * 2 > slots.count { grow() }
    return colors.count - 1
  }

  mutating func add(_ index: Int, count: Int) { counts[index] &+= UInt32(count) }

  private mutating func grow() {
    let size = slots.count * 2
    keys = [UInt32](repeating: 0, count: size)
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
    for (i, c) in colors.enumerated() {
      var slot = Int((c &* 0x9E37_79B1) >> 7) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      keys[slot] = c
      slots[slot] = Int32(i)
    }
  }
}
