import FlipbookFiles

/// Why an animated WebP could not be written; the target file is then left as it was.
public struct WebPError: Error, CustomStringConvertible, Sendable {
  /// The file being written.
  public var path: String
  /// libwebp's message or the system's.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// A failed system call on the file, with its `errno`.
  static func system(_ path: String, _ code: Int32) -> WebPError {
    WebPError(path: path, reason: TemporaryFileError(code: code).reason)
  }

  public var description: String { "cannot write '\(path)': \(reason)" }
}
