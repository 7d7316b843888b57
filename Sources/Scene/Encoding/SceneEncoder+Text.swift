extension SceneEncoder.Writer {
  /// A `text` node's keys, those at their defaults left out.
  func textMembers(_ text: TextNode, _ path: String) throws(SceneEncodingError) -> [(String, JSONOutput)] {
    var m: [(String, JSONOutput)] = []
    switch text.content {
    case .literal(let s):
      m.append(("text", .string(s)))
    case .string(let e):
      m.append(("text", try expression(e, "\(path).text")))
    case .number(let e, let decimals):
      var number: [(String, JSONOutput)] = [("number", try expression(e, "\(path).text.number"))]
      if decimals != 0 { number.append(("decimals", .number(Double(decimals)))) }
      m.append(("text", .object(number)))
    }
    let font = text.font
    if let style = font.style, font == FontSpec(style, location: font.location) {
      if style != .body { m.append(("font", .string(style.rawValue))) }
    } else {
      var f: [(String, JSONOutput)] = [("size", try expression(font.size, "\(path).font.size"))]
      if font.weight != .regular { f.append(("weight", .string(font.weight.rawValue))) }
      if font.design != .default { f.append(("design", .string(font.design.rawValue))) }
      if let family = font.family { f.append(("family", .string(family))) }
      m.append(("font", .object(f)))
    }
    if let n = text.lineLimit { m.append(("lineLimit", .number(Double(n)))) }
    if text.alignment != .leading { m.append(("multilineTextAlignment", .string(text.alignment.rawValue))) }
    if text.lineSpacing != .number(0) {
      m.append(("lineSpacing", try expression(text.lineSpacing, "\(path).lineSpacing")))
    }
    return m
  }
}
