import FlipbookPNG
import FlipbookImage
import FlipbookRaster
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

private let temporarySerial = Atomic<Int>(0)

/// One PNG file written atomically: encoded into a hidden temporary file beside the target,
/// then renamed over it, so a reader (an image viewer that reloads, a README build) never
/// sees half a file and a failure leaves the old file as it was.
public enum PNGFile {
  public static func write(_ pixmap: Pixmap, to path: String) throws {
    var isFolder = stat()
    if stat(path, &isFolder) == 0 && (isFolder.st_mode & S_IFMT) == S_IFDIR {
      throw RenderError(
        "cannot write '\(path)': it is a folder; give a file name such as \(path.hasSuffix("/") ? path : path + "/")frame.png"
      )
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let serial = temporarySerial.wrappingAdd(1, ordering: .relaxed).oldValue
    let temporary = (slash == nil ? "" : folder + "/") + ".\(name).\(getpid())-\(serial).tmp"
    var encoder = PNGEncoder()
    let code = try encoder.withEncodedBytes(of: pixmap) { POSIXFile.write($0, toPath: temporary, exclusive: true) }
    if code != 0 {
      let reason = code == ENOENT ? "the folder '\(folder)' does not exist" : POSIXFile.describe(code)
      throw RenderError("cannot write '\(path)': \(reason)")
    }
    if rename(temporary, path) != 0 {
      let reason = POSIXFile.describe(errno)
      unlink(temporary)
      throw RenderError("cannot write '\(path)': \(reason)")
    }
  }
}
