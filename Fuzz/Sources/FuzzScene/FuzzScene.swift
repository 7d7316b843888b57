import FlipbookImage
import Glibc
import FlipbookEngine
import FlipbookRender
import FlipbookScene

/// libFuzzer's entry point: one input is one scene file, or SVG path data.
///
/// An input that does not start with `{` is SVG path data for the path parser alone (a
/// scene's `d` reaches the same parser through the decoder). Otherwise the input is decoded and validated; a valid scene is compiled (the timeline replayed into
/// tracks) and evaluated at its first, middle and last frame, and small frames are also
/// drawn (through ``SceneFrameProducer``, as every output draws them), so that extreme values
/// reach layout and the rasterizer too. Every step is bounded by the scene limits, so an
/// input that takes long is itself a finding (a hang).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
  if bytes.first != UInt8(ascii: "{") {
    _ = try? PathCommand.parse(svg: String(decoding: bytes, as: UTF8.self))
    return 0
  }
  guard let scene = try? SceneDecoder.decode(bytes, file: "fuzz.json") else { return 0 }
  guard let compiled = try? CompiledScene(scene) else { return 0 }
  let last = compiled.frameCount - 1
  var producer = SceneFrameProducer(scene: compiled)
  var pixmap = Pixmap(width: 0, height: 0)
  for frame in Set([0, last / 2, last]) {
    // Draw only small frames: the input can ask for 67 million pixels per frame. Larger
    // ones are still evaluated, for layout.
    if compiled.pixelWidth * compiled.pixelHeight <= 64 * 64 {
      try? producer.renderFrame(frame, into: &pixmap)
    } else {
      _ = compiled.displayList(frame: frame)
    }
  }
  return 0
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
