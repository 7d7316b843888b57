import FlipbookRender
import Testing

@Suite("Frame file names")
struct FrameFileNameTests {
  @Test("at least four digits, more when the last index needs them")
  func digits() {
    #expect(FrameFileName.digitCount(frameCount: 0) == 4)
    #expect(FrameFileName.digitCount(frameCount: 1) == 4)
    #expect(FrameFileName.digitCount(frameCount: 10_000) == 4)
    #expect(FrameFileName.digitCount(frameCount: 10_001) == 5)
    #expect(FrameFileName.digitCount(frameCount: 100_001) == 6)
  }

  @Test("names are zero-padded and keep their index")
  func names() {
    #expect(FrameFileName.name(index: 0, frameCount: 10) == "frame_0000.png")
    #expect(FrameFileName.name(index: 42, frameCount: 120) == "frame_0042.png")
    #expect(FrameFileName.name(index: 9_999, frameCount: 10_000) == "frame_9999.png")
    #expect(FrameFileName.name(index: 5, frameCount: 10_001) == "frame_00005.png")
    #expect(FrameFileName.name(index: 10_000, frameCount: 10_001) == "frame_10000.png")
  }

  @Test("ffmpeg's pattern and the brace numbers use the width the names use")
  func patterns() {
    #expect(FrameFileName.printfPattern(frameCount: 10_000) == "frame_%04d.png")
    #expect(FrameFileName.printfPattern(frameCount: 20_000) == "frame_%05d.png")
    #expect(FrameFileName.number(index: 5, frameCount: 20_000) == "00005")
    #expect(FrameFileName.glob == "frame_*.png")
  }

  @Test("only frame names of other sequences are stale")
  func stale() {
    #expect(FrameFileName.isStale("frame_0010.png", frameCount: 10))
    #expect(!FrameFileName.isStale("frame_0009.png", frameCount: 10))
    #expect(FrameFileName.isStale("frame_00003.png", frameCount: 10))  // other width
    #expect(FrameFileName.isStale("frame_0003.png", frameCount: 10_001))  // other width
    #expect(FrameFileName.isStale("frame_99999999999999999999999.png", frameCount: 10))
    #expect(!FrameFileName.isStale("frame_7.png", frameCount: 5))  // never ours
    #expect(!FrameFileName.isStale("frame_abc.png", frameCount: 5))
    #expect(!FrameFileName.isStale("frame_.png", frameCount: 5))
    #expect(!FrameFileName.isStale("frame_0009.png.tmp", frameCount: 5))
    #expect(!FrameFileName.isStale("notes.txt", frameCount: 5))
  }
}
