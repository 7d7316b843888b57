import FlipbookFiles
import FlipbookPNG
import FlipbookImage
import FlipbookRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One PNG file written atomically: encoded into a hidden temporary file beside the target
/// (a ``TemporaryFile``: a random name, locked while written, removed by the next write of
/// the same file if this process is killed), then renamed over it, so a reader (an image
/// viewer that reloads, a README build) never sees half a file and a failure leaves the old
/// file as it was.
public enum PNGFile {
  public static func write(_ pixmap: Pixmap, to path: String) throws {
    var isFolder = stat()
    if stat(path, &isFolder) == 0 && (isFolder.st_mode & S_IFMT) == S_IFDIR {
      throw RenderError(
        "cannot write '\(path)': it is a folder; give a file name such as \(path.hasSuffix("/") ? path : path + "/")frame.png"
      )
    }
    let folder = TemporaryFile.split(path).folder
    func failure(_ code: Int32) -> RenderError {
      let reason = code == ENOENT ? "the folder '\(folder)' does not exist" : POSIXFile.describe(code)
      return RenderError("cannot write '\(path)': \(reason)")
    }
    let temporary: TemporaryFile
    do {
      temporary = try TemporaryFile(beside: path)
    } catch {
      throw failure(error.code)
    }
    var encoder = PNGEncoder()
    let code = try encoder.withEncodedBytes(of: pixmap) { temporary.write($0) }
    if code != 0 {
      temporary.discard()
      throw failure(code)
    }
    let moved = temporary.commit()
    if moved != 0 { throw RenderError("cannot write '\(path)': \(POSIXFile.describe(moved))") }
  }
}
