/// A strict RFC 8259 JSON parser over UTF-8 bytes that records a source location for
/// every value and key.
///
/// Foundation's JSONSerialization forgets positions, and scene errors must name the line
/// and column. Nesting is limited to `maxDepth` (an error beyond
/// it, never a stack overflow) and arrays to `maxArrayCount` elements (an error as soon as
/// one has more, before a hostile file of millions of tiny values has built them all), and
/// it rejects duplicate keys, which JSON leaves undefined.
public struct JSONParser {
  public struct SyntaxError: Error, Sendable {
    public var message: String
    public var location: SourceLocation
  }

  /// Deeper nesting than any real scene; deeper input is an error, not a crash.
  public static let defaultMaxDepth = 256
  /// No limit on array lengths.
  public static let unlimited = Int.max

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var column = 1
  private let maxDepth: Int
  private let maxArrayCount: Int

  public init(bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth, maxArrayCount: Int = JSONParser.unlimited) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    self.maxArrayCount = maxArrayCount
  }

  /// Parses one JSON document (a leading UTF-8 byte-order mark is allowed).
  public static func parse(
    _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, maxArrayCount: Int = unlimited
  ) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, maxArrayCount: maxArrayCount)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected \(parser.describeCurrent()) after the end of the JSON document")
    }
    return value
  }

  private var location: SourceLocation { SourceLocation(line: line, column: column) }

  /// A string from the file as messages quote it: at most 40 characters, so that a
  /// 10-megabyte key or number still gives a one-line message.
  static func excerpt(_ s: String) -> String {
    var i = s.startIndex
    for _ in 0..<40 {
      guard i < s.endIndex else { return s }
      i = s.index(after: i)
    }
    return i == s.endIndex ? s : String(s[..<i]) + "…"
  }

  private func error(_ message: String, at loc: SourceLocation? = nil) -> SyntaxError {
    SyntaxError(message: message, location: loc ?? location)
  }

  static let nonFiniteMessage = "NaN and Infinity are not JSON numbers; write a finite number"

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let b = bytes[index]
    if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
    if b == 0x20 { return "space" }
    if b < 0x20 { return "control character 0x\(String(b, radix: 16))" }
    return "character"
  }

  private mutating func advance() {
    let b = bytes[index]
    index += 1
    if b == 0x0A {
      line += 1
      column = 1
    } else if b & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D, 0x0A: advance()
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
    let start = location
    switch bytes[index] {
    case UInt8(ascii: "{"):
      if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["):
      if depth >= maxDepth { throw error("nesting deeper than \(maxDepth) levels") }
      return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""):
      return JSONValue(.string(try parseString()), at: start)
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return JSONValue(.bool(true), at: start)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return JSONValue(.bool(false), at: start)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return JSONValue(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    case UInt8(ascii: "'"):
      throw error("strings must use double quotes")
    case UInt8(ascii: "/"):
      throw error("comments are not allowed in JSON")
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"):
      throw bareWordError()
    default:
      throw error("unexpected \(describeCurrent()), expected a value")
    }
  }

  private mutating func expectLiteral(_ word: String) throws(SyntaxError) {
    let start = location
    for b in word.utf8 {
      guard index < bytes.count, bytes[index] == b else {
        throw error("invalid literal, expected '\(word)'", at: start)
      }
      advance()
    }
    if index < bytes.count, isIdentifierByte(bytes[index]) {
      throw error("invalid literal, expected '\(word)'", at: start)
    }
  }

  /// The error for a word where a value belongs: `NaN` and `Infinity` are explained as
  /// numbers JSON cannot write; any other word (`None`, `red`) as a string without quotes.
  private func bareWordError() -> SyntaxError {
    var end = index
    while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
    let word = String(decoding: bytes[index..<end], as: UTF8.self)
    if word == "NaN" || word == "Infinity" { return error(Self.nonFiniteMessage) }
    let quoted = Self.excerpt(word)
    return error("unexpected word '\(quoted)', expected a value; a string is written in double quotes (\"\(quoted)\")")
  }

  private func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
  }

  private mutating func parseNumber() throws(SyntaxError) -> JSONValue {
    let start = location
    let begin = index
    func digit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    if bytes[index] == UInt8(ascii: "-") { advance() }
    if index < bytes.count, bytes[index] == UInt8(ascii: "I") { throw error(Self.nonFiniteMessage, at: start) }
    guard index < bytes.count, digit(bytes[index]) else { throw error("invalid number", at: start) }
    if bytes[index] == UInt8(ascii: "0") {
      advance()
      if index < bytes.count, digit(bytes[index]) {
        throw error("invalid number: leading zeros are not allowed", at: start)
      }
    } else {
      while index < bytes.count, digit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      advance()
      guard index < bytes.count, digit(bytes[index]) else {
        throw error("invalid number: expected a digit after '.'", at: start)
      }
      while index < bytes.count, digit(bytes[index]) { advance() }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      advance()
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        advance()
      }
      guard index < bytes.count, digit(bytes[index]) else {
        throw error("invalid number: expected a digit in the exponent", at: start)
      }
      while index < bytes.count, digit(bytes[index]) { advance() }
    }
    if index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") {
      throw error("invalid number", at: start)
    }
    let text = String(decoding: bytes[begin..<index], as: UTF8.self)
    // Swift's parser gives ±infinity for magnitudes beyond Double; validation reports it.
    let value = Double(text) ?? .infinity
    return JSONValue(.number(value, text: text), at: start)
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    let start = location
    advance()  // opening quote
    var out: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: start) }
      let b = bytes[index]
      switch b {
      case UInt8(ascii: "\""):
        advance()
        guard let s = String(validating: out, as: UTF8.self) else {
          throw error("string is not valid UTF-8", at: start)
        }
        return s
      case UInt8(ascii: "\\"):
        advance()
        guard index < bytes.count else { throw error("unterminated string", at: start) }
        let e = bytes[index]
        advance()
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            advance(); advance()
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("unpaired surrogate in \\u escape")
          }
          guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
          out.append(contentsOf: Array(String(Character(u)).utf8))
        default:
          throw error("invalid escape sequence in string")
        }
      default:
        if b == 0x0A {
          throw error(
            "unterminated string: it reaches the end of the line (a line break inside a string is written \\n)",
            at: start)
        }
        if b < 0x20 { throw error("control character in string (escape it as \\n, \\t, …)") }
        out.append(b)
        advance()
      }
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else { throw error("invalid \\u escape") }
      let b = bytes[index]
      let d: UInt32
      switch b {
      case 0x30...0x39: d = UInt32(b - 0x30)
      case 0x41...0x46: d = UInt32(b - 0x41 + 10)
      case 0x61...0x66: d = UInt32(b - 0x61 + 10)
      default: throw error("invalid \\u escape")
      }
      v = v << 4 | d
      advance()
    }
    return v
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    let start = location
    advance()
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      advance()
      return JSONValue(.array(elements), at: start)
    }
    while true {
      skipWhitespace()
      if elements.count == maxArrayCount {
        throw error("an array of more than \(maxArrayCount) elements; this is beyond the renderer's limit", at: start)
      }
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated array (opened at \(start))") }
      if bytes[index] == UInt8(ascii: ",") {
        advance()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
          throw error("trailing comma in array")
        }
      } else if bytes[index] == UInt8(ascii: "]") {
        advance()
        return JSONValue(.array(elements), at: start)
      } else {
        throw error("unexpected \(describeCurrent()) in array, expected ',' or ']'")
      }
    }
  }

  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    let start = location
    advance()
    var members: [JSONValue.Member] = []
    // Most objects have a few keys: a Set for each would double the memory of a big file.
    var seen = Set<String>()
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      advance()
      return JSONValue(.object(members), at: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object (opened at \(start))") }
      guard bytes[index] == UInt8(ascii: "\"") else {
        if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma in object") }
        throw error("unexpected \(describeCurrent()), expected a key in double quotes")
      }
      let keyLocation = location
      let key = try parseString()
      if members.count == 8 { seen = Set(members.map(\.key)) }
      let duplicate = members.count < 8 ? members.contains { $0.key == key } : !seen.insert(key).inserted
      if duplicate { throw error("duplicate key \"\(Self.excerpt(key))\"", at: keyLocation) }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after key \"\(Self.excerpt(key))\"")
      }
      advance()
      skipWhitespace()
      let value = try parseValue(depth: depth)
      members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
      skipWhitespace()
      guard index < bytes.count else { throw error("unterminated object (opened at \(start))") }
      if bytes[index] == UInt8(ascii: ",") {
        advance()
      } else if bytes[index] == UInt8(ascii: "}") {
        advance()
        return JSONValue(.object(members), at: start)
      } else {
        throw error("unexpected \(describeCurrent()) in object, expected ',' or '}'")
      }
    }
  }
}
