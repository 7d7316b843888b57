import CGIFLib
import FlipbookImage

/// A GIF file read back with giflib (`DGifSlurp`), for tests and tools: its frames' timing,
/// palettes and transparency, and each frame as a viewer shows it.
public struct GIFFile: Sendable {
  public struct Frame: Sendable {
    /// Centiseconds.
    public var delay: Int
    /// Entries in the palette this frame uses (its own, else the global one).
    public var colorCount: Int
    public var transparentIndex: Int?
    /// giflib's disposal mode (1: leave in place, 2: restore to background).
    public var disposal: Int
    /// Where the stored image lies on the screen.
    public var x: Int, y: Int, width: Int, height: Int
    /// The whole screen after this frame is drawn (premultiplied; transparent where nothing shows).
    public var image: Pixmap
  }

  public var width: Int
  public var height: Int
  /// The NETSCAPE2.0 loop count (0: forever), or `nil` when the GIF plays once.
  public var loopCount: Int?
  public var frames: [Frame]

  /// The sum of the frame delays, in centiseconds.
  public var totalDelay: Int { frames.reduce(0) { $0 + $1.delay } }

  /// Reads and composites every frame of the GIF at `path`.
  public init(contentsOf path: String) throws(GIFError) {
    var code: Int32 = 0
    guard let gif = DGifOpenFileName(path, &code) else { throw .giflib(path: path, code: code) }
    defer { DGifCloseFile(gif, &code) }
    guard DGifSlurp(gif) == GIF_OK else { throw .giflib(path: path, code: gif.pointee.Error) }
    let g = gif.pointee
    width = Int(g.SWidth)
    height = Int(g.SHeight)
    loopCount = nil
    frames = []
    var screen = Pixmap(width: width, height: height)
    for k in 0..<Int(g.ImageCount) {
      let saved = g.SavedImages[k]
      for e in 0..<Int(saved.ExtensionBlockCount) {
        let block = saved.ExtensionBlocks[e]
        if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
          String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0",
          e + 1 < Int(saved.ExtensionBlockCount)
        {
          let sub = saved.ExtensionBlocks[e + 1]
          if sub.ByteCount >= 3 { loopCount = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8 }
        }
      }
      var control = GraphicsControlBlock()
      if DGifSavedExtensionToGCB(gif, Int32(k), &control) != GIF_OK {
        control = GraphicsControlBlock(
          DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
      }
      let d = saved.ImageDesc
      guard let map = d.ColorMap ?? g.SColorMap else { throw .badFrame("frame \(k) has no palette") }
      let transparent = control.TransparentColor == NO_TRANSPARENT_COLOR ? nil : Int(control.TransparentColor)
      let before = screen
      let (x0, y0, w, h) = (Int(d.Left), Int(d.Top), Int(d.Width), Int(d.Height))
      for y in 0..<h {
        for x in 0..<w where x0 + x < width && y0 + y < height {
          let index = Int(saved.RasterBits[y * w + x])
          if index == transparent { continue }
          let c =
            index < Int(map.pointee.ColorCount) ? map.pointee.Colors[index] : GifColorType(Red: 0, Green: 0, Blue: 0)
          let o = ((y0 + y) * width + x0 + x) * 4
          screen.bytes[o] = c.Red; screen.bytes[o + 1] = c.Green; screen.bytes[o + 2] = c.Blue;
          screen.bytes[o + 3] = 255
        }
      }
      frames.append(
        Frame(
          delay: Int(control.DelayTime), colorCount: Int(map.pointee.ColorCount), transparentIndex: transparent,
          disposal: Int(control.DisposalMode), x: x0, y: y0, width: w, height: h, image: screen))
      switch control.DisposalMode {
      case DISPOSE_BACKGROUND:
        for y in y0..<min(height, y0 + h) {
          for x in x0..<min(width, x0 + w) {
            let o = (y * width + x) * 4
            screen.bytes.replaceSubrange(o..<o + 4, with: [0, 0, 0, 0])
          }
        }
      case DISPOSE_PREVIOUS: screen = before
      default: break
      }
    }
  }
}
