/// "Did you mean" suggestions: the closest candidate by edit distance, if close enough to be
/// a plausible typo.
enum Suggestion {
  static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
    // Names are short, and the distance is at least the difference in length: a long word
    // (a hostile 10-megabyte key) is no typo of any of them, and is not compared.
    guard word.utf8.count <= 64 else { return nil }
    let w = Array(word.lowercased())
    var best: (String, Int)?
    for c in candidates {
      let d = distance(w, Array(c.lowercased()))
      if best == nil || d < best!.1 { best = (c, d) }
    }
    guard let (c, d) = best else { return nil }
    let limit = max(1, min(3, (max(w.count, c.count) + 1) / 3))
    return d <= limit ? c : nil
  }

  /// ` (did you mean "x"?)` or nothing.
  static func hint(for word: String, in candidates: some Sequence<String>) -> String {
    closest(to: word, in: candidates).map { " (did you mean \"\($0)\"?)" } ?? ""
  }

  /// Edit distance counting an adjacent transposition ("bleu" → "blue") as one edit
  /// (optimal string alignment).
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
