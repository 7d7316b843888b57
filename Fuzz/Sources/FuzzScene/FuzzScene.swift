import FlipbookDisplayList
import FlipbookEngine
import FlipbookGIF
import FlipbookImage
import FlipbookPNG
import FlipbookRaster
import FlipbookRender
import FlipbookScene
import Glibc

/// libFuzzer's entry point: one input is one scene file, a PNG file, or SVG path data.
///
/// An input that starts with PNG's signature is an `image` node's file: decoded as a scene's
/// images are (with their pixel limit), and when it decodes, drawn shrunk, enlarged and
/// rotated through the image filter. Any other input that does not start with `{` is SVG
/// path data for the path parser alone (a scene's `d` reaches the same parser through the
/// decoder). Otherwise the input is a scene,
/// optionally followed by a NUL byte and the command line's numbers as text, `FPS SCALE
/// DURATION TIME` (`-` for one not given), read as `render` reads `--fps`, `--scale`,
/// `--duration` and `--time`, so that extreme values (`1e-320`, `inf`, `nan`, `1e308`) reach
/// every step that uses them. The scene is decoded and validated with those overrides; a
/// valid scene is compiled (the timeline replayed into tracks) and evaluated at its first,
/// middle and last frame and at the time, its GIF delays and contact-sheet layout are worked
/// out, and small frames are also drawn (through ``SceneFrameProducer``, as every output
/// draws them), so that extreme values reach layout and the rasterizer too. Every step is
/// bounded by the scene limits, so an input that takes long is itself a finding (a hang).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if input.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
    fuzzImage(input)
    return 0
  }
  if input.first != UInt8(ascii: "{") {
    _ = try? PathCommand.parse(svg: String(decoding: input, as: UTF8.self))
    return 0
  }
  let (bytes, numbers) = CommandLineNumbers.split(input)
  let overrides = SceneOverrides(fps: numbers.fps, duration: numbers.duration, scale: numbers.scale)
  guard let scene = try? SceneDecoder.decode(bytes, file: "fuzz.json", overrides: overrides) else { return 0 }
  guard let compiled = try? CompiledScene(scene) else { return 0 }
  let last = compiled.frameCount - 1
  var times = Set([0, last / 2, last].map(compiled.time(ofFrame:)))
  // `--time T`: as the command checks it, a moment from 0 to the later of the duration and the last frame.
  if let t = numbers.time, t >= 0, t.isFinite, t <= max(compiled.duration, compiled.time(ofFrame: last)) + 1e-9 {
    times.insert(t)
  }
  var producer = SceneFrameProducer(scene: compiled)
  var pixmap = Pixmap(width: 0, height: 0)
  for t in times {
    // Draw only small frames: the input can ask for 67 million pixels per frame. Larger
    // ones are still evaluated, for layout.
    if compiled.pixelWidth * compiled.pixelHeight <= 64 * 64 {
      try? producer.render(at: t, into: &pixmap)
    } else {
      _ = compiled.displayList(at: t)
    }
  }
  _ = try? GIFTiming.delays(frameCount: min(compiled.frameCount, 1000), fps: compiled.fps)
  _ = ContactSheet.smallestEvery(compiled)
  return 0
}

/// Decodes a PNG as an `image` node's file is decoded and draws it into a small canvas at
/// several scales and a rotation, so that odd sizes and pixels reach the image filter.
func fuzzImage(_ bytes: [UInt8]) {
  guard let pixmap = try? PNGDecoder.decode(bytes, maxPixels: ImageLimits.maxPixels),
    pixmap.width * pixmap.height <= 1 << 20
  else { return }
  let rect = Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
  let fit = 24 / Double(max(pixmap.width, pixmap.height))
  var rasterizer = Rasterizer()
  var out = Pixmap(width: 0, height: 0)
  for t in [
    AffineTransform(a: fit, b: 0, c: 0, d: fit, tx: 4.3, ty: 3.7),
    AffineTransform(a: 3, b: 0, c: 0, d: 0.5, tx: -2, ty: 1),
    AffineTransform(a: 0.8 * fit, b: 0.6 * fit, c: -0.6 * fit, d: 0.8 * fit, tx: 16, ty: 2),
  ] {
    let item = DisplayItem.shape(
      ShapeItem(
        geometry: .rectangle(rect), style: .fill, transform: t, color: Color(red: 0, green: 0, blue: 0, opacity: 0.7),
        image: ImagePaint(pixmap: pixmap, rect: rect)))
    rasterizer.render(DisplayList(width: 32, height: 32, background: .clear, items: [item]), into: &out)
  }
}

/// The numbers `render` takes on its command line, as the text after a NUL byte of a fuzz
/// input: `FPS SCALE DURATION TIME`, each parsed as ArgumentParser parses a `Double` option.
struct CommandLineNumbers {
  var fps: Double?
  var scale: Double?
  var duration: Double?
  var time: Double?

  /// The scene (the bytes before the first NUL) and the numbers after it.
  static func split(_ input: [UInt8]) -> (scene: [UInt8], numbers: CommandLineNumbers) {
    guard let nul = input.firstIndex(of: 0) else { return (input, CommandLineNumbers()) }
    let words = String(decoding: input[(nul + 1)...], as: UTF8.self).split(separator: " ").map { Double($0) }
    func word(_ i: Int) -> Double? { i < words.count ? words[i] : nil }
    return (Array(input[..<nul]), CommandLineNumbers(fps: word(0), scale: word(1), duration: word(2), time: word(3)))
  }
}

/// libFuzzer's driver, for a program that has its own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// SwiftPM links an executable target to its own entry point (not libFuzzer's `main`), so
/// the entry point hands the command line to libFuzzer's driver.
@main
enum FuzzScene {
  static func main() {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, fuzzSceneInput)
    exit(status)
  }
}
