import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import FlipbookRender
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Fills each frame with one colour derived from its index (and a seed, so two "runs" differ);
/// optionally misbehaves on one frame.
struct ColorProducer: FrameProducer {
  enum Failure: Error { case boom(Int) }

  var width = 6
  var height = 4
  var seed = 0
  /// Throw on this frame.
  var throwOn: Int? = nil
  /// Run this on this frame, before drawing it (to sabotage the write from inside).
  var hook: (@Sendable (Int) -> Void)? = nil

  /// The pixmap this producer draws for `index`, for comparisons.
  func expected(_ index: Int) -> Pixmap {
    var pixmap = Pixmap(width: 0, height: 0)
    var copy = self
    copy.throwOn = nil
    copy.hook = nil
    try? copy.renderFrame(index, into: &pixmap)
    return pixmap
  }

  mutating func renderFrame(_ index: Int, into pixmap: inout Pixmap) throws {
    hook?(index)
    if index == throwOn { throw Failure.boom(index) }
    if pixmap.width != width || pixmap.height != height {
      pixmap = Pixmap(width: width, height: height)
    }
    let v = index &* 37 &+ seed &* 101
    let a = UInt8(truncatingIfNeeded: 128 + v % 128)  // some frames opaque, most not
    let color: [UInt8] = [
      UInt8(truncatingIfNeeded: v) % (a &+ 1), UInt8(truncatingIfNeeded: v / 3) % (a &+ 1),
      UInt8(truncatingIfNeeded: v / 7) % (a &+ 1), a,
    ]
    for i in stride(from: 0, to: pixmap.bytes.count, by: 4) {
      pixmap.bytes.replaceSubrange(i..<i + 4, with: color)
    }
    // One transparent pixel in odd frames, so both PNG colour types are written.
    if index % 2 == 1 { pixmap.bytes.replaceSubrange(0..<4, with: [0, 0, 0, 0]) }
  }
}

/// One entry of a folder snapshot.
enum Entry: Equatable, CustomStringConvertible {
  case file([UInt8])
  case link(String)
  case folder

  var description: String {
    switch self {
    case .file(let bytes): "file(\(bytes.count) bytes)"
    case .link(let target): "link(\(target))"
    case .folder: "folder"
    }
  }
}

/// Everything under `path` (hidden entries too), without following links.
func snapshot(_ path: String) -> [String: Entry] {
  var result: [String: Entry] = [:]
  func visit(_ relative: String) {
    let full = relative.isEmpty ? path : path + "/" + relative
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
    for name in names {
      let rel = relative.isEmpty ? name : relative + "/" + name
      let item = path + "/" + rel
      var info = stat()
      guard lstat(item, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        result[rel] = .link(
          (try? FileManager.default.destinationOfSymbolicLink(atPath: item)) ?? "?")
      case S_IFDIR:
        result[rel] = .folder
        visit(rel)
      default:
        result[rel] = .file((try? [UInt8](Data(contentsOf: URL(fileURLWithPath: item)))) ?? [])
      }
    }
  }
  visit("")
  return result
}

/// Names of entries that look like a staging folder.
func stagingFolders(in path: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
    .filter { $0.hasPrefix(".flipbook-staging") }
}

/// Runs `body` with a fresh empty folder that is removed afterwards.
func withTemporaryDirectory(_ body: (String) throws -> Void) rethrows {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("flipbook-render-tests-\(UUID().uuidString)").path
  try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  defer {
    chmod(path, 0o755)
    try? FileManager.default.removeItem(atPath: path)
  }
  try body(path)
}

/// Writes a sequence with `ColorProducer`s configured by `producer`.
@discardableResult
func writeFrames(
  to directory: String, frameCount: Int, range: ClosedRange<Int>? = nil, jobs: Int = 2,
  producer: ColorProducer = ColorProducer(), progress: (@Sendable (Int) -> Void)? = nil,
  cancellation: CancellationToken? = nil
) throws -> WriteSummary {
  let writer = FrameSequenceWriter(directory: directory, frameCount: frameCount, range: range)
  var report: FrameProgress?
  if let progress { report = { done, _ in progress(done) } }
  return try writer.write(jobs: jobs, makeProducer: { producer }, cancellation: cancellation, progress: report)
}

/// Collects values from any thread.
final class Recorder<T: Sendable>: Sendable {
  private let values = Mutex<[T]>([])
  func append(_ value: T) { values.withLock { $0.append(value) } }
  var all: [T] { values.withLock { $0 } }
}

/// Makes `path` unwritable: `chmod 555`, or for root (whom permission bits do not stop)
/// `chattr +i` where available. `bites` says whether writing there now fails.
func makeReadOnly(_ path: String) -> (bites: Bool, undo: () -> Void) {
  guard geteuid() == 0 else {
    chmod(path, 0o555)
    return (true, { chmod(path, 0o755) })
  }
  func chattr(_ flag: String) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [flag, path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
  let immutable = chattr("+i")
  return (immutable, { if immutable { _ = chattr("-i") } })
}
