import CPNGKernels

/// Whether this CPU runs CPNGKernels' AVX2 loops (checked once).
let pngAVX2 = flipbook_png_avx2_available()

/// The per-row work of the PNG writer: un-premultiplying, and PNG filters (with the RGB
/// packing) in CPNGKernels.
///
/// Raw pointers and wrapping operations, like the raster kernels, because these run over
/// every byte of every frame (8 MB per 1080p frame).
package enum PNGRowKernels {
  /// Writes one filtered PNG line of `pixels` RGBA8 pixels at `row` into `line`: the filter
  /// type byte, then the filtered r, g, b (`rgb`) or r, g, b, a bytes. `above` is the row
  /// above in the same layout (nil for the first). Returns the AND of the alpha bytes with
  /// `rgb` (255 exactly when every pixel is opaque, the case where premultiplied equals
  /// straight colour and RGB loses nothing), else 255. `line` needs 32 bytes of slack.
  ///
  /// CPNGKernels' AVX2 loop where the CPU has it (one byte shuffle and one permute per 8
  /// pixels, where baseline x86-64 Swift has no byte shuffle), else, or with `portable`, its
  /// scalar twin, which writes the same bytes.
  @inline(__always)
  package static func filterRow(
    _ row: UnsafeRawPointer, above: UnsafeRawPointer?, pixels: Int, rgb: Bool, filter: PNGSettings.Filter,
    into line: UnsafeMutableRawPointer, portable: Bool = false
  ) -> UInt8 {
    let r = row.assumingMemoryBound(to: UInt8.self)
    let a = above?.assumingMemoryBound(to: UInt8.self)
    let l = line.assumingMemoryBound(to: UInt8.self)
    if pngAVX2 && !portable {
      return flipbook_png_filter_row_avx2(r, a, pixels, rgb, filter.rawValue, l)
    }
    return flipbook_png_filter_row_portable(r, a, pixels, rgb, filter.rawValue, l)
  }

  /// Un-premultiplies `pixels` RGBA8 pixels into `dst` with ``PNGEncoder/straightChannel(_:alpha:)``.
  package static func unpremultiply(
    _ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, pixels: Int
  ) {
    var i = 0
    while i < pixels {
      let o = i &* 4
      let px = src.loadUnaligned(fromByteOffset: o, as: UInt32.self)
      let a = UInt8(truncatingIfNeeded: px &>> 24)
      if a == 255 {
        dst.storeBytes(of: px, toByteOffset: o, as: UInt32.self)
      } else if a == 0 {
        dst.storeBytes(of: 0, toByteOffset: o, as: UInt32.self)
      } else {
        let r = UInt32(PNGEncoder.straightChannel(UInt8(truncatingIfNeeded: px), alpha: a))
        let g = UInt32(PNGEncoder.straightChannel(UInt8(truncatingIfNeeded: px &>> 8), alpha: a))
        let b = UInt32(PNGEncoder.straightChannel(UInt8(truncatingIfNeeded: px &>> 16), alpha: a))
        dst.storeBytes(of: r | g &<< 8 | b &<< 16 | UInt32(a) &<< 24, toByteOffset: o, as: UInt32.self)
      }
      i &+= 1
    }
  }
}
