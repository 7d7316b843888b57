/// Why a video could not be written; the target file is then left as it was.
public struct VideoError: Error, CustomStringConvertible, Sendable {
  /// The video file.
  public var path: String
  /// What went wrong, with ffmpeg's own message when it failed.
  public var reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot write the video '\(path)': \(reason)" }
}
