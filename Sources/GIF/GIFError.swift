import CGIFLib
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a GIF could not be written or read; the target file is then left as it was.
public enum GIFError: Error, CustomStringConvertible, Sendable {
  /// The output path is a folder, or its folder does not exist.
  case badPath(path: String, reason: String)
  /// A system call on the file failed.
  case io(path: String, operation: String, errno: Int32)
  /// giflib reported an error (its code and message), and for a failed write or close the
  /// system's reason (`errno`, 0 when there is none).
  case giflib(path: String, code: Int32, errno: Int32 = 0)
  /// libimagequant could not quantize a frame (its `liq_error`).
  case quantization(code: UInt32)
  /// A frame of another size than the GIF's, or with transparency in an opaque GIF.
  case badFrame(String)
  /// A frame rate too slow for GIF delays (see ``GIFTiming/minimumFPS``).
  case frameRate(Double)

  public var description: String {
    switch self {
    case .badPath(let path, let reason): return "cannot write the GIF '\(path)': \(reason)"
    case .io(let path, let operation, let code):
      return "cannot \(operation) '\(path)': \(String(cString: strerror(code)))"
    case .giflib(let path, let code, let systemCode):
      let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
      let reason = systemCode == 0 ? "" : ": \(String(cString: strerror(systemCode)))"
      return "GIF '\(path)': \(message.lowercased())\(reason)"
    case .quantization(let code): return "libimagequant could not reduce a frame to 256 colors (liq_error \(code))"
    case .badFrame(let reason): return "bad GIF frame: \(reason)"
    case .frameRate(let fps):
      return "a GIF frame lasts at most 655.35 s, so a GIF cannot play \(GIFTiming.format(fps)) fps "
        + "(one frame every \(GIFTiming.format(1 / fps)) s); render the GIF with a faster --fps"
    }
  }
}
