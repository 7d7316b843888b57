import FlipbookDisplayList
import FlipbookEngine
import FlipbookImage
import FlipbookPNG
import FlipbookRender
import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// `image` nodes in scenes: their size as SwiftUI sizes an `Image` (own size, resizable,
/// fit and fill), their pixels copied exactly when drawn unscaled, paths relative to the scene
/// file's folder, and every kind of bad file refused with a message naming it.
@Suite struct ImageSceneTests {
  let fixtures = "\(repositoryRoot)/Tests/Fixtures/images"

  func scene(_ image: String, modifiers: String = "[]", canvas: String = #"{"width": 200, "height": 100}"#) -> String {
    #"{"canvas": \#(canvas), "root": {"type": "zstack", "alignment": "topLeading", "children": [{"type": "image", \#(image), "modifiers": \#(modifiers)}], "modifiers": [{"frame": {"width": 200, "height": 100, "alignment": "topLeading"}}]}}"#
  }

  /// The rectangle (in points) the image is drawn in, from the display list.
  func imageRect(_ s: CompiledScene) -> Rect? {
    func find(_ items: [DisplayItem]) -> Rect? {
      for item in items {
        switch item {
        case .shape(let shape): if let image = shape.image { return image.rect }
        case .layer(let sub, _, _, _): if let r = find(sub) { return r }
        case .glyphs: break
        }
      }
      return nil
    }
    return find(s.displayList(at: 0).items)
  }

  @Test func anImageHasItsOwnSizeInPoints() throws {
    // 48 × 48 pixels: 48 points, or 24 at an imageScale of 2, whatever is proposed.
    let icon = example("check-icon.png")
    let plain = try compile(scene(#""file": "\#(icon)""#))
    #expect(imageRect(plain)?.width == 48 && imageRect(plain)?.height == 48)
    let retina = try compile(
      scene(#""file": "\#(icon)", "imageScale": 2"#, modifiers: #"[{"frame": {"width": 100, "height": 70}}]"#))
    let r = try #require(imageRect(retina))
    #expect(r.width == 24 && r.height == 24)
    // Centered in its 100 × 70 frame.
    #expect(r.minX == 38 && r.minY == 23)
  }

  @Test func aResizableImageFillsFitsOrFillsTheProposal() throws {
    // six-pixels.png is 3 × 2: aspect ratio 1.5.
    let file = #""file": "\#(fixtures)/six-pixels.png", "resizable": true"#
    let frame = #"[{"frame": {"width": 90, "height": 90}}]"#
    let stretched = try #require(imageRect(try compile(scene(file, modifiers: frame))))
    #expect(stretched.width == 90 && stretched.height == 90)
    let fit = try #require(imageRect(try compile(scene(#"\#(file), "contentMode": "fit""#, modifiers: frame))))
    #expect(fit.width == 90 && fit.height == 60 && fit.minY == 15)
    let fill = try #require(imageRect(try compile(scene(#"\#(file), "contentMode": "fill""#, modifiers: frame))))
    // Filling overflows the frame on both sides, centered, as SwiftUI does unless clipped.
    #expect(fill.width == 135 && fill.height == 90 && fill.minX == -22.5)
    // fixedSize proposes nothing: the image's own size.
    let own = try #require(
      imageRect(try compile(scene(#"\#(file), "contentMode": "fit""#, modifiers: #"[{"fixedSize": true}]"#))))
    #expect(own.width == 3 && own.height == 2)
  }

  @Test func anUnscaledImageIsCopiedExactly() throws {
    let file = "\(fixtures)/six-pixels.png"
    let s = try compile(
      scene(
        #""file": "\#(file)""#, modifiers: #"[{"offset": {"x": 7, "y": 5}}]"#,
        canvas: #"{"width": 200, "height": 100, "scale": 1}"#))
    let frame = try FrameRenderer.pixmap(s, frame: 0)
    let want = try PNGDecoder.decode(file: file)
    for y in 0..<2 {
      for x in 0..<3 { #expect(frame.pixel(x: x + 7, y: y + 5) == want.pixel(x: x, y: y), "(\(x), \(y))") }
    }
    // The fixture's straight (0, 255, 0, 128) premultiplied: (0, 128, 0, 128).
    #expect(want.pixel(x: 1, y: 0) == (0, 128, 0, 128))
    #expect(frame.pixel(x: 6, y: 5).a == 0 && frame.pixel(x: 10, y: 5).a == 0)
  }

  @Test func relativePathsStartFromTheSceneFilesFolder() throws {
    try withTemporaryDirectory { dir in
      let sub = "\(dir)/scenes"
      try FileManager.default.createDirectory(atPath: "\(sub)/art", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: example("check-icon.png"), toPath: "\(sub)/art/icon.png")
      try FileManager.default.copyItem(atPath: example("check-icon.png"), toPath: "\(dir)/up.png")
      for file in ["art/icon.png", "../up.png"] {
        let path = "\(sub)/scene.json"
        try scene(#""file": "\#(file)""#).write(toFile: path, atomically: true, encoding: .utf8)
        let s = try SceneFile.load(path)
        #expect(imageRect(s)?.width == 48, "\(file)")
      }
    }
  }

  /// The message for the image node of `scene(image)`, compiled from a file in no folder.
  func failure(_ image: String) -> String? {
    do {
      _ = try compile(scene(image))
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func badFilesAreErrorsThatNameThem() throws {
    let cases: [(String, String)] = [
      ("\(fixtures)/missing.png", "no such file"),
      ("\(fixtures)/not-a-png.png", "is not a PNG that can be shown"),
      ("\(fixtures)/truncated.png", "is not a PNG that can be shown"),
      ("\(fixtures)/bomb-100000x100000.png", "100000×100000 is more than the limit of 67108864 pixels"),
      (fixtures, "is a directory"),
      ("/dev/null", "is not a regular file"),
    ]
    for (file, reason) in cases {
      let message = try #require(failure(#""file": "\#(file)""#), "\(file)")
      #expect(message.contains("root.children[0].file"), "\(message)")
      #expect(message.contains(file), "\(message)")
      #expect(message.contains(reason), "\(message)")
    }
  }

  @Test func aFIFOIsRefusedWithoutWaiting() throws {
    try withTemporaryDirectory { dir in
      let fifo = "\(dir)/pipe.png"
      #expect(mkfifo(fifo, 0o600) == 0)
      let message = try #require(failure(#""file": "\#(fifo)""#))
      #expect(message.contains("is not a regular file"), "\(message)")
    }
  }

  @Test func badKeysAreDecodingErrors() {
    let icon = example("check-icon.png")
    let cases: [(String, String)] = [
      (#""file": "\#(icon)", "contentMode": "fit""#, "contentMode applies to a resizable image"),
      (#""file": "\#(icon)", "resizable": true, "contentMode": "stretch""#, #"expected "fit" or "fill""#),
      (#""file": "\#(icon)", "imageScale": 0"#, "root.children[0].imageScale"),
      (#""file": """#, "expected the path of a PNG file"),
      (#""file": 3"#, "root.children[0].file"),
      (#""resizable": true"#, #"missing required key "file""#),
    ]
    for (image, expected) in cases {
      let message = failure(image)
      #expect(message?.contains(expected) == true, "\(image): \(message ?? "no error")")
    }
  }
}
