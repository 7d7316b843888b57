import FlipbookFiles
import FlipbookImage
import FlipbookPNG
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a video by running the `ffmpeg` program and piping raw RGBA frames to it, in order.
///
/// ffmpeg is run, never linked: Debian's build is GPL (libx264), which a program we start
/// does not pass on to our binary. Frames go through a pipe, never to disk. The input is
/// declared with the exact frame rate (`-framerate N/D`, ``FrameRate``); `.mp4` gets the
/// premultiplied pixels as `rgb0` (that is, composited over black, since H.264 has no alpha),
/// `.webm` and `.mov` straight `rgba`. ffmpeg writes a temporary file beside the target
/// (``TemporaryFile``, which this writer keeps locked) that ``commit()`` renames over it.
///
/// Failures keep ffmpeg's own words: its standard error is collected and becomes the error's
/// reason when it exits non-zero or stops reading. ``abandon()`` kills a running ffmpeg and
/// removes the temporary file. A process using this writer must ignore SIGPIPE (the `render`
/// command does), or ffmpeg dying mid-stream kills it instead of failing the write.
public final class VideoWriter {
  public let path: String
  public let container: VideoContainer
  public let width: Int
  public let height: Int
  private var temporary: TemporaryFile?
  private var process: Process?
  private var input: FileHandle?
  private let errors = StandardErrorCollector()
  private var rgba: [UInt8] = []
  /// The size of the finished file, once ``close()`` succeeded.
  public private(set) var bytesWritten = 0

  /// The `ffmpeg` executable on `PATH` (from `environment`), or `nil`.
  public static func findFFmpeg(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (folder.isEmpty ? "." : String(folder)) + "/ffmpeg"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Starts ffmpeg writing `path`, whose extension says the container.
  public init(path: String, width: Int, height: Int, fps: Double) throws(VideoError) {
    guard let container = VideoContainer(path: path) else {
      throw VideoError(path: path, reason: "the file name must end in .mp4, .webm or .mov")
    }
    guard let ffmpeg = Self.findFFmpeg() else {
      throw VideoError(
        path: path,
        reason: "video is written by the ffmpeg program, which is not on PATH; install it (Debian: apt install ffmpeg)")
    }
    self.path = path
    self.container = container
    self.width = width
    self.height = height
    let temporary: TemporaryFile
    do {
      temporary = try TemporaryFile.create(for: path)
    } catch {
      throw VideoError(path: path, reason: error.reason)
    }
    self.temporary = temporary
    let rate = FrameRate(fps, limit: 1_000_000)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments =
      [
        "-hide_banner", "-loglevel", "error", "-nostats", "-f", "rawvideo", "-pix_fmt",
        container.hasAlpha ? "rgba" : "rgb0",
        "-video_size", "\(width)x\(height)", "-framerate", rate.description, "-i", "pipe:0", "-an",
      ] + container.outputArguments(width: width, height: height) + ["-y", temporary.path]
    let stdin = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = FileHandle.nullDevice
    process.standardError = stderr
    do {
      try process.run()
    } catch {
      temporary.discard()
      self.temporary = nil
      throw VideoError(path: path, reason: "could not start \(ffmpeg): \(error)")
    }
    self.process = process
    input = stdin.fileHandleForWriting
    errors.collect(from: stderr.fileHandleForReading)
  }

  deinit { abandon() }

  /// Pipes the next frame to ffmpeg.
  public func add(_ pixmap: Pixmap) throws(VideoError) {
    guard let input else { throw VideoError(path: path, reason: "the writer is already closed") }
    guard pixmap.width == width, pixmap.height == height else {
      throw VideoError(path: path, reason: "a \(pixmap.width)×\(pixmap.height) frame in a \(width)×\(height) video")
    }
    var code: Int32 = 0
    if container.hasAlpha {
      rgba = pixmap.bytes
      for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] != 255 {
        for c in 0..<3 { rgba[i + c] = PremulColor.straightChannel(rgba[i + c], alpha: rgba[i + 3]) }
      }
      code = rgba.withUnsafeBytes { writeAll(input.fileDescriptor, $0) }
    } else {
      code = pixmap.bytes.withUnsafeBytes { writeAll(input.fileDescriptor, $0) }
    }
    if code != 0 {
      // ffmpeg stopped reading: it failed, and says why on its standard error.
      throw failure(finishing: false, otherwise: POSIXFile.describe(code))
    }
  }

  /// Ends the input and waits for ffmpeg to finish the file.
  public func close() throws(VideoError) {
    guard input != nil else { throw VideoError(path: path, reason: "the writer is already closed") }
    let error = failure(finishing: true, otherwise: nil)
    guard error.reason.isEmpty, let temporary else { throw error }
    var info = stat()
    if stat(temporary.path, &info) == 0 { bytesWritten = Int(info.st_size) }
  }

  /// Moves the finished video over the target.
  public func commit() throws(VideoError) {
    guard let temporary, process == nil else { throw VideoError(path: path, reason: "the writer is not closed") }
    self.temporary = nil
    let code = temporary.commit()
    if code != 0 { throw VideoError(path: path, reason: POSIXFile.describe(code)) }
  }

  /// Kills ffmpeg if it still runs and removes the temporary file; the target is left as it was.
  public func abandon() {
    if let process, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
    }
    try? input?.close()
    input = nil
    process?.waitUntilExit()
    process = nil
    temporary?.discard()
    temporary = nil
  }

  /// Closes ffmpeg's input, waits for it, and returns the error to throw: ffmpeg's message
  /// when it exited non-zero, else `otherwise`; an empty reason when all went well (`finishing`).
  private func failure(finishing: Bool, otherwise: String?) -> VideoError {
    try? input?.close()
    input = nil
    process?.waitUntilExit()
    let status = process?.terminationStatus ?? 0
    let signaled = process?.terminationReason == .uncaughtSignal
    process = nil
    let message = errors.text()
    var reason = ""
    if signaled {
      reason = "ffmpeg was killed by signal \(status)"
    } else if status != 0 {
      reason = "ffmpeg exited with status \(status)"
    } else if let otherwise {
      reason = "ffmpeg stopped reading frames (\(otherwise))"
    }
    if !reason.isEmpty {
      if !message.isEmpty { reason += ":\n" + message }
      temporary?.discard()
      temporary = nil
    }
    return VideoError(path: path, reason: reason)
  }
}

/// ffmpeg's standard error, read on a thread of its own so that a chatty ffmpeg never blocks
/// on a full pipe; the last 4 KiB are kept for the message.
final class StandardErrorCollector: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)
  private var started = false

  func collect(from handle: FileHandle) {
    started = true
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        lock.lock()
        data.append(chunk)
        if data.count > 4096 { data = data.suffix(4096) }
        lock.unlock()
      }
      done.signal()
    }
  }

  /// Everything read, once ffmpeg closed its standard error (it has exited), trimmed.
  func text() -> String {
    if started {
      done.wait()
      started = false
    }
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
