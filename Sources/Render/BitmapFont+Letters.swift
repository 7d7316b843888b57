/// Letters and punctuation for plot labels, in the same 3×5 grid as the digits. Letters are
/// capitals only (3×5 has no room for legible lower case); lower case is drawn as upper case.
extension BitmapFont {
  static let letters: [Character: [UInt8]] = [
    "A": [2, 5, 7, 5, 5], "B": [6, 5, 6, 5, 6], "C": [3, 4, 4, 4, 3], "D": [6, 5, 5, 5, 6],
    "E": [7, 4, 6, 4, 7], "F": [7, 4, 6, 4, 4], "G": [3, 4, 5, 5, 3], "H": [5, 5, 7, 5, 5],
    "I": [7, 2, 2, 2, 7], "J": [1, 1, 1, 5, 2], "K": [5, 5, 6, 5, 5], "L": [4, 4, 4, 4, 7],
    "M": [5, 7, 7, 5, 5], "N": [5, 7, 7, 7, 5], "O": [2, 5, 5, 5, 2], "P": [6, 5, 6, 4, 4],
    "Q": [2, 5, 5, 7, 3], "R": [6, 5, 7, 6, 5], "S": [3, 4, 2, 1, 6], "T": [7, 2, 2, 2, 2],
    "U": [5, 5, 5, 5, 3], "V": [5, 5, 5, 2, 2], "W": [5, 5, 7, 7, 5], "X": [5, 5, 2, 5, 5],
    "Y": [5, 5, 2, 2, 2], "Z": [7, 1, 2, 4, 7],
    "[": [6, 4, 4, 4, 6], "]": [3, 1, 1, 1, 3], "(": [2, 4, 4, 4, 2], ")": [2, 1, 1, 1, 2],
    "-": [0, 0, 7, 0, 0], ":": [0, 2, 0, 2, 0], ",": [0, 0, 0, 2, 4], "#": [5, 7, 5, 7, 5],
    "/": [1, 1, 2, 4, 4], "_": [0, 0, 0, 0, 7], "=": [0, 7, 0, 7, 0], "+": [0, 2, 7, 2, 0],
    "%": [5, 1, 2, 4, 5], ">": [4, 2, 1, 2, 4], "<": [1, 2, 4, 2, 1], "?": [7, 1, 2, 0, 2],
    "'": [2, 2, 0, 0, 0], "\"": [5, 5, 0, 0, 0], "!": [2, 2, 2, 0, 2], "*": [0, 5, 2, 5, 0],
    "|": [2, 2, 2, 2, 2], "…": [0, 0, 0, 0, 5],
  ]

  /// The rows of `ch` (lower case as upper case), or `nil` for a character the font lacks.
  static func glyph(_ ch: Character) -> [UInt8]? {
    if let rows = glyphs[ch] { return rows }
    if let rows = letters[ch] { return rows }
    return ch.isLowercase ? ch.uppercased().first.flatMap { letters[$0] } : nil
  }

  /// Width in pixels of `text` drawn at `scale` (4 columns per character, the last one blank).
  static func width(_ text: String, scale: Int) -> Int { max(0, text.count * 4 * scale - scale) }
}
