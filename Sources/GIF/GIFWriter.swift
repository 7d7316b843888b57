import CGIFLib
import FlipbookFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an animated GIF frame by frame with giflib, atomically: frames go to a hidden
/// temporary file beside the target (a ``TemporaryFile``: a random name, locked while this
/// writer lives, so a killed run's leftover is removed by the next one), which is renamed
/// over it only by ``finish()``. A failed or abandoned write removes the temporary file and
/// leaves the target as it was.
///
/// The GIF loops forever (a NETSCAPE2.0 block) and each frame carries its own palette
/// (``GIFQuantizer``) and delay (``GIFTiming``). How frames are stacked depends on
/// `transparent`, which the caller decides for the whole animation:
/// - opaque (`false`): each frame stays on screen under the next (disposal "do not dispose"),
///   and only the rectangle that changed since the previous frame is stored, its unchanged
///   pixels transparent, which makes animations of small moving shapes several times smaller;
/// - transparent (`true`): each frame replaces the previous one whole ("restore to
///   background"), since a transparent pixel must show the page, not the previous frame.
public final class GIFWriter {
  public let path: String
  public let width: Int
  public let height: Int
  public let transparent: Bool
  private let temporary: TemporaryFile
  private var file: UnsafeMutablePointer<GifFileType>?
  /// What the viewer shows after the last frame written (opaque GIFs only), for cropping.
  private var shown: [UInt32] = []
  /// Which pixels the last frame changed (opaque GIFs only).
  private var changed: [Bool] = []
  public private(set) var framesWritten = 0
  /// The size of the finished file, once ``close()`` succeeded.
  public private(set) var bytesWritten = 0

  /// Creates the temporary file and writes the GIF header and the loop block.
  public init(path: String, width: Int, height: Int, transparent: Bool) throws(GIFError) {
    guard width >= 1, height >= 1, width <= 65535, height <= 65535 else {
      throw .badPath(path: path, reason: "a GIF is 1…65535 pixels wide and high, not \(width)×\(height)")
    }
    self.path = path
    self.width = width
    self.height = height
    self.transparent = transparent
    let folder = TemporaryFile.split(path).folder
    var info = stat()
    if stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
      throw .badPath(
        path: path, reason: "it is a folder; give a file name such as \(path.hasSuffix("/") ? path : path + "/")out.gif"
      )
    }
    guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .badPath(path: path, reason: "the folder '\(folder)' does not exist")
    }
    do {
      temporary = try TemporaryFile(beside: path)
    } catch {
      throw .io(path: path, operation: "create a file beside", errno: error.code)
    }
    // giflib closes the descriptor it is given; the temporary keeps its own, and the lock.
    let fd = dup(temporary.descriptor)
    var code: Int32 = 0
    guard fd >= 0, let gif = EGifOpenFileHandle(fd, &code) else {
      if fd >= 0 { closeDescriptor(fd) } else { code = E_GIF_ERR_OPEN_FAILED }
      temporary.discard()
      throw .giflib(path: path, code: code)
    }
    file = gif
    EGifSetGifVersion(gif, true)
    do throws(GIFError) {
      try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, nil))
      // Loop forever: the NETSCAPE2.0 application extension with a loop count of 0.
      try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
      try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)))
      try check(EGifPutExtensionBlock(gif, 3, [UInt8]([1, 0, 0])))
      try check(EGifPutExtensionTrailer(gif))
    } catch {
      abandon()
      throw error
    }
  }

  deinit { abandon() }

  /// Appends a frame shown for `delay` centiseconds.
  public func add(_ frame: GIFIndexedFrame, delay: Int) throws(GIFError) {
    guard let gif = file else { throw .badFrame("the writer is already finished") }
    guard frame.width == width, frame.height == height else {
      throw .badFrame("\(frame.width)×\(frame.height) in a \(width)×\(height) GIF")
    }
    guard (0...GIFTiming.maximumDelay).contains(delay) else {
      throw .badFrame("a delay of \(delay) cs; a GIF frame lasts 0…\(GIFTiming.maximumDelay) cs")
    }
    if !transparent && frame.transparentIndex != nil {
      throw .badFrame("frame \(framesWritten) has transparent pixels, but the GIF was opened as opaque")
    }
    let rect = transparent ? (x: 0, y: 0, w: width, h: height) : changedRect(frame)
    // Opaque GIFs after the first frame: pixels of the rectangle that show what is already on
    // screen become a transparent entry added to the palette (when it has room), as gifski
    // and ffmpeg do, so runs of them compress to almost nothing.
    let unchangedIndex = !transparent && framesWritten > 0 && frame.colorCount < 256 ? frame.colorCount : nil
    var control = GraphicsControlBlock(
      DisposalMode: transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT, UserInputFlag: false,
      DelayTime: Int32(delay),
      TransparentColor: Int32(frame.transparentIndex ?? unchangedIndex ?? Int(NO_TRANSPARENT_COLOR)))
    var extensionBytes = [UInt8](repeating: 0, count: 4)
    let length = EGifGCBToExtension(&control, &extensionBytes)
    do throws(GIFError) {
      try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
      try putImage(gif, frame, rect, unchangedIndex: unchangedIndex)
    } catch {
      abandon()
      throw error
    }
    framesWritten += 1
  }

  /// Closes the GIF and moves it into place: ``close()`` then ``commit()``.
  public func finish() throws(GIFError) {
    try close()
    try commit()
  }

  /// Ends the GIF in its temporary file; the target is replaced only by ``commit()``, so
  /// several outputs of one run can all be finished before any of them is moved into place.
  public func close() throws(GIFError) {
    guard let gif = file else { throw .badFrame("the writer is already finished") }
    file = nil
    var code: Int32 = 0
    if EGifCloseFile(gif, &code) == GIF_ERROR {
      let error = GIFError.giflib(path: path, code: code, errno: Self.systemError(code))
      temporary.discard()
      throw error
    }
    var info = stat()
    if fstat(temporary.descriptor, &info) == 0 { bytesWritten = Int(info.st_size) }
  }

  /// Moves the GIF that ``close()`` ended over the target.
  public func commit() throws(GIFError) {
    let failure = temporary.commit()
    if failure != 0 {
      throw .io(path: path, operation: "move the finished GIF to", errno: failure)
    }
  }

  /// Stops writing and removes the temporary file; the target is left as it was.
  public func abandon() {
    if let gif = file {
      file = nil
      var code: Int32 = 0
      _ = EGifCloseFile(gif, &code)
    }
    temporary.discard()
  }

  /// The smallest rectangle outside which `frame` shows what is already on screen (the
  /// whole frame for the first one), and records what is shown afterwards and which pixels
  /// changed (``changed``).
  private func changedRect(_ frame: GIFIndexedFrame) -> (x: Int, y: Int, w: Int, h: Int) {
    let count = width * height
    if shown.isEmpty {
      shown = (0..<count).map { frame.displayed($0) }
      changed = [Bool](repeating: true, count: count)
      return (0, 0, width, height)
    }
    // The shown color of every palette entry, and the arrays moved out of the object, so
    // that the loop runs on plain buffers (no copy, no exclusivity check per pixel).
    let colors = (0..<256).map { k in k < frame.colorCount ? frame.displayed(color: k) : UInt32.max }
    var shown = self.shown, changed = self.changed
    self.shown = []
    self.changed = []
    defer { (self.shown, self.changed) = (shown, changed) }
    var minX = width, minY = height, maxX = -1, maxY = -1
    frame.indices.withUnsafeBufferPointer { indices in
      shown.withUnsafeMutableBufferPointer { shown in
        changed.withUnsafeMutableBufferPointer { changed in
          for y in 0..<height {
            let row = y * width
            for x in 0..<width {
              let c = colors[Int(indices[row + x])]
              let differs = c != shown[row + x]
              changed[row + x] = differs
              if differs {
                shown[row + x] = c
                if x < minX { minX = x }
                if x > maxX { maxX = x }
                if y < minY { minY = y }
                maxY = y
              }
            }
          }
        }
      }
    }
    // Nothing changed: a 1×1 frame that repeats the pixel already there keeps the delay.
    if maxX < 0 { return (0, 0, 1, 1) }
    return (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  private func putImage(
    _ gif: UnsafeMutablePointer<GifFileType>, _ frame: GIFIndexedFrame, _ rect: (x: Int, y: Int, w: Int, h: Int),
    unchangedIndex: Int?
  ) throws(GIFError) {
    // A color table has 2, 4, … 256 entries; unused ones are black.
    var size = 2
    while size < frame.colorCount + (unchangedIndex == nil ? 0 : 1) { size *= 2 }
    var colors = [GifColorType](repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size)
    for i in 0..<frame.colorCount {
      colors[i] = GifColorType(
        Red: frame.palette[3 * i], Green: frame.palette[3 * i + 1], Blue: frame.palette[3 * i + 2])
    }
    guard let map = GifMakeMapObject(Int32(size), colors) else {
      throw .giflib(path: path, code: E_GIF_ERR_NOT_ENOUGH_MEM)
    }
    defer { GifFreeMapObject(map) }
    try check(EGifPutImageDesc(gif, Int32(rect.x), Int32(rect.y), Int32(rect.w), Int32(rect.h), false, map))
    var row = [GifPixelType](repeating: 0, count: rect.w)
    for y in rect.y..<(rect.y + rect.h) {
      let start = y * width + rect.x
      if let unchangedIndex {
        for x in 0..<rect.w { row[x] = changed[start + x] ? frame.indices[start + x] : UInt8(unchangedIndex) }
      } else {
        for x in 0..<rect.w { row[x] = frame.indices[start + x] }
      }
      try check(EGifPutLine(gif, &row, Int32(rect.w)))
    }
  }

  private func check(_ result: Int32) throws(GIFError) {
    if result == GIF_ERROR {
      let code = file?.pointee.Error ?? 0
      throw .giflib(path: path, code: code, errno: Self.systemError(code))
    }
  }

  /// The `errno` of the failed `fwrite`/`fclose` behind giflib's write, "disk full" and
  /// close errors (which giflib does not keep), read before anything else can change it; 0
  /// for others.
  private static func systemError(_ code: Int32) -> Int32 {
    [E_GIF_ERR_WRITE_FAILED, E_GIF_ERR_DISK_IS_FULL, E_GIF_ERR_CLOSE_FAILED].contains(code) ? errno : 0
  }
}

/// `close(2)`, named apart from ``GIFWriter/close()`` which shadows it.
private func closeDescriptor(_ fd: Int32) {
  close(fd)
}
