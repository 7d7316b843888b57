import FlipbookEngine
import FlipbookImage
import FlipbookTestSupport
import Testing

@testable import FlipbookRender

/// `render curves` marks the segment boundaries of the keyframe tracks that drive a value, in
/// that value's panel only.
@Suite struct CurvePlotMarkerTests {
  /// `x` driven by keyframes from 0.2 (segments of 0.5 and 0.3 s: boundaries 0.2, 0.7, 1.0);
  /// `o` animated by a plain transaction at 1.5.
  let json = #"""
    {"canvas": {"width": 100, "height": 100}, "fps": 30, "duration": 2, "state": {"x": 0, "o": 1},
     "root": {"type": "rectangle", "modifiers": [{"frame": {"width": 10, "height": 10}}, {"offset": {"x": "$x"}}, {"opacity": "$o"}]},
     "timeline": [{"at": 0.2, "keyframes": {"x": [{"linear": {"to": 40, "duration": 0.5}}, {"cubic": {"to": 0, "duration": 0.3}}]}},
                  {"at": 1.5, "set": {"o": 0.2}, "animation": "linear"}]}
    """#

  /// Whether column `px` or the next of panel `panel` holds a purple marker pixel (a 1-pixel
  /// line between pixel centers covers two columns in part): blue and red well above green,
  /// which neither the orange event lines, the blue curve nor the gray background have.
  func hasMarker(_ image: Pixmap, panel: Int, px: Int) -> Bool {
    let y0 = CurvePlot.top + panel * (CurvePlot.header + CurvePlot.plotHeight + CurvePlot.gap) + CurvePlot.header
    return (y0..<(y0 + CurvePlot.plotHeight)).contains { y in
      [px, px + 1].contains { x in
        let p = image.pixel(x: x, y: y)
        return Int(p.b) - Int(p.g) > 50 && Int(p.r) - Int(p.g) > 30
      }
    }
  }

  @Test func keyframeSegmentBoundariesAreMarkedInThePanelOfTheValueTheyDrive() throws {
    let scene = try compile(json)
    #expect(scene.keyframeBoundaries(reading: ["x"]).map { ($0 * 1e9).rounded() / 1e9 } == [0.2, 0.7, 1.0])
    #expect(scene.keyframeBoundaries(reading: ["o"]).isEmpty)
    let image = try #require(CurvePlot.make(scene, options: CurvePlot.Options(width: 960)))
    let values = scene.animatedValues(at: (0...200).map { Double($0) / 100 })
    let offset = try #require(values.firstIndex { $0.target.hasSuffix("offset") })
    let opacity = try #require(values.firstIndex { $0.target.hasSuffix("opacity") })
    #expect(values[offset].variables == ["x"])
    let plotWidth = 960 - CurvePlot.left - CurvePlot.right
    func column(_ t: Double) -> Int { Int((Double(CurvePlot.left) + t / 2 * Double(plotWidth) - 0.5).rounded(.down)) }
    for t in [0.7, 1.0] {
      #expect(hasMarker(image, panel: offset, px: column(t)), "a marker at \(t)")
      #expect(!hasMarker(image, panel: opacity, px: column(t)), "no marker for the opacity at \(t)")
    }
    #expect(!hasMarker(image, panel: offset, px: column(0.45)))
  }
}
