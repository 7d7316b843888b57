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
    sheet.fill(x: 0, y: 0, width: sheet.width, height: sheet.height, color: PremulColor(opaque: (236, 236, 240)))
    var thumb = Pixmap(width: tw, height: th)
    for (n, f) in frames.enumerated() {
      let x0 = gap + (n % columns) * cellW, y0 = gap + (n / columns) * cellH
      try thumbs.renderFrame(f, into: &thumb)
      sheet.fillCheckerboard(x: x0, y: y0, width: tw, height: th, cell: 8, light: 255, dark: 214)
      sheet.composite(thumb, x: x0, y: y0)
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
}
