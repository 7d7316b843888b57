import CImageQuant
import FlipbookImage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reduces a premultiplied frame to a palette of at most 256 colors with libimagequant.
///
/// Every frame gets its own palette (a GIF local color table), chosen for that frame alone.
/// Our frames are flat shapes with anti-aliased edges, so one frame rarely has more than a few
/// hundred colors and its palette is then exact or nearly so; a palette shared by the whole
/// animation would have to hold every frame's colors at once (an animated color passes
/// through hundreds), and dithering would then speckle shapes that are flat in the source.
/// The cost is at most 768 bytes per frame, and frames are independent, so they are
/// quantized in parallel.
///
/// GIF transparency is 1-bit: a pixel with alpha < 128 becomes the transparent index, any
/// other is opaque. Its color is the straight (un-premultiplied) color, or, with a `matte`,
/// the pixel composited over that color, so semi-transparent edges blend into a page of
/// that color instead of showing a dark or hard fringe (gifski's `--matte`).
///
/// A frame with at most 256 colors (255 and transparency) — most frames of flat shapes —
/// is indexed exactly, without libimagequant: its palette is its colors in order of first
/// appearance. That is lossless and several times faster; only richer frames are quantized:
/// up to 65,536 colors (anti-aliased edges) from their histogram, without dithering, more
/// (photos, noise) from every pixel with dithering. Quantized frames use at most 255 colors,
/// leaving the GIF writer an entry for the unchanged pixels it makes transparent.
///
/// One instance per thread: it keeps its scratch buffer between frames.
public struct GIFQuantizer: Sendable {
  public var matte: GIFColor?
  /// libimagequant's speed, 1 (slowest, best) … 10 (fastest).
  public var speed: Int32
  /// Floyd–Steinberg dithering strength, 0 … 1.
  public var dithering: Float
  private var rgba: [UInt8] = []
  /// Per pixel, the exact palette's index (`exactFrame`) and the histogram's color number
  /// (`histogramFrame`), kept between frames: a 1080p frame's 10 MB made anew each frame
  /// came from fresh pages (page faults and zeroing cost about a tenth of a GIF frame).
  private var exactIndices: [UInt8] = []
  private var pixelColor: [Int32] = []

  public init(matte: GIFColor? = nil, speed: Int32 = 4, dithering: Float = 1) {
    self.matte = matte; self.speed = speed; self.dithering = dithering
  }

  /// The frame as palette indices.
  public mutating func quantize(_ pixmap: Pixmap) throws(GIFError) -> GIFIndexedFrame {
    Self.keepOpenMPOnThisThread()
    let transparent = prepare(pixmap)
    let count = pixmap.width * pixmap.height
    if let exact = exactFrame(pixmap.width, pixmap.height) { return exact }
    if let frame = try histogramFrame(pixmap.width, pixmap.height, transparent: transparent) { return frame }
    var indices = [UInt8](repeating: 0, count: count)
    var palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)] = []
    let code = rgba.withUnsafeBufferPointer { source in
      indices.withUnsafeMutableBufferPointer { out in
        Self.run(
          source.baseAddress!, pixmap.width, pixmap.height, maxColors: 255,
          speed: speed, dithering: dithering, into: out.baseAddress!, palette: &palette)
      }
    }
    guard code == LIQ_OK else { throw .quantization(code: code.rawValue) }
    var transparentIndex: Int?
    if transparent {
      transparentIndex = fixTransparency(&indices, &palette)
    }
    var flat: [UInt8] = []
    flat.reserveCapacity(palette.count * 3)
    for (i, c) in palette.enumerated() {
      if i == transparentIndex, let matte {
        flat += [matte.red, matte.green, matte.blue]
      } else {
        flat += [c.r, c.g, c.b]
      }
    }
    return GIFIndexedFrame(
      width: pixmap.width, height: pixmap.height, palette: flat, indices: indices,
      transparentIndex: transparentIndex)
  }

  /// The frame indexed with its own colors, or `nil` when it has more than a palette holds.
  private mutating func exactFrame(_ width: Int, _ height: Int) -> GIFIndexedFrame? {
    var table = ExactPalette()
    if exactIndices.count != width * height { exactIndices = [UInt8](repeating: 0, count: width * height) }
    let complete = rgba.withUnsafeBytes { raw in
      exactIndices.withUnsafeMutableBufferPointer { out in
        let pixels = raw.bindMemory(to: UInt32.self)
        // Runs of one color are common: look a color up only when it differs from the last.
        var last = UInt32.max, lastIndex: UInt8 = 0
        for i in 0..<pixels.count {
          let c = pixels[i]
          if c != last || i == 0 {
            guard let k = table.index(of: c) else { return false }
            last = c
            lastIndex = k
          }
          out[i] = lastIndex
        }
        return true
      }
    }
    guard complete else { return nil }
    var palette: [UInt8] = []
    var transparentIndex: Int?
    for (k, c) in table.colors.enumerated() {
      // Pixels are little-endian r, g, b, a; transparent ones were made all zero.
      if c == 0 {
        transparentIndex = k
        palette += matte.map { [$0.red, $0.green, $0.blue] } ?? [0, 0, 0]
      } else {
        palette += [
          UInt8(truncatingIfNeeded: c), UInt8(truncatingIfNeeded: c >> 8), UInt8(truncatingIfNeeded: c >> 16),
        ]
      }
    }
    // The frame shares the scratch's storage; the next frame's writes copy it if this frame is
    // still held by then.
    return GIFIndexedFrame(
      width: width, height: height, palette: palette, indices: exactIndices, transparentIndex: transparentIndex)
  }

  /// `omp_set_num_threads`, when libimagequant was built with OpenMP (Debian's is).
  private static let setOpenMPThreads: (@convention(c) (Int32) -> Void)? = {
    // The process's global symbols (dlopen of no file: the program and its libraries).
    guard let program = dlopen(nil, RTLD_LAZY), let symbol = dlsym(program, "omp_set_num_threads") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)
  }()

  /// Makes libimagequant's OpenMP loops run on the calling thread alone.
  ///
  /// Frames are already quantized in parallel, one per worker thread; OpenMP's own threads
  /// would then only compete with the workers, and spin while they wait (measured on a 1080p
  /// GIF with `--jobs 2`: half the CPU time went to libgomp's spinning, and the GIF was made
  /// twice as fast without it). `omp_set_num_threads` sets the calling thread's own value, so
  /// each worker sets it for itself; it is looked up at run time (`dlsym`) because the
  /// library is linked by libimagequant, not by us, and the bytes do not depend on it.
  static func keepOpenMPOnThisThread() {
    setOpenMPThreads?(1)
  }

  /// Frames with more distinct colors than this are quantized from every pixel, with dithering.
  static let histogramLimit = 1 << 16

  /// The frame quantized from its histogram, or `nil` when it has more than
  /// ``histogramLimit`` colors.
  ///
  /// libimagequant picks 255 colors (one entry stays free: for transparency, or for the GIF
  /// writer's unchanged pixels) from the distinct colors weighted by their pixel counts, and
  /// each distinct color then takes its nearest entry (squared RGB distance, ties to the
  /// lower index), without dithering: these frames are flat shapes with anti-aliased edges,
  /// where dithering only speckles. That is several times faster than quantizing and
  /// dithering every pixel (a 1080p anti-aliased frame: about 4× less CPU), and as
  /// deterministic.
  private mutating func histogramFrame(_ width: Int, _ height: Int, transparent: Bool) throws(GIFError)
    -> GIFIndexedFrame?
  {
    var histogram = ColorHistogram()
    if pixelColor.count != width * height { pixelColor = [Int32](repeating: 0, count: width * height) }
    let complete = rgba.withUnsafeBytes { raw in
      pixelColor.withUnsafeMutableBufferPointer { out in
        // Runs of one color (most of a UI frame) are looked up and counted once.
        let pixels = raw.bindMemory(to: UInt32.self)
        let count = min(pixels.count, out.count)
        var i = 0
        while i < count {
          let c = pixels[i]
          let index = histogram.index(of: c)
          if histogram.colors.count > Self.histogramLimit { return false }
          let start = i
          let stored = Int32(truncatingIfNeeded: index)
          repeat {
            out[i] = stored
            i &+= 1
          } while i < count && pixels[i] == c
          histogram.add(index, count: i &- start)
        }
        return true
      }
    }
    guard complete else { return nil }
    // Transparent pixels were made all zero; they take their own entry, after the palette.
    var entries: [liq_histogram_entry] = []
    entries.reserveCapacity(histogram.colors.count)
    for (k, c) in histogram.colors.enumerated() where c != 0 {
      let color = liq_color(
        r: UInt8(truncatingIfNeeded: c), g: UInt8(truncatingIfNeeded: c >> 8), b: UInt8(truncatingIfNeeded: c >> 16),
        a: 255)
      entries.append(liq_histogram_entry(color: color, count: histogram.counts[k]))
    }
    guard let attr = liq_attr_create() else { throw .quantization(code: LIQ_OUT_OF_MEMORY.rawValue) }
    defer { liq_attr_destroy(attr) }
    var code = liq_set_max_colors(attr, 255)
    // Speed 8 at least: from a histogram, the slower settings' extra k-means passes cost a
    // 1080p anti-aliased frame 1.7× the time for a file 2 % smaller (measured).
    if code == LIQ_OK { code = liq_set_speed(attr, max(speed, 8)) }
    guard code == LIQ_OK, let hist = liq_histogram_create(attr) else {
      throw .quantization(code: code == LIQ_OK ? LIQ_OUT_OF_MEMORY.rawValue : code.rawValue)
    }
    defer { liq_histogram_destroy(hist) }
    code = liq_histogram_add_colors(hist, attr, entries, Int32(entries.count), 0)
    var result: OpaquePointer?
    if code == LIQ_OK { code = liq_histogram_quantize(hist, attr, &result) }
    guard code == LIQ_OK, let result, let p = liq_get_palette(result) else {
      throw .quantization(code: code == LIQ_OK ? LIQ_ABORTED.rawValue : code.rawValue)
    }
    defer { liq_result_destroy(result) }
    let n = Int(p.pointee.count)
    var palette: [UInt8] = withUnsafeBytes(of: p.pointee.entries) { raw in
      let colors = raw.bindMemory(to: liq_color.self)
      return (0..<n).flatMap { [colors[$0].r, colors[$0].g, colors[$0].b] }
    }
    let transparentIndex = transparent ? n : nil
    if transparent { palette += matte.map { [$0.red, $0.green, $0.blue] } ?? [0, 0, 0] }
    // Each distinct color's nearest entry, found once.
    let entries32 = (0..<(3 * n)).map { Int32(palette[$0]) }
    let nearest: [UInt8] = entries32.withUnsafeBufferPointer { pal in
      histogram.colors.map { c in
        if c == 0, let transparentIndex { return UInt8(transparentIndex) }
        let r = Int32(c & 255), g = Int32((c >> 8) & 255), b = Int32((c >> 16) & 255)
        var best = 0
        var bestDistance = Int32.max
        var k = 0
        while k < n {
          let dr = pal[3 &* k] &- r, dg = pal[3 &* k &+ 1] &- g, db = pal[3 &* k &+ 2] &- b
          let d = dr &* dr &+ dg &* dg &+ db &* db
          if d < bestDistance { (best, bestDistance) = (k, d) }
          k &+= 1
        }
        return UInt8(truncatingIfNeeded: best)
      }
    }
    let indices = nearest.withUnsafeBufferPointer { near in pixelColor.map { near[Int($0)] } }
    return GIFIndexedFrame(
      width: width, height: height, palette: palette, indices: indices, transparentIndex: transparentIndex)
  }

  /// Fills `rgba` with straight, 1-bit-alpha pixels; returns whether any pixel is transparent.
  private mutating func prepare(_ pixmap: Pixmap) -> Bool {
    let count = pixmap.width * pixmap.height * 4
    if rgba.count != count { rgba = [UInt8](repeating: 0, count: count) }
    let matte = self.matte
    var transparent = false
    pixmap.bytes.withUnsafeBufferPointer { src in
      rgba.withUnsafeMutableBufferPointer { dst in
        var i = 0
        while i < count {
          let a = UInt32(src[i + 3])
          if a == 255 {
            dst[i] = src[i]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i + 2]; dst[i + 3] = 255
          } else if a < 128 {
            dst[i] = 0; dst[i + 1] = 0; dst[i + 2] = 0; dst[i + 3] = 0
            transparent = true
          } else if let matte {
            // Premultiplied source-over: c + m·(255 − a)/255, rounded.
            let alpha = src[i + 3]
            dst[i] = PremulColor.channel(src[i], alpha: alpha, over: matte.red)
            dst[i + 1] = PremulColor.channel(src[i + 1], alpha: alpha, over: matte.green)
            dst[i + 2] = PremulColor.channel(src[i + 2], alpha: alpha, over: matte.blue)
            dst[i + 3] = 255
          } else {
            for c in 0..<3 { dst[i + c] = PremulColor.straightChannel(src[i + c], alpha: src[i + 3]) }
            dst[i + 3] = 255
          }
          i &+= 4
        }
      }
    }
    return transparent
  }

  /// Makes the transparent pixels (and only those) use one transparent palette entry, and
  /// returns its index. libimagequant normally gives exactly that, since the input alpha is
  /// only 0 or 255; this guarantees it.
  private func fixTransparency(
    _ indices: inout [UInt8], _ palette: inout [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]
  ) -> Int {
    var t = palette.firstIndex { $0.a < 128 }
    if t == nil {
      palette.append((0, 0, 0, 0))
      t = palette.count - 1
    }
    let transparentIndex = t!
    let opaque = palette.indices.filter { palette[$0].a >= 128 }
    for i in indices.indices {
      let wantsTransparent = rgba[4 * i + 3] == 0
      if wantsTransparent {
        indices[i] = UInt8(transparentIndex)
      } else if palette[Int(indices[i])].a < 128, let nearest = nearest(i, among: opaque, palette) {
        indices[i] = UInt8(nearest)
      }
    }
    return transparentIndex
  }

  private func nearest(_ i: Int, among candidates: [Int], _ palette: [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]) -> Int?
  {
    func d(_ x: UInt8, _ y: UInt8) -> Int { (Int(x) - Int(y)) * (Int(x) - Int(y)) }
    return candidates.min { a, b in
      let pa = palette[a], pb = palette[b]
      let r = rgba[4 * i], g = rgba[4 * i + 1], bl = rgba[4 * i + 2]
      return d(pa.r, r) + d(pa.g, g) + d(pa.b, bl) < d(pb.r, r) + d(pb.g, g) + d(pb.b, bl)
    }
  }

  /// Quantizes and remaps one straight RGBA image; the palette is read after remapping,
  /// because libimagequant refines it while remapping.
  private static func run(
    _ pixels: UnsafePointer<UInt8>, _ width: Int, _ height: Int, maxColors: Int32, speed: Int32,
    dithering: Float, into out: UnsafeMutablePointer<UInt8>,
    palette: inout [(r: UInt8, g: UInt8, b: UInt8, a: UInt8)]
  ) -> liq_error {
    guard let attr = liq_attr_create() else { return LIQ_OUT_OF_MEMORY }
    defer { liq_attr_destroy(attr) }
    var code = liq_set_max_colors(attr, maxColors)
    if code == LIQ_OK { code = liq_set_speed(attr, speed) }
    guard code == LIQ_OK else { return code }
    guard let image = liq_image_create_rgba(attr, pixels, Int32(width), Int32(height), 0) else {
      return LIQ_OUT_OF_MEMORY
    }
    defer { liq_image_destroy(image) }
    var result: OpaquePointer?
    code = liq_image_quantize(image, attr, &result)
    guard code == LIQ_OK, let result else { return code == LIQ_OK ? LIQ_ABORTED : code }
    defer { liq_result_destroy(result) }
    code = liq_set_dithering_level(result, dithering)
    if code == LIQ_OK { code = liq_write_remapped_image(result, image, out, width * height) }
    guard code == LIQ_OK, let p = liq_get_palette(result) else { return code == LIQ_OK ? LIQ_ABORTED : code }
    let entries = p.pointee
    let n = Int(entries.count)
    palette = withUnsafeBytes(of: entries.entries) { raw in
      let colors = raw.bindMemory(to: liq_color.self)
      return (0..<n).map { (colors[$0].r, colors[$0].g, colors[$0].b, colors[$0].a) }
    }
    return LIQ_OK
  }
}

/// Up to 256 distinct 32-bit colors in order of first appearance, in an open-addressing
/// hash table (1024 slots, so it stays at most a quarter full).
private struct ExactPalette {
  private var keys = [UInt32](repeating: 0, count: 1024)
  private var values = [Int16](repeating: -1, count: 1024)
  private(set) var colors: [UInt32] = []

  /// The color's palette index, adding it if new; `nil` once a 257th color appears.
  mutating func index(of c: UInt32) -> UInt8? {
    var slot = Int((c &* 0x9E37_79B1) >> 22)
    while values[slot] >= 0 {
      if keys[slot] == c { return UInt8(values[slot]) }
      slot = (slot + 1) & 1023
    }
    guard colors.count < 256 else { return nil }
    keys[slot] = c
    values[slot] = Int16(colors.count)
    colors.append(c)
    return UInt8(colors.count - 1)
  }
}
