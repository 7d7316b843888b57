/// A PNG that could not be encoded, decoded, read or written.
///
/// It carries libpng's own message (or the system's, for file errors) and the file involved,
/// so a failure in a long frame sequence can be traced to one file without a debugger.
public struct PNGError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What was being attempted when the error happened.
  public enum Operation: String, Sendable {
    case encode = "encode PNG"
    case decode = "decode PNG"
    case read = "read"
    case write = "write"
  }

  /// The step that failed.
  public let operation: Operation
  /// The file involved, or `nil` for in-memory encoding and decoding.
  public let path: String?
  /// libpng's message (`png_image.message`) or the system's `strerror` text.
  public let message: String

  public init(_ operation: Operation, path: String? = nil, message: String) {
    self.operation = operation
    self.path = path
    self.message = message
  }

  public var description: String {
    if let path {
      return "cannot \(operation.rawValue) '\(path)': \(message)"
    }
    return "cannot \(operation.rawValue): \(message)"
  }
}
