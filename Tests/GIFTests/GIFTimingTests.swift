import FlipbookGIF
import FlipbookRender
import Testing

@Suite struct GIFTimingTests {
  @Test func thirtyFPSAlternatesThreeAndFourCentiseconds() throws {
    #expect(try GIFTiming.delays(frameCount: 6, fps: 30) == [3, 4, 3, 3, 4, 3])
  }

  @Test func delaysSumToTheDurationForAnyLength() throws {
    for fps in [7.0, 12, 24, 29.97, 30, 48, 60] {
      for n in [1, 2, 3, 10, 61, 121] {
        let sum = try GIFTiming.delays(frameCount: n, fps: fps).reduce(0, +)
        #expect(abs(Double(sum) - 100 * Double(n) / fps) <= 0.5, "fps \(fps), \(n) frames: \(sum) cs")
      }
    }
  }

  @Test func ratesThatDivideAHundredAreEvenAndNeedNoWarning() throws {
    for fps in [10.0, 20, 25, 50] {
      let delays = try GIFTiming.delays(frameCount: 20, fps: fps)
      #expect(Set(delays) == [Int(100 / fps)])
      #expect(GIFTiming.warning(fps: fps) == nil)
    }
  }

  @Test func otherRatesWarnAndSayWhatPlaysEvenly() throws {
    let thirty = try #require(GIFTiming.warning(fps: 30))
    #expect(thirty.contains("3 or 4 cs") && thirty.contains("--fps 50, 25, 20 or 10"))
    let twelve = try #require(GIFTiming.warning(fps: 12))
    #expect(twelve.contains("8 or 9 cs"))
    // 60 fps needs 1 cs frames, which browsers slow down to 10 cs.
    let sixty = try #require(GIFTiming.warning(fps: 60))
    #expect(sixty.contains("too fast") && sixty.contains("--fps 50"))
    // The delays written: 100/60 cs error-diffused, round(100(i+1)/60) − round(100i/60).
    #expect(sixty.contains("delays of 2, 1, 2, 2, 1, 2, … cs") && sixty.contains("play delays of 1 cs as 10 cs"))
    let hundred = try #require(GIFTiming.warning(fps: 100))
    #expect(hundred.contains("delays of 1, 1, 1, 1, 1, 1, … cs"))
  }

  @Test func ratesTooSlowForASixteenBitDelayAreErrorsNotCutShort() throws {
    // 100 / 65535 fps: one frame per 65,535 cs, the longest delay a GIF frame can hold.
    #expect(try GIFTiming.delays(frameCount: 3, fps: 100.0 / 65535) == [65535, 65535, 65535])
    #expect(try GIFTiming.delays(frameCount: 1, fps: 0.002) == [50000])
    for fps in [100.0 / 65536, 0.001, Double("1e-320")!, 0, -1, .nan, .infinity] {
      #expect(throws: GIFError.self, "\(fps) fps") { try GIFTiming.delays(frameCount: 2, fps: fps) }
    }
  }

  @Test func largeGIFFramesGetFewerWorkersWithinTheMemoryBudget() {
    let gib = 1 << 30
    // A 16384×4096 frame needs 14 bytes per pixel per worker: 939,524,096 bytes, one fits.
    #expect(GIFRenderer.workerCount(jobs: 8, pixels: 16384 * 4096, budget: gib) == 1)
    #expect(GIFRenderer.workerCount(jobs: 8, pixels: 8192 * 4096, budget: gib) == 2)
    // 1080p: 29,030,400 bytes per worker, so 8 fit.
    #expect(GIFRenderer.workerCount(jobs: 8, pixels: 1920 * 1080, budget: gib) == 8)
    #expect(GIFRenderer.workerCount(jobs: 8, pixels: 16384 * 16384, budget: gib) == 1)
  }

  @Test func matteColorsParseLikeGifski() {
    #expect(GIFColor(hex: "ffffff") == GIFColor(red: 255, green: 255, blue: 255))
    #expect(GIFColor(hex: "#0d1117") == GIFColor(red: 13, green: 17, blue: 23))
    #expect(GIFColor(hex: "white") == nil)
    #expect(GIFColor(hex: "#fff") == nil)
  }
}
