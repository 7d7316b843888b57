import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One entry of a folder snapshot.
public enum FolderEntry: Equatable, CustomStringConvertible, Sendable {
  case file([UInt8])
  case link(String)
  case folder

  public var description: String {
    switch self {
    case .file(let bytes): "file(\(bytes.count) bytes)"
    case .link(let target): "link(\(target))"
    case .folder: "folder"
    }
  }
}

/// Everything under `path` (hidden entries too), without following links.
public func snapshot(_ path: String) -> [String: FolderEntry] {
  var result: [String: FolderEntry] = [:]
  func visit(_ relative: String) {
    let full = relative.isEmpty ? path : path + "/" + relative
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
    for name in names {
      let rel = relative.isEmpty ? name : relative + "/" + name
      let item = path + "/" + rel
      var info = stat()
      guard lstat(item, &info) == 0 else { continue }
      switch info.st_mode & S_IFMT {
      case S_IFLNK:
        result[rel] = .link(
          (try? FileManager.default.destinationOfSymbolicLink(atPath: item)) ?? "?")
      case S_IFDIR:
        result[rel] = .folder
        visit(rel)
      default:
        result[rel] = .file((try? [UInt8](Data(contentsOf: URL(fileURLWithPath: item)))) ?? [])
      }
    }
  }
  visit("")
  return result
}

/// The files directly in `dir`, by name, with their bytes.
public func files(in dir: String) -> [String: [UInt8]] {
  var result: [String: [UInt8]] = [:]
  for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
    if let d = FileManager.default.contents(atPath: "\(dir)/\(name)") { result[name] = [UInt8](d) }
  }
  return result
}

/// Names of entries in `path` that look like the frame writer's staging folder.
public func stagingFolders(in path: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
    .filter { $0.hasPrefix(".flipbook-staging") }
}
