import Flipbook
import FlipbookTesting
import Foundation
import Testing

/// What a user's test suite does with Flipbook: build an animation in Swift, render it, and
/// pin it down with goldens. Only the public products `Flipbook` and `FlipbookTesting` are
/// imported here.
@Suite struct LoreCircleTests {
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

  @Test func goldenFrames() throws {
    let movie = try loreMovie()
    #expect(movie.fps == 30)
    #expect(movie.pixelWidth == 400 && movie.pixelHeight == 300)
    // At rest; the spring overshooting; undershooting mid color fade; the drag starting,
    // under way and past the top; the end.
    // (The goldens folder's parent gets `.build/golden-artifacts` on a failure: the repository.)
    assertFrames(
      movie, matchGoldensIn: "\(Self.repository)/goldens", frames: [0, 14, 45, 60, 75, 90, movie.frameCount - 1],
      prefix: "swift-api/lore-circle/")
  }

  @Test func contactSheetGolden() throws {
    let sheet = try loreMovie().contactSheet(every: 10, columns: 9)
    assertImage(sheet, matchesGolden: "swift-api/lore-circle/contact-sheet.png", in: "\(Self.repository)/goldens")
  }

  @Test func sameAsTheJSONScene() throws {
    expectSameFrames(try loreMovie(), try Movie(contentsOfFile: "\(Self.repository)/examples/lore-circle.json"))
  }

  @Test func writesFramesAndExportsJSON() throws {
    let movie = try loreMovie()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lore-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let summary = try movie.writeFrames(to: dir, frames: 0...2)
    #expect(summary.framesWritten == 3)
    #expect(FileManager.default.fileExists(atPath: "\(dir)/frame_0001.png"))

    let text = try movie.exportJSON()
    let reloaded = try Movie(json: text)
    #expect(reloaded.frameCount == movie.frameCount)
    let same = reloaded.frame(20) == movie.frame(20)
    #expect(same, "frame 20 of the reloaded export differs")
  }
}
