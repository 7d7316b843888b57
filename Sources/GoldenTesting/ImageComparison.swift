import Foundation
import FlipbookImage

/// How two premultiplied images differ.
public struct ImageComparison: Sendable, Equatable, CustomStringConvertible {
  public var width: Int
  public var height: Int
  /// Pixels with any channel different.
  public var differingPixels: Int
  /// Pixels with a channel different by more than the tolerance.
  public var failingPixels: Int
  /// Largest difference per channel (r, g, b, a).
  public var maxDelta: [Int]
  /// Bounding box of the differing pixels (x, y, width, height), or nil.
  public var differenceBounds: (x: Int, y: Int, width: Int, height: Int)?
  /// Peak signal-to-noise ratio in dB (infinite when identical), for information.
  public var psnr: Double

  public static func == (a: ImageComparison, b: ImageComparison) -> Bool {
    a.width == b.width && a.height == b.height && a.differingPixels == b.differingPixels
      && a.failingPixels == b.failingPixels && a.maxDelta == b.maxDelta
  }

  public var identical: Bool { differingPixels == 0 }

  public func passes(_ tolerance: GoldenTolerance) -> Bool {
    failingPixels == 0
      && Double(differingPixels) <= tolerance.maxDifferingFraction * Double(width * height)
  }

  public var description: String {
    var s = "\(differingPixels) of \(width * height) pixels differ"
    s += " (\(failingPixels) beyond tolerance), max Δ r\(maxDelta[0]) g\(maxDelta[1]) b\(maxDelta[2]) a\(maxDelta[3])"
    if let b = differenceBounds { s += ", in x \(b.x)…\(b.x + b.width - 1), y \(b.y)…\(b.y + b.height - 1)" }
    s += psnr.isFinite ? ", PSNR \(Int(psnr.rounded())) dB" : ""
    return s
  }

  /// Compares premultiplied bytes (straight alpha would magnify tiny errors at low alpha);
  /// the two images must have the same size.
  public init(expected: Pixmap, actual: Pixmap, tolerance: GoldenTolerance = .default) {
    precondition(expected.width == actual.width && expected.height == actual.height)
    width = expected.width
    height = expected.height
    var differing = 0, failing = 0
    var maxDelta = [0, 0, 0, 0]
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    var squared = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let i = (y * width + x) * 4
        var worst = 0
        for c in 0..<4 {
          let d = abs(Int(expected.bytes[i + c]) - Int(actual.bytes[i + c]))
          maxDelta[c] = max(maxDelta[c], d)
          worst = max(worst, d)
          squared += Double(d * d)
        }
        if worst > 0 {
          differing += 1
          if worst > tolerance.maxChannelDelta { failing += 1 }
          minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
      }
    }
    differingPixels = differing
    failingPixels = failing
    self.maxDelta = maxDelta
    differenceBounds = maxX >= 0 ? (minX, minY, maxX - minX + 1, maxY - minY + 1) : nil
    let mse = squared / Double(max(1, width * height * 4))
    psnr = mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }
}
