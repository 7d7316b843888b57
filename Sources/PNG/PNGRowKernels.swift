import CPNGKernels

/// Whether this CPU runs CPNGKernels' AVX2 loops (checked once).
let pngAVX2 = flipbook_png_avx2_available()

/// The per-row work of the PNG writer: premultiplied RGBA8 to PNG bytes, and PNG filters.
///
/// Raw pointers and wrapping SIMD operations, like the raster kernels, because these run
/// over every byte of every frame (6 MB per 1080p frame). Destinations need 32 bytes of slack
/// after the row: full vectors are stored past the last pixel rather than a scalar tail.
package enum PNGRowKernels {
  /// Writes the r, g, b bytes of `pixels` premultiplied RGBA8 pixels to `dst` (3 bytes each)
  /// and returns the AND of their alpha bytes: 255 exactly when every pixel is opaque, the
  /// case where premultiplied equals straight color and RGB output loses nothing.
  ///
  /// With AVX2, CPNGKernels' loop does the same (one byte shuffle per 8 pixels, where
  /// baseline x86-64 needs 14 instructions per 4); ``packRGBPortable(_:_:pixels:)`` is the
  /// loop elsewhere and the reference in tests.
  package static func packRGB(
    _ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, pixels: Int
  ) -> UInt8 {
    if pngAVX2 { return flipbook_pack_rgb_avx2(src, dst, pixels) }
    return packRGBPortable(src, dst, pixels: pixels)
  }

  /// ``packRGB(_:_:pixels:)`` in SIMD that any CPU runs.
  package static func packRGBPortable(
    _ src: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, pixels: Int
  ) -> UInt8 {
    var alpha = SIMD16<UInt8>(repeating: 255)
    var i = 0
    while i &+ 4 <= pixels {
      let v = src.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
      alpha &= v
      let rgb = SIMD16<UInt8>(
        v[0], v[1], v[2], v[4], v[5], v[6], v[8], v[9], v[10], v[12], v[13], v[14], 0, 0, 0, 0)
      dst.storeBytes(of: rgb, toByteOffset: i &* 3, as: SIMD16<UInt8>.self)
      i &+= 4
    }
    var a = alpha[3] & alpha[7] & alpha[11] & alpha[15]
    while i < pixels {
      let p = src + i &* 4
      let q = dst + i &* 3
      q.storeBytes(of: p.load(as: UInt8.self), as: UInt8.self)
      q.storeBytes(of: p.load(fromByteOffset: 1, as: UInt8.self), toByteOffset: 1, as: UInt8.self)
      q.storeBytes(of: p.load(fromByteOffset: 2, as: UInt8.self), toByteOffset: 2, as: UInt8.self)
      a &= p.load(fromByteOffset: 3, as: UInt8.self)
      i &+= 1
    }
    return a
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

  /// PNG filter Sub: dst[i] = cur[i] − cur[i − bpp] (bytes left of the row count as 0).
  package static func sub(
    _ cur: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, bytes: Int, bpp: Int
  ) {
    var i = 0
    while i < bpp && i < bytes {
      dst.storeBytes(of: cur.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self)
      i &+= 1
    }
    while i < bytes {
      let x = cur.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
      let l = cur.loadUnaligned(fromByteOffset: i &- bpp, as: SIMD32<UInt8>.self)
      dst.storeBytes(of: x &- l, toByteOffset: i, as: SIMD32<UInt8>.self)
      i &+= 32
    }
  }

  /// PNG filter Up: dst[i] = cur[i] − prev[i].
  package static func up(
    _ cur: UnsafeRawPointer, _ prev: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, bytes: Int
  ) {
    var i = 0
    while i < bytes {
      let x = cur.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
      let u = prev.loadUnaligned(fromByteOffset: i, as: SIMD32<UInt8>.self)
      dst.storeBytes(of: x &- u, toByteOffset: i, as: SIMD32<UInt8>.self)
      i &+= 32
    }
  }
}
