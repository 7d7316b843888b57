/// One frame reduced to at most 256 colors: what a GIF image block holds.
public struct GIFIndexedFrame: Sendable, Equatable {
  public var width: Int
  public var height: Int
  /// r, g, b per entry; at most 256 entries.
  public var palette: [UInt8]
  /// One palette index per pixel, row-major.
  public var indices: [UInt8]
  /// The palette entry that stands for "transparent", when the frame has transparent pixels.
  public var transparentIndex: Int?

  public init(width: Int, height: Int, palette: [UInt8], indices: [UInt8], transparentIndex: Int?) {
    precondition(indices.count == width * height && palette.count % 3 == 0 && palette.count <= 768)
    self.width = width; self.height = height; self.palette = palette; self.indices = indices
    self.transparentIndex = transparentIndex
  }

  public var colorCount: Int { palette.count / 3 }

  /// The color a viewer shows at pixel `i`, packed as `0x00BBGGRR`, or `UInt32.max` when transparent.
  @inline(__always) func displayed(_ i: Int) -> UInt32 {
    displayed(color: Int(indices[i]))
  }

  /// The color a viewer shows for palette entry `k`, as ``displayed(_:)``.
  @inline(__always) func displayed(color k: Int) -> UInt32 {
    if k == transparentIndex { return UInt32.max }
    return UInt32(palette[3 * k]) | UInt32(palette[3 * k + 1]) << 8 | UInt32(palette[3 * k + 2]) << 16
  }
}
