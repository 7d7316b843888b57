/// The video files `--video` writes, told apart by their extension, each with the codec and
/// pixel format ffmpeg is asked for.
public enum VideoContainer: String, Sendable, CaseIterable {
  /// H.264, CRF 18, yuv420p (Remotion's default; plays everywhere), the moov atom first
  /// (`+faststart`) so it plays while it downloads. No alpha: transparent pixels show black.
  case mp4
  /// VP9 with alpha (yuva420p), as browsers play transparent video.
  case webm
  /// ProRes 4444 with alpha (yuva444p10le), for video editors.
  case mov

  /// The container of a file name, from its extension (any case), or `nil`.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."),
      let container = VideoContainer(rawValue: path[dot...].dropFirst().lowercased())
    else { return nil }
    self = container
  }

  /// Whether the container keeps alpha; without it frames are composited over black.
  public var hasAlpha: Bool { self != .mp4 }

  /// ffmpeg's output options for this container (after the input).
  func outputArguments(width: Int, height: Int) -> [String] {
    switch self {
    case .mp4:
      // yuv420p halves the chroma planes, so H.264 needs even sides: pad odd ones by a pixel.
      let pad = width % 2 == 1 || height % 2 == 1 ? ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"] : []
      return pad + ["-c:v", "libx264", "-crf", "18", "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
    case .webm:
      return ["-c:v", "libvpx-vp9", "-crf", "28", "-b:v", "0", "-pix_fmt", "yuva420p", "-f", "webm"]
    case .mov:
      return ["-c:v", "prores_ks", "-profile:v", "4444", "-pix_fmt", "yuva444p10le", "-f", "mov"]
    }
  }
}
