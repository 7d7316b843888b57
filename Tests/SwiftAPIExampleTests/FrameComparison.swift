import Flipbook
import Testing

/// Expects two movies to have as many frames, every one byte-for-byte the same.
func expectSameFrames(_ a: Movie, _ b: Movie, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(a.frameCount == b.frameCount, sourceLocation: sourceLocation)
  // Compared to a Bool first: a failing `#expect(a == b)` would describe both pixmaps.
  let differing = (0..<min(a.frameCount, b.frameCount)).filter { a.frame($0) != b.frame($0) }
  #expect(differing.isEmpty, "frames \(differing.prefix(10)) differ", sourceLocation: sourceLocation)
}
