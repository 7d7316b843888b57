import FlipbookFiles
import FlipbookDisplayList
import FlipbookImage
import FlipbookPNG
import FlipbookScene

/// Limits on the images a scene reads, so that a bad or hostile file is an error, never
/// memory exhausted: a decompression bomb's header is refused before its pixels are.
public enum ImageLimits {
  /// Bytes of one PNG file.
  public static let maxFileBytes = 256 * 1024 * 1024
  /// Pixels of one image (an 8192 × 8192 image has this many: 256 MiB decoded).
  public static let maxPixels = 8192 * 8192
  /// Pixels of all of a scene's images together.
  public static let maxTotalPixels = 4 * maxPixels
}

extension NodeTable {
  /// The pixels of every `image` node, each file read and decoded once however many nodes
  /// show it; errors name the file, where the scene writes it and why it cannot be shown.
  static func loadImages(
    _ table: NodeTable, directory: String?
  ) throws(SceneError) -> (images: [Int: Pixmap], files: [String]) {
    var images: [Int: Pixmap] = [:]
    var byPath: [String: Pixmap] = [:]
    var failed: Set<String> = []
    var total = 0
    var diagnostics: [Diagnostic] = []
    for i in 0..<table.count {
      guard case .image(let node) = table[i].node.kind else { continue }
      let path = node.file.hasPrefix("/") || directory == nil ? node.file : "\(directory!)/\(node.file)"
      if let pixmap = byPath[path] {
        images[i] = pixmap
        continue
      }
      if failed.contains(path) { continue }
      func fail(_ message: String) {
        failed.insert(path)
        diagnostics.append(
          Diagnostic(file: "scene", location: node.location, path: "\(table[i].node.path).file", message: message))
      }
      let bytes: [UInt8]
      do {
        bytes = try RegularFile.contents(of: path, limit: ImageLimits.maxFileBytes)
      } catch {
        let relative = node.file.hasPrefix("/") ? "" : " (a relative path starts from the scene file's folder)"
        fail("image \"\(path)\": \(error.reason)\(relative)")
        continue
      }
      let pixmap: Pixmap
      do {
        pixmap = try PNGDecoder.decode(bytes, maxPixels: ImageLimits.maxPixels)
      } catch {
        fail("image \"\(path)\" is not a PNG that can be shown: \((error as? PNGError)?.message ?? "\(error)")")
        continue
      }
      total += pixmap.width * pixmap.height
      if total > ImageLimits.maxTotalPixels {
        fail(
          "the scene's images have more than \(ImageLimits.maxTotalPixels) pixels in all; this is beyond the renderer's limit"
        )
        break
      }
      byPath[path] = pixmap
      images[i] = pixmap
    }
    if !diagnostics.isEmpty { throw SceneError(diagnostics: diagnostics) }
    return (images, byPath.keys.sorted())
  }
}

extension CompiledScene {
  /// The image files the scene read, as resolved from its folder, sorted: what a watcher of
  /// the scene (`render preview`) must watch besides the scene file.
  public var imageFiles: [String] { table.imageFiles }
}

extension LayoutPass {
  /// An image's size for proposal `p`, as SwiftUI sizes an `Image`: its own size (pixels ÷
  /// `imageScale`) unless resizable; resizable, the proposal (an unspecified side takes the
  /// image's own length); with a content mode, the largest size of the image's aspect ratio
  /// inside the proposal (`fit`) or the smallest around it (`fill`), an unspecified side
  /// following the other.
  func imageSize(_ i: Int, _ node: ImageNode, _ p: Size) -> Size {
    guard let pixmap = table.images[i] else { return .zero }
    let own = Size(width: Double(pixmap.width) / node.imageScale, height: Double(pixmap.height) / node.imageScale)
    guard node.resizable else { return own }
    // Infinite proposals are treated as unspecified: an image has no infinite size.
    let w: Double? = p.width == Self.unspecified || !p.width.isFinite ? nil : max(0, p.width)
    let h: Double? = p.height == Self.unspecified || !p.height.isFinite ? nil : max(0, p.height)
    guard let mode = node.contentMode else { return Size(width: w ?? own.width, height: h ?? own.height) }
    let ratio = own.width / own.height
    switch (w, h) {
    case (nil, nil): return own
    case (let w?, nil): return Size(width: w, height: w / ratio)
    case (nil, let h?): return Size(width: h * ratio, height: h)
    case (let w?, let h?):
      // Wider than the image's ratio: fit is bound by the height, fill by the width.
      let widthBound = (w / h > ratio) == (mode == .fill)
      return widthBound ? Size(width: w, height: w / ratio) : Size(width: h * ratio, height: h)
    }
  }
}

extension CompiledScene.Walker {
  /// Draws an image node: its rectangle painted with its pixels at the opacity that applies.
  mutating func drawImage(_ i: Int, _ ctx: CompiledScene.DrawContext) {
    guard let pixmap = table.images[i], ctx.opacity > 0 else { return }
    let r = rect(i, 0)
    let color = Color(red: 0, green: 0, blue: 0, opacity: ctx.opacity)
    let paint = ImagePaint(pixmap: pixmap, rect: r)
    append(
      .shape(ShapeItem(geometry: .rectangle(r), style: .fill, transform: ctx.transform, color: color, image: paint)),
      ctx)
  }
}
