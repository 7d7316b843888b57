import Flipbook
import FlipbookTesting
import Foundation
import Testing

/// The async/await examples: the lore circle on a virtual clock, and the refreshable inbox
/// exported as examples/refresh.json.
@Suite struct AsyncTimelineExampleTests {
  static let repository = LoreCircleTests.repository

  @Test func asyncLoreIsTheJSONSceneFrameByFrame() throws {
    let swift = try asyncLoreMovie()
    // The drag and the color cycle: not a movie that stands still.
    let moves = swift.frame(0) != swift.frame(75)
    #expect(moves)
    expectSameFrames(swift, try Movie(contentsOfFile: "\(Self.repository)/examples/lore-circle.json"))
  }

  /// examples/refresh.json is what the Swift timeline records, byte for byte, with the
  /// schema named for editors as every example does. A missing file is written (and the test
  /// fails, so that it is looked at, as a golden is).
  @Test func refreshExampleIsTheSwiftRecording() throws {
    let path = "\(Self.repository)/examples/refresh.json"
    let recorded = try refreshMovie().exportJSON()
    try #require(recorded.hasPrefix("{\n"))
    let exported = "{\n  \"$schema\": \"../scene.schema.json\",\n" + recorded.dropFirst(2)
    guard let file = try? String(contentsOfFile: path, encoding: .utf8) else {
      try exported.write(toFile: path, atomically: true, encoding: .utf8)
      Issue.record("recorded \(path); review it (and its goldens) and run again")
      return
    }
    #expect(file == exported, "examples/refresh.json differs from the Swift recording; delete it to record it again")
  }

  @Test func refreshRecordsTheSameBytesEveryTime() throws {
    let first = try refreshMovie().exportJSON()
    for _ in 1..<20 { #expect(try refreshMovie().exportJSON() == first) }
  }

  /// The inbox frames: before the pull, the spinner scaling in, spinning while the requests
  /// run, the list moving as the spinner leaves, the end.
  @Test func refreshGoldenFrames() throws {
    let movie = try refreshMovie()
    #expect(movie.frameCount == 73)
    assertFrames(
      movie, matchGoldensIn: "\(Self.repository)/goldens", frames: [0, 12, 30, 48, 52, 72],
      prefix: "swift-api/refresh/")
  }
}
