import FlipbookGIF
import Testing

@Suite struct GIFTimingTests {
  @Test func thirtyFPSAlternatesThreeAndFourCentiseconds() {
    #expect(GIFTiming.delays(frameCount: 6, fps: 30) == [3, 4, 3, 3, 4, 3])
  }

  @Test func delaysSumToTheDurationForAnyLength() {
    for fps in [7.0, 12, 24, 29.97, 30, 48, 60] {
      for n in [1, 2, 3, 10, 61, 121] {
        let sum = GIFTiming.delays(frameCount: n, fps: fps).reduce(0, +)
        #expect(abs(Double(sum) - 100 * Double(n) / fps) <= 0.5, "fps \(fps), \(n) frames: \(sum) cs")
      }
    }
  }

  @Test func ratesThatDivideAHundredAreEvenAndNeedNoWarning() {
    for fps in [10.0, 20, 25, 50] {
      let delays = GIFTiming.delays(frameCount: 20, fps: fps)
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
  }

  @Test func matteColorsParseLikeGifski() {
    #expect(GIFColor(hex: "ffffff") == GIFColor(red: 255, green: 255, blue: 255))
    #expect(GIFColor(hex: "#0d1117") == GIFColor(red: 13, green: 17, blue: 23))
    #expect(GIFColor(hex: "white") == nil)
    #expect(GIFColor(hex: "#fff") == nil)
  }
}
