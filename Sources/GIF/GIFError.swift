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
  /// giflib reported an error (its code and message).
  case giflib(path: String, code: Int32)
  /// libimagequant could not quantize a frame (its `liq_error`).
  case quantization(code: UInt32)
  /// A frame of another size than the GIF's, or with transparency in an opaque GIF.
  case badFrame(String)

  public var description: String {
    switch self {
    case .badPath(let path, let reason): return "cannot write the GIF '\(path)': \(reason)"
    case .io(let path, let operation, let code):
      return "cannot \(operation) '\(path)': \(String(cString: strerror(code)))"
    case .giflib(let path, let code):
      let message = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
      return "GIF '\(path)': \(message.lowercased())"
    case .quantization(let code): return "libimagequant could not reduce a frame to 256 colors (liq_error \(code))"
    case .badFrame(let reason): return "bad GIF frame: \(reason)"
    }
  }
}
