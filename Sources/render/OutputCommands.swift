import FlipbookRender

/// The exact commands that turn a frame folder into a video or a GIF, printed after a run so
/// that the next step can be pasted: ffmpeg's image2 pattern with the right digit count and
/// start number, gifski's glob, and the frame rate of this output.
public enum OutputCommands {
  /// `ffmpeg … out.mp4` (H.264, yuv420p, padded to even sides as yuv420p needs).
  public static func video(
    directory: String, frameCount: Int, range: ClosedRange<Int>?, fps: Double, width: Int, height: Int
  ) -> String {
    var command = "ffmpeg" + input(directory, frameCount, range, fps)
    if width % 2 == 1 || height % 2 == 1 { command += " -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2'" }
    return command + " -c:v libx264 -pix_fmt yuv420p -crf 18 out.mp4"
  }

  /// `gifski --fps N -o out.gif DIR/frame_*.png` (a brace range when only some frames were written).
  public static func gifski(directory: String, frameCount: Int, range: ClosedRange<Int>?, fps: Double) -> String {
    let folder = quote(trimmed(directory))
    var files = "\(folder)/\(FrameFileName.glob)"
    if let range {
      let first = FrameFileName.number(index: range.lowerBound, frameCount: frameCount)
      let last = FrameFileName.number(index: range.upperBound, frameCount: frameCount)
      files = "\(folder)/\(FrameFileName.prefix){\(first)..\(last)}\(FrameFileName.suffix)"
    }
    return "gifski --fps \(number(fps)) -o out.gif \(files)"
  }

  /// ffmpeg's input options: rate, start number, frame count and the `%0Nd` pattern.
  static func input(_ directory: String, _ frameCount: Int, _ range: ClosedRange<Int>?, _ fps: Double) -> String {
    var options = " -framerate \(number(fps))"
    if let range, range.lowerBound > 0 { options += " -start_number \(range.lowerBound)" }
    options += " -i " + quote("\(trimmed(directory))/" + FrameFileName.printfPattern(frameCount: frameCount))
    if let range { options += " -frames:v \(range.count)" }
    return options
  }

  static func trimmed(_ path: String) -> String {
    var p = path
    while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
    return p
  }

  /// The path as a shell word: as is when it holds only safe characters, else single-quoted.
  public static func quote(_ s: String) -> String {
    let safe = s.unicodeScalars.allSatisfy {
      ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9")
        || "/._-%+=:,@".unicodeScalars.contains($0)
    }
    return safe && !s.isEmpty ? s : "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  static func number(_ d: Double) -> String {
    d == d.rounded() && abs(d) < 1e9 ? String(Int(d)) : String(d)
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
