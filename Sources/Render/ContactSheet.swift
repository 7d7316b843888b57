import FlipbookEngine
import FlipbookImage
import FlipbookScene

/// A whole animation at a glance: sampled frames in a grid, each labeled with its frame
/// number and its time in seconds, transparent areas shown over a checkerboard.
///
/// Thumbnails are rendered at a smaller canvas scale rather than downsampled, so each one
/// is exactly what the renderer draws at that size.
public enum ContactSheet {
  public struct Options: Sendable {
    /// Sample every `every`-th frame (the last frame is always included).
    public var every: Int
    public var columns: Int
    /// Widest a thumbnail may be, in pixels.
    public var thumbnailWidth: Int
    public init(every: Int = 1, columns: Int = 6, thumbnailWidth: Int = 160) {
      self.every = every; self.columns = columns; self.thumbnailWidth = thumbnailWidth
    }
  }

  static let gap = 6
  static let labelHeight = 14

  /// The frames a sheet shows.
  public static func frames(of scene: CompiledScene, every: Int) -> [Int] {
    var frames = Array(stride(from: 0, to: scene.frameCount, by: max(1, every)))
    if frames.last != scene.frameCount - 1 { frames.append(scene.frameCount - 1) }
    return frames
  }

  public static func make(_ compiled: CompiledScene, options: Options = Options()) throws -> Pixmap {
    let canvas = compiled.scene.canvas
    let fit = Double(options.thumbnailWidth) / canvas.width
    var thumbs = try SceneFrameProducer(scene: compiled, scale: min(canvas.scale, fit))
    let frames = frames(of: compiled, every: options.every)
    let tw = thumbs.scene.pixelWidth, th = thumbs.scene.pixelHeight
    let columns = max(1, min(options.columns, frames.count))
    let rows = (frames.count + columns - 1) / columns
    let cellW = tw + gap, cellH = th + labelHeight + gap
    var sheet = Pixmap(width: columns * cellW + gap, height: rows * cellH + gap)
    fill(&sheet, x: 0, y: 0, w: sheet.width, h: sheet.height, rgb: (236, 236, 240))
    var thumb = Pixmap(width: tw, height: th)
    for (n, f) in frames.enumerated() {
      let x0 = gap + (n % columns) * cellW, y0 = gap + (n / columns) * cellH
      thumbs.renderFrame(f, into: &thumb)
      checkerboard(&sheet, x: x0, y: y0, w: tw, h: th)
      composite(thumb, onto: &sheet, x: x0, y: y0)
      let seconds = compiled.time(ofFrame: f)
      let label = "\(f)  \(format(seconds))"
      BitmapFont.draw(label, into: &sheet, x: x0, y: y0 + th + 3, scale: 2, rgb: (60, 60, 67))
    }
    return sheet
  }

  static func format(_ t: Double) -> String {
    let hundredths = Int((t * 100).rounded())
    let frac = hundredths % 100
    return "\(hundredths / 100).\(frac < 10 ? "0" : "")\(frac)"
  }

  static func fill(_ p: inout Pixmap, x: Int, y: Int, w: Int, h: Int, rgb: (UInt8, UInt8, UInt8)) {
    for yy in max(0, y)..<min(p.height, y + h) {
      for xx in max(0, x)..<min(p.width, x + w) {
        let i = (yy * p.width + xx) * 4
        p.bytes[i] = rgb.0; p.bytes[i + 1] = rgb.1; p.bytes[i + 2] = rgb.2; p.bytes[i + 3] = 255
      }
    }
  }

  static func checkerboard(_ p: inout Pixmap, x: Int, y: Int, w: Int, h: Int) {
    for yy in 0..<h {
      for xx in 0..<w {
        let light = ((xx / 8) + (yy / 8)) % 2 == 0
        let v: UInt8 = light ? 255 : 214
        let i = ((y + yy) * p.width + x + xx) * 4
        p.bytes[i] = v; p.bytes[i + 1] = v; p.bytes[i + 2] = v; p.bytes[i + 3] = 255
      }
    }
  }

  /// Premultiplied source-over of `src` onto an opaque sheet.
  static func composite(_ src: Pixmap, onto dst: inout Pixmap, x: Int, y: Int) {
    for yy in 0..<src.height {
      for xx in 0..<src.width {
        let s = (yy * src.width + xx) * 4
        let d = ((y + yy) * dst.width + x + xx) * 4
        let a = Int(src.bytes[s + 3])
        for c in 0..<3 {
          let v = Int(src.bytes[s + c]) + (Int(dst.bytes[d + c]) * (255 - a) + 127) / 255
          dst.bytes[d + c] = UInt8(min(255, v))
        }
      }
    }
  }
}
