import FlipbookImage
import FlipbookDisplayList
import FlipbookRaster
import Testing

@Suite struct Compositing {
  func px(_ p: Pixmap, _ x: Int, _ y: Int) -> [UInt8] {
    let v = p.pixel(x: x, y: y); return [v.r, v.g, v.b, v.a]
  }

  @Test func halfRedOverWhite() {
    // red at opacity 0.5 → premultiplied (128, 0, 0, 128); over white: 128 + div255(255·127).
    let p = render(
      [fill(.rectangle(Rect(x: 0, y: 0, width: 4, height: 4)), color: Color(red: 1, green: 0, blue: 0, opacity: 0.5))],
      width: 4, height: 4, background: .white)
    for y in 0..<4 { for x in 0..<4 { #expect(px(p, x, y) == [255, 127, 127, 255]) } }
  }

  @Test func halfRedOverClear() {
    let p = render(
      [
        fill(
          .ellipse(Rect(x: -10, y: -10, width: 40, height: 40)), color: Color(red: 1, green: 0, blue: 0, opacity: 0.5))
      ],
      width: 4, height: 4)
    #expect(px(p, 2, 2) == [128, 0, 0, 128])
  }

  @Test func twoOverlappingShapes() {
    // Opaque blue then 50 % green over white, partly overlapping.
    let p = render(
      [
        fill(.rectangle(Rect(x: 0, y: 0, width: 6, height: 4)), color: Color(red: 0, green: 0, blue: 1)),
        fill(.rectangle(Rect(x: 3, y: 0, width: 6, height: 4)), color: Color(red: 0, green: 1, blue: 0, opacity: 0.5)),
      ],
      width: 10, height: 4, background: .white)
    #expect(px(p, 1, 1) == [0, 0, 255, 255])  // blue only
    #expect(px(p, 4, 1) == [0, 128, 127, 255])  // green over blue: (0,128,0,128) + div255(dst·127)
    #expect(px(p, 7, 1) == [127, 255, 127, 255])  // green over white
    #expect(px(p, 9, 1) == [255, 255, 255, 255])  // background
  }

  @Test func layerHasNoSeamButPlainOverlapIsDarker() {
    let red = Color(red: 1, green: 0, blue: 0)
    let a = fill(.ellipse(Rect(x: 1, y: 1, width: 14, height: 14)), color: red)
    let b = fill(.ellipse(Rect(x: 9, y: 1, width: 14, height: 14)), color: red)
    let grouped = render([.layer(items: [a, b], opacity: 0.5)], width: 24, height: 16, background: .white)
    // Overlap (12, 8) equals non-overlap (4, 8) and (20, 8).
    #expect(px(grouped, 12, 8) == px(grouped, 4, 8))
    #expect(px(grouped, 12, 8) == px(grouped, 20, 8))
    #expect(px(grouped, 12, 8) == [255, 127, 127, 255])
    // Without the layer, two 50 % shapes: the overlap is darker.
    let half = Color(red: 1, green: 0, blue: 0, opacity: 0.5)
    let plain = render(
      [
        fill(.ellipse(Rect(x: 1, y: 1, width: 14, height: 14)), color: half),
        fill(.ellipse(Rect(x: 9, y: 1, width: 14, height: 14)), color: half),
      ],
      width: 24, height: 16, background: .white)
    #expect(px(plain, 4, 8) == [255, 127, 127, 255])
    #expect(px(plain, 12, 8)[1] < px(plain, 4, 8)[1])
    // Outside the shapes the layer changes nothing.
    #expect(px(grouped, 0, 0) == [255, 255, 255, 255])
  }

  @Test func nestedLayersAndZeroOpacity() {
    let red = Color(red: 1, green: 0, blue: 0)
    let inner = DisplayItem.layer(
      items: [fill(.rectangle(Rect(x: 0, y: 0, width: 4, height: 4)), color: red)], opacity: 0.5)
    let p = render([.layer(items: [inner], opacity: 1)], width: 4, height: 4, background: .white)
    #expect(px(p, 1, 1) == [255, 127, 127, 255])
    let q = render(
      [.layer(items: [fill(.rectangle(Rect(x: 0, y: 0, width: 4, height: 4)), color: red)], opacity: 0)],
      width: 4, height: 4, background: .white)
    #expect(px(q, 1, 1) == [255, 255, 255, 255])
  }

  @Test func layersAcrossBands() {
    // A tall canvas so the frame is drawn in several bands; a layer spanning all of them.
    let w = 64, h = 9000
    let red = Color(red: 1, green: 0, blue: 0)
    let items: [DisplayItem] = [
      .layer(
        items: [
          fill(.rectangle(Rect(x: 2, y: 0, width: 20, height: Double(h))), color: red),
          fill(.ellipse(Rect(x: 10, y: 4000, width: 40, height: 2000)), color: red),
        ], opacity: 0.5)
    ]
    let p = render(items, width: w, height: h, background: .white)
    for y in stride(from: 0, to: h, by: 97) { #expect(px(p, 5, y) == [255, 127, 127, 255]) }
    #expect(px(p, 15, 5000) == [255, 127, 127, 255])
    #expect(px(p, 40, 5000) == [255, 127, 127, 255])
    #expect(px(p, 40, 100) == [255, 255, 255, 255])
  }

  @Test func transparentBackgroundStaysZeroOutsideShapes() {
    let p = render([fill(.ellipse(Rect(x: 4, y: 4, width: 8, height: 8)))], width: 20, height: 20)
    for y in 0..<20 {
      for x in 0..<20 where x >= 13 || y >= 13 || x < 3 || y < 3 { #expect(px(p, x, y) == [0, 0, 0, 0]) }
    }
    #expect(px(p, 8, 8) == [255, 255, 255, 255])
  }

  @Test func backgroundIsPremultiplied() {
    let p = render([], width: 3, height: 2, background: Color(red: 1, green: 0.5, blue: 0, opacity: 0.5))
    #expect(px(p, 2, 1) == [128, 64, 0, 128])
  }

  @Test func deterministicAcrossRunsAndThreads() async {
    var items: [DisplayItem] = []
    for i in 0..<40 {
      let d = Double(i)
      items.append(
        fill(
          .ellipse(Rect(x: d * 3.1, y: d * 1.7, width: 20 + d, height: 15)),
          color: Color(red: d / 40, green: 0.3, blue: 1 - d / 40, opacity: 0.6)))
      items.append(
        stroke(
          .roundedRectangle(Rect(x: d * 2.3, y: 50 - d, width: 30, height: 12), cornerRadius: 5, style: .continuous),
          width: 1.5, color: Color(red: 0.2, green: d / 40, blue: 0.5, opacity: 0.8)))
    }
    let list = DisplayList(width: 160, height: 100, background: .white, items: items)
    var r = Rasterizer()
    var p1 = Pixmap(width: 0, height: 0), p2 = Pixmap(width: 7, height: 7)
    r.render(list, into: &p1)
    r.render(list, into: &p2)
    #expect(p1 == p2)
    let results = await withTaskGroup(of: [UInt8].self) { group in
      for _ in 0..<4 {
        group.addTask {
          var r = Rasterizer()
          var p = Pixmap(width: 0, height: 0)
          r.render(list, into: &p)
          return p.bytes
        }
      }
      var all: [[UInt8]] = []
      for await b in group { all.append(b) }
      return all
    }
    for b in results { #expect(b == p1.bytes) }
  }
}
