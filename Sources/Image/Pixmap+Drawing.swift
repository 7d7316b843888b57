extension Pixmap {
  /// Sets the pixels of a rectangle, clipped to the pixmap, to `color`.
  ///
  /// For flat backgrounds, labels and marks drawn on top of rendered frames (contact sheets,
  /// plots, diff images), which need exact pixels and no coverage.
  public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: PremulColor) {
    let x0 = max(0, x), x1 = min(self.width, x + width)
    let y0 = max(0, y), y1 = min(self.height, y + height)
    guard x0 < x1, y0 < y1 else { return }
    let stride = self.width
    bytes.withUnsafeMutableBytes { buffer in
      for row in y0..<y1 {
        for column in x0..<x1 {
          buffer.storeBytes(of: color.packed.littleEndian, toByteOffset: (row * stride + column) * 4, as: UInt32.self)
        }
      }
    }
  }

  /// Fills a rectangle (assumed inside the pixmap) with an opaque gray checkerboard of
  /// `cell`-pixel squares, `light` in its top-left corner: the usual backdrop that shows where
  /// an image is transparent.
  public mutating func fillCheckerboard(x: Int, y: Int, width: Int, height: Int, cell: Int, light: UInt8, dark: UInt8) {
    for yy in 0..<height {
      for xx in 0..<width {
        let v = ((xx / cell) + (yy / cell)) % 2 == 0 ? light : dark
        let i = ((y + yy) * self.width + x + xx) * 4
        bytes[i] = v; bytes[i + 1] = v; bytes[i + 2] = v; bytes[i + 3] = 255
      }
    }
  }

  /// Composites `source` with its top-left corner at (`x`, `y`) (assumed inside) onto this
  /// pixmap, which must be opaque there, with ``PremulColor/channel(_:alpha:over:)``; the
  /// result stays opaque.
  public mutating func composite(_ source: Pixmap, x: Int, y: Int) {
    for yy in 0..<source.height {
      for xx in 0..<source.width {
        let s = (yy * source.width + xx) * 4
        let d = ((y + yy) * width + x + xx) * 4
        let a = source.bytes[s + 3]
        for c in 0..<3 {
          bytes[d + c] = PremulColor.channel(source.bytes[s + c], alpha: a, over: bytes[d + c])
        }
      }
    }
  }
}
