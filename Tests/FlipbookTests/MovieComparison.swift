import Flipbook
import FlipbookEngine
import FlipbookScene
import FlipbookTestSupport
import Testing

/// A movie from JSON text, through the decoder, as the command line reads scenes.
func jsonMovie(_ text: String) throws -> Movie {
  Movie(compiled: try compile(text))
}

/// Every frame of two movies is byte-for-byte the same, and they have as many frames.
func expectSameFrames(_ a: Movie, _ b: Movie, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
  #expect(a.frameCount == b.frameCount, sourceLocation: sourceLocation)
  for i in 0..<min(a.frameCount, b.frameCount) where a.frame(i) != b.frame(i) {
    Issue.record("frame \(i) of \(a.frameCount) differs", sourceLocation: sourceLocation)
    return
  }
}

/// The Swift movie, its JSON export read back, and (if given) the hand-written JSON all
/// render the same frames.
func expectEquivalent(_ movie: Movie, json: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  throws
{
  if let json { expectSameFrames(movie, try jsonMovie(json), sourceLocation: sourceLocation) }
  let exported = try movie.exportJSON()
  expectSameFrames(movie, try jsonMovie(exported), sourceLocation: sourceLocation)
}
