import Flipbook
import FlipbookGoldenTesting
import Testing

/// Compares frames of `movie` with reviewed PNGs in `directory`, as Swift Testing
/// assertions: each frame `i` is checked against `<directory>/<prefix>frame_<i>.png` (named
/// by ``Movie/frameFileName(_:)``, as ``Movie/writeFrames(to:frames:jobs:cancellation:progress:)`` names it), a
/// mismatch is a test issue with the actual image and a diff written to
/// `.build/golden-artifacts` in the parent of `directory` (or `GOLDEN_ARTIFACTS`), and a
/// missing golden is recorded (and fails, to be looked at first).
///
/// `GOLDEN_RECORD=all|missing|failed|never` chooses when goldens are written; with `CI` set,
/// never.
///
/// - Returns: Whether every frame matched.
@discardableResult
public func assertFrames(
  _ movie: Movie, matchGoldensIn directory: String, frames: [Int], prefix: String = "",
  tolerance: GoldenTolerance = .default, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  let golden = Golden(directory: directory)
  var allMatched = true
  for index in frames {
    guard index >= 0 && index < movie.frameCount else {
      Issue.record("frame \(index) is outside the movie's 0..<\(movie.frameCount)", sourceLocation: sourceLocation)
      allMatched = false
      continue
    }
    let name = prefix + movie.frameFileName(index)
    if golden.check(movie.frame(index), named: name, tolerance: tolerance, sourceLocation: sourceLocation) != .matched {
      allMatched = false
    }
  }
  return allMatched
}

/// The tolerance of a golden comparison, re-exported for ``assertFrames(_:matchGoldensIn:frames:prefix:tolerance:sourceLocation:)``.
public typealias GoldenTolerance = FlipbookGoldenTesting.GoldenTolerance

/// Compares any image (a frame, a contact sheet) with the reviewed PNG
/// `<directory>/<name>`, as a Swift Testing assertion with the same recording rules as
/// ``assertFrames(_:matchGoldensIn:frames:prefix:tolerance:sourceLocation:)``.
@discardableResult
public func assertImage(
  _ image: Pixmap, matchesGolden name: String, in directory: String, tolerance: GoldenTolerance = .default,
  sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
  Golden(directory: directory).check(image, named: name, tolerance: tolerance, sourceLocation: sourceLocation)
    == .matched
}
