import Foundation
import FlipbookPNG
import FlipbookImage
import Testing

/// Golden-image assertions for Swift Testing: compare a rendered image with a reviewed PNG
/// in the repository, and on failure write the actual image and a diff for review.
///
/// - `GOLDEN_RECORD=all|missing|failed|never` chooses when goldens are (re)written
///   (default `missing`; always `never` when `CI` is set).
/// - Failures write `<name>.actual.png` and `<name>.diff.png` (expected | mask | actual) to
///   `GOLDEN_ARTIFACTS` (default `.build/golden-artifacts` under the goldens' package).
/// - A test that records a golden fails ("recorded, re-run"), so that nothing is blessed
///   without a run that compares.
public struct Golden: Sendable {
  /// The folder holding the goldens, e.g. `<repo>/goldens`.
  public var directory: String
  public var artifacts: String
  public var mode: GoldenRecordMode

  public init(directory: String, artifacts: String? = nil, mode: GoldenRecordMode = .current) {
    self.directory = directory
    self.mode = mode
    let env = ProcessInfo.processInfo.environment["GOLDEN_ARTIFACTS"]
    self.artifacts =
      artifacts ?? env
      ?? (URL(fileURLWithPath: directory).deletingLastPathComponent()
        .appendingPathComponent(".build/golden-artifacts").path)
  }

  /// The outcome of one golden check, also reported through Swift Testing issues.
  public enum Outcome: Sendable, Equatable {
    case matched
    case recorded
    case failed(String)
  }

  /// Compares `image` with `directory/name` (a relative path such as
  /// `primitives/circle-r10.png`) and records a test issue unless it matches.
  @discardableResult
  public func check(
    _ image: Pixmap, named name: String, tolerance: GoldenTolerance = .default,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Outcome {
    let outcome = compare(image, named: name, tolerance: tolerance)
    switch outcome {
    case .matched: break
    case .recorded:
      Issue.record("recorded golden \(directory)/\(name); look at it, then re-run", sourceLocation: sourceLocation)
    case .failed(let message):
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    return outcome
  }

  /// The comparison without reporting: what `check` does, for callers outside Swift Testing.
  public func compare(_ image: Pixmap, named name: String, tolerance: GoldenTolerance = .default) -> Outcome {
    let path = "\(directory)/\(name)"
    let exists = FileManager.default.fileExists(atPath: path)
    if !exists || mode == .all {
      guard mode == .all || mode == .missing || mode == .failed else {
        return .failed("missing golden \(path) (recording is off: GOLDEN_RECORD=never or CI is set)")
      }
      return record(image, to: path)
    }
    let expected: Pixmap
    do {
      expected = try PNGDecoder.decode(file: path)
    } catch {
      return .failed("cannot read golden \(path): \(error)")
    }
    var message: String
    if expected.width != image.width || expected.height != image.height {
      message =
        "size mismatch: golden \(path) is \(expected.width)×\(expected.height), the image is \(image.width)×\(image.height)"
    } else {
      let comparison = ImageComparison(expected: expected, actual: image, tolerance: tolerance)
      if comparison.passes(tolerance) { return .matched }
      message = "golden \(path) does not match: \(comparison)"
    }
    if mode == .failed { return record(image, to: path) }
    let base = "\(artifacts)/\(name.replacingOccurrences(of: ".png", with: ""))"
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: base).deletingLastPathComponent().path, withIntermediateDirectories: true)
      try PNGEncoder.write(image, toFile: "\(base).actual.png")
      try PNGEncoder.write(
        DiffImage.make(expected: expected, actual: image, tolerance: tolerance), toFile: "\(base).diff.png")
      message += "\n  actual: \(base).actual.png\n  diff (expected | mask | actual): \(base).diff.png"
    } catch {
      message += "\n  (could not write the artifacts: \(error))"
    }
    message += "\n  re-record after review: GOLDEN_RECORD=failed swift test -c release --filter GoldenTests"
    return .failed(message)
  }

  private func record(_ image: Pixmap, to path: String) -> Outcome {
    do {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
      try PNGEncoder.write(image, toFile: path)
      return .recorded
    } catch {
      return .failed("cannot record golden \(path): \(error)")
    }
  }
}
