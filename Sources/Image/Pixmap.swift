/// An image in memory: premultiplied RGBA8, row-major, rows `width * 4` bytes apart.
///
/// Premultiplied storage makes source-over one multiply-add per channel; PNG output
/// un-premultiplies once per frame.
public struct Pixmap: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes: r, g, b, a per pixel, color already multiplied by alpha.
  public var bytes: [UInt8]

  /// A transparent pixmap.
  public init(width: Int, height: Int) {
    precondition(width >= 0 && height >= 0)
    self.width = width
    self.height = height
    bytes = [UInt8](repeating: 0, count: width * height * 4)
  }

  public init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * 4)
    self.width = width
    self.height = height
    self.bytes = bytes
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
