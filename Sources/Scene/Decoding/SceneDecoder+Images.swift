extension SceneDecoder {
  /// An `image` node's keys; nil after reporting what is wrong.
  mutating func imageNode(_ m: [String: JSONValue], _ path: String) -> ImageNode? {
    guard let fv = m["file"], let file = string(fv, join(path, "file")) else { return nil }
    guard !file.isEmpty, !file.utf8.contains(0) else {
      error(fv, join(path, "file"), "expected the path of a PNG file, found \(describe(fv))")
      return nil
    }
    var image = ImageNode(file: file, location: fv.location)
    var ok = true
    if let v = m["resizable"] {
      if let b = bool(v, join(path, "resizable")) { image.resizable = b } else { ok = false }
    }
    if let v = m["contentMode"] {
      if case .string(let s) = v.kind, let mode = ContentMode(rawValue: s) {
        if image.resizable {
          image.contentMode = mode
        } else {
          error(v, join(path, "contentMode"), "contentMode applies to a resizable image; add \"resizable\": true")
          ok = false
        }
      } else {
        error(v, join(path, "contentMode"), "expected \"fit\" or \"fill\", found \(describe(v))")
        ok = false
      }
    }
    if let v = m["imageScale"] {
      if let s = number(v, join(path, "imageScale"), .positive) { image.imageScale = s } else { ok = false }
    }
    return ok ? image : nil
  }
}
