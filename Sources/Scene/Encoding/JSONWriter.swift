/// A JSON value to write, with object keys in the order given, so that written scenes read
/// like hand-written ones (`version`, `canvas`, … `timeline`).
indirect enum JSONOutput: Sendable {
  case object([(String, JSONOutput)])
  case array([JSONOutput])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  /// Pretty-printed with two-space indentation; a value whose compact form fits in
  /// `inlineWidth` characters stays on one line, as people write small objects.
  func pretty(indent: Int = 0, inlineWidth: Int = 72) -> String {
    let compact = self.compact
    switch self {
    case .object(let members) where !members.isEmpty && compact.count + indent > inlineWidth:
      let pad = String(repeating: " ", count: indent + 2)
      let body = members.map {
        "\(pad)\(Self.quote($0.0)): \($0.1.pretty(indent: indent + 2, inlineWidth: inlineWidth))"
      }
      return "{\n" + body.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "}"
    case .array(let items) where !items.isEmpty && compact.count + indent > inlineWidth:
      let pad = String(repeating: " ", count: indent + 2)
      let body = items.map { pad + $0.pretty(indent: indent + 2, inlineWidth: inlineWidth) }
      return "[\n" + body.joined(separator: ",\n") + "\n" + String(repeating: " ", count: indent) + "]"
    default:
      return compact
    }
  }

  /// On one line, with a space after separators.
  var compact: String {
    switch self {
    case .object(let members):
      return "{ " + members.map { "\(Self.quote($0.0)): \($0.1.compact)" }.joined(separator: ", ") + " }"
    case .array(let items):
      return "[" + items.map(\.compact).joined(separator: ", ") + "]"
    case .string(let s): return Self.quote(s)
    case .number(let n): return Self.format(n)
    case .bool(let b): return b ? "true" : "false"
    case .null: return "null"
    }
  }

  /// The shortest text that reads back as exactly `n` (Swift's description), without a
  /// trailing `.0` for whole numbers. Callers check finiteness first.
  static func format(_ n: Double) -> String {
    if n == 0 { return n.sign == .minus ? "-0.0" : "0" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int(n)) }
    return "\(n)"
  }

  static func quote(_ s: String) -> String { jsonString(s) }
}

/// `s` as a JSON string literal, escaped as RFC 8259 requires (for every JSON the package
/// writes: exported scenes, `render info`).
package func jsonString(_ s: String) -> String {
  var out = "\""
  for u in s.unicodeScalars {
    switch u {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if u.value < 0x20 {
        let hex = String(u.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(u)
      }
    }
  }
  return out + "\""
}
