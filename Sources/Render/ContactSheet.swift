import FlipbookEngine
import FlipbookImage
import FlipbookScene

/// A whole animation at a glance: sampled frames in a grid, each labeled with its frame
/// number and its time in seconds, transparent areas shown over a checkerboard.
///
/// Thumbnails are rendered at a smaller canvas scale rather than downsampled, so each one
/// is exactly what the renderer draws at that size. A sheet obeys the same pixel limits as a
/// frame (``SceneLimits/maxPixelSide``, ``SceneLimits/maxPixelsPerFrame``), so that no scene
/// can ask for gigabytes: ``smallestEvery(_:options:)`` says how sparsely to sample to fit.
public enum ContactSheet {
  public struct Options: Sendable {
    /// Sample every `every`-th frame (the last frame is always included).
    public var every: Int
    public var columns: Int
    /// Widest and tallest a thumbnail may be, in pixels (never drawn above the canvas's
    /// scale); with ``exactWidth``, its width.
    public var thumbnailWidth: Int
    /// True when thumbnails are exactly ``thumbnailWidth`` pixels wide, their height following
    /// the canvas (`--thumb-width`), at whatever scale that takes.
    public var exactWidth = false
    /// The frames to sample (the last of them always shown); nil for all.
    public var range: ClosedRange<Int>?
    public init(every: Int = 1, columns: Int = 6, thumbnailWidth: Int = 160) {
      self.every = every; self.columns = columns; self.thumbnailWidth = thumbnailWidth
    }
  }

  static let gap = 6
  static let labelHeight = 14

  /// The frames a sheet shows: every `every`-th of `range` (all frames when nil) from its
  /// first, and its last.
  public static func frames(of scene: CompiledScene, every: Int, range: ClosedRange<Int>? = nil) -> [Int] {
    let range = range ?? 0...(scene.frameCount - 1)
    var frames = Array(stride(from: range.lowerBound, through: range.upperBound, by: max(1, every)))
    if frames.last != range.upperBound { frames.append(range.upperBound) }
    return frames
  }

  /// The smallest `every` whose sheet fits the pixel limits with these options' columns and
  /// thumbnail size (1 when every frame fits).
  public static func smallestEvery(_ scene: CompiledScene, options: Options = Options()) -> Int {
    let n = options.range?.count ?? scene.frameCount
    guard n > 2, !Grid(scene, options, thumbnails: n).fits else { return 1 }
    // The largest count that fits (sizes grow with the count); two always fit.
    var (fits, tooMany) = (2, n)
    while tooMany - fits > 1 {
      let mid = (fits + tooMany) / 2
      if Grid(scene, options, thumbnails: mid).fits { fits = mid } else { tooMany = mid }
    }
    // Every k-th of frames 0…n−1 plus the last is ⌈(n−1)/k⌉ + 1 thumbnails.
    return (n - 1 + fits - 2) / (fits - 1)
  }

  /// The scale thumbnails are drawn at: the canvas's, or less to fit the thumbnail box.
  static func thumbnailScale(_ scene: CompiledScene, _ options: Options) -> Double {
    let canvas = scene.scene.canvas
    let box = Double(options.thumbnailWidth)
    if options.exactWidth { return box / canvas.width }
    return min(canvas.scale, box / canvas.width, box / canvas.height)
  }

  /// Where thumbnails go on a sheet of a given number of them.
  struct Grid {
    let thumbWidth: Int, thumbHeight: Int
    let columns: Int, rows: Int

    init(_ scene: CompiledScene, _ options: Options, thumbnails count: Int) {
      let canvas = scene.scene.canvas
      let scale = ContactSheet.thumbnailScale(scene, options)
      // As the thumbnails' canvas rounds them.
      thumbWidth = Int((canvas.width * scale).rounded())
      thumbHeight = Int((canvas.height * scale).rounded())
      columns = max(1, min(options.columns, count))
      rows = (count + columns - 1) / columns
    }

    var cellWidth: Int { thumbWidth + ContactSheet.gap }
    var cellHeight: Int { thumbHeight + ContactSheet.labelHeight + ContactSheet.gap }
    var width: Int { columns * cellWidth + ContactSheet.gap }
    var height: Int { rows * cellHeight + ContactSheet.gap }

    /// Within the limits of a frame.
    var fits: Bool {
      width <= SceneLimits.maxPixelSide && height <= SceneLimits.maxPixelSide
        && width * height <= SceneLimits.maxPixelsPerFrame
    }
  }

  /// Draws the sheet; one beyond the pixel limits of a frame is an error that says which
  /// `every` fits, before anything is drawn.
  public static func make(_ compiled: CompiledScene, options: Options = Options()) throws -> Pixmap {
    let frames = frames(of: compiled, every: options.every, range: options.range)
    let grid = Grid(compiled, options, thumbnails: frames.count)
    guard grid.fits else {
      let every = smallestEvery(compiled, options: options)
      throw RenderError(
        "a contact sheet of \(frames.count) frames would be \(grid.width)×\(grid.height) pixels, more than a frame "
          + "may be (\(SceneLimits.maxPixelSide) per side, \(SceneLimits.maxPixelsPerFrame) in all); "
          + "sample one frame in \(every) (--every \(every))")
    }
    var thumbs = try SceneFrameProducer(scene: compiled, scale: thumbnailScale(compiled, options))
    let (tw, th) = (grid.thumbWidth, grid.thumbHeight)
    var sheet = Pixmap(width: grid.width, height: grid.height)
    sheet.fill(x: 0, y: 0, width: sheet.width, height: sheet.height, color: PremulColor(opaque: (236, 236, 240)))
    var thumb = Pixmap(width: tw, height: th)
    for (n, f) in frames.enumerated() {
      let x0 = gap + (n % grid.columns) * grid.cellWidth, y0 = gap + (n / grid.columns) * grid.cellHeight
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
