/// An image in memory: premultiplied RGBA8, row-major, rows `width * 4` bytes apart.
///
/// Premultiplied storage makes source-over one multiply-add per channel; PNG output
/// un-premultiplies once per frame.
public struct Pixmap: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes: r, g, b, a per pixel, color already multiplied by alpha.
  ///
  /// Any access that may change them resets `rasterStamp` first. (A `didSet` would do that
  /// too, but it made `withUnsafeMutableBytes` copy the 8 MB of a 1080p frame.)
  @inlinable public var bytes: [UInt8] {
    get { storage }
    _modify {
      rasterStamp = 0
      yield &storage
    }
    set {
      rasterStamp = 0
      storage = newValue
    }
  }
  @usableFromInline var storage: [UInt8]
  /// Which rasterizer frame these bytes are, exactly as it left them (0: unknown), so that
  /// the next frame drawn into them need only clear what that frame drew. Any change to
  /// `bytes` resets it; it takes no part in equality.
  @usableFromInline package var rasterStamp: UInt64 = 0

  /// A transparent pixmap.
  public init(width: Int, height: Int) {
    precondition(width >= 0 && height >= 0)
    self.width = width
    self.height = height
    storage = [UInt8](repeating: 0, count: width * height * 4)
  }

  public init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * 4)
    self.width = width
    self.height = height
    storage = bytes
  }

  /// Equal when the sizes and bytes are (not the raster stamp).
  public static func == (a: Pixmap, b: Pixmap) -> Bool {
    a.width == b.width && a.height == b.height && a.bytes == b.bytes
  }

  /// The premultiplied pixel at (x, y) as (r, g, b, a).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
  }

  /// True when every pixel has alpha 255 (a PNG writer may then drop the alpha channel).
  public var isOpaque: Bool {
    bytes.withUnsafeBufferPointer { p in
      var i = 3
      while i < p.count {
        if p[i] != 255 { return false }
        i &+= 4
      }
      return true
    }
  }
}
