import CZlib

/// A small, independent APNG (and PNG) reader for tests: it parses the chunks (checking every
/// CRC and the sequence numbers), inflates each frame with zlib, undoes the five PNG filters,
/// and composes the frames on a canvas as the APNG specification says (dispose and blend
/// ops), so that a test sees each frame as a viewer shows it. 8-bit RGB and RGBA only.
public struct APNGReader {
  public struct Frame {
    /// Where the frame's stored rectangle lies on the canvas.
    public var x: Int, y: Int, width: Int, height: Int
    /// The delay as the fraction `delayNumerator / delayDenominator` seconds.
    public var delayNumerator: Int, delayDenominator: Int
    /// 0: none, 1: background, 2: previous.
    public var disposeOp: Int
    /// 0: source, 1: over.
    public var blendOp: Int
    /// The whole canvas after this frame is drawn: straight RGBA.
    public var canvas: [UInt8]
  }

  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  public var width = 0
  public var height = 0
  /// acTL's frame count and play count (nil for a plain PNG).
  public var announcedFrames: Int?
  public var plays: Int?
  public var frames: [Frame] = []
  /// The default image (the IDAT data), straight RGBA: the first frame when fcTL precedes IDAT.
  public var defaultImage: [UInt8] = []

  public init(bytes: [UInt8]) throws {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Failure(description: "no PNG signature")
    }
    var offset = 8
    var channels = 4
    var pending: (fctl: [UInt8], data: [UInt8])?
    var idat: [UInt8] = []
    var expectedSequence = 0
    var canvas: [UInt8] = []
    var ended = false
    func u32(_ b: ArraySlice<UInt8>) -> Int {
      let i = b.startIndex
      return Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
    func u16(_ b: ArraySlice<UInt8>) -> Int { Int(b[b.startIndex]) << 8 | Int(b[b.startIndex + 1]) }
    func finishFrame(_ fctl: [UInt8], _ data: [UInt8]) throws {
      let f = fctl[...]
      let (w, h, x, y) = (u32(f[4...]), u32(f[8...]), u32(f[12...]), u32(f[16...]))
      guard w >= 1, h >= 1, x + w <= width, y + h <= height else {
        throw Failure(description: "frame outside the canvas")
      }
      let pixels = try Self.inflate(data, width: w, height: h, channels: channels)
      let before = canvas
      let blend = Int(f[25])
      for row in 0..<h {
        for col in 0..<w {
          let s = (row * w + col) * 4
          let d = ((y + row) * width + x + col) * 4
          let src = Array(pixels[s..<s + 4])
          if blend == 0 {
            canvas.replaceSubrange(d..<d + 4, with: src)
          } else {
            canvas.replaceSubrange(d..<d + 4, with: Self.over(src, Array(canvas[d..<d + 4])))
          }
        }
      }
      frames.append(
        Frame(
          x: x, y: y, width: w, height: h, delayNumerator: u16(f[20...]), delayDenominator: u16(f[22...]),
          disposeOp: Int(f[24]), blendOp: blend, canvas: canvas))
      switch Int(f[24]) {
      case 1:
        for row in y..<(y + h) {
          for col in x..<(x + w) {
            let d = (row * width + col) * 4; canvas.replaceSubrange(d..<d + 4, with: [0, 0, 0, 0])
          }
        }
      case 2: canvas = before
      default: break
      }
    }
    while offset + 12 <= bytes.count {
      let length = u32(bytes[offset...])
      guard offset + 12 + length <= bytes.count else { throw Failure(description: "a chunk runs past the end") }
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let data = Array(bytes[offset + 8..<offset + 8 + length])
      let crc = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress! + offset + 4, UInt32(4 + length)) }
      guard Int(crc) == u32(bytes[(offset + 8 + length)...]) else { throw Failure(description: "bad CRC in \(type)") }
      offset += 12 + length
      switch type {
      case "IHDR":
        width = u32(data[0...])
        height = u32(data[4...])
        guard data[8] == 8, data[9] == 6 || data[9] == 2, data[12] == 0 else {
          throw Failure(description: "unsupported IHDR")
        }
        channels = data[9] == 6 ? 4 : 3
        canvas = [UInt8](repeating: 0, count: width * height * 4)
      case "acTL":
        announcedFrames = u32(data[0...])
        plays = u32(data[4...])
      case "fcTL":
        guard u32(data[0...]) == expectedSequence else { throw Failure(description: "fcTL out of sequence") }
        expectedSequence += 1
        if let p = pending { try finishFrame(p.fctl, p.data) }
        pending = (data, [])
      case "IDAT":
        idat += data
        if pending != nil { pending!.data += data }
      case "fdAT":
        guard u32(data[0...]) == expectedSequence else { throw Failure(description: "fdAT out of sequence") }
        expectedSequence += 1
        guard pending != nil else { throw Failure(description: "fdAT without fcTL") }
        pending!.data += data[4...]
      case "IEND":
        ended = true
      default:
        break
      }
    }
    guard ended else { throw Failure(description: "no IEND") }
    if let p = pending { try finishFrame(p.fctl, p.data) }
    defaultImage = try Self.inflate(idat, width: width, height: height, channels: channels)
  }

  /// The zlib stream of a `width`×`height` image, inflated and unfiltered, as straight RGBA.
  static func inflate(_ data: [UInt8], width: Int, height: Int, channels: Int) throws -> [UInt8] {
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    var size = UInt(raw.count)
    let code = raw.withUnsafeMutableBufferPointer { out in
      data.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, UInt($0.count)) }
    }
    guard code == Z_OK, size == UInt(raw.count) else { throw Failure(description: "zlib: \(code), \(size) bytes") }
    var image = [UInt8](repeating: 0, count: height * stride)
    for y in 0..<height {
      let filter = raw[y * (stride + 1)]
      for i in 0..<stride {
        let x = Int(raw[y * (stride + 1) + 1 + i])
        let a = i >= channels ? Int(image[y * stride + i - channels]) : 0
        let b = y > 0 ? Int(image[(y - 1) * stride + i]) : 0
        let c = i >= channels && y > 0 ? Int(image[(y - 1) * stride + i - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
        default: throw Failure(description: "filter type \(filter)")
        }
        image[y * stride + i] = UInt8((x + predicted) & 255)
      }
    }
    guard channels == 3 else { return image }
    var rgba = [UInt8](repeating: 255, count: width * height * 4)
    for p in 0..<(width * height) { for c in 0..<3 { rgba[p * 4 + c] = image[p * 3 + c] } }
    return rgba
  }

  /// Straight-alpha source-over of one pixel, rounded (the APNG specification's OVER).
  static func over(_ s: [UInt8], _ d: [UInt8]) -> [UInt8] {
    let sa = Double(s[3]) / 255, da = Double(d[3]) / 255
    let a = sa + da * (1 - sa)
    guard a > 0 else { return [0, 0, 0, 0] }
    var out = (0..<3).map { c in
      UInt8(((Double(s[c]) * sa + Double(d[c]) * da * (1 - sa)) / a).rounded())
    }
    out.append(UInt8((a * 255).rounded()))
    return out
  }
}
