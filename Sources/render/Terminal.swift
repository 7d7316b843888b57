import Foundation

/// What the command line needs to know about the terminal it reports to (stderr).
enum Terminal {
  /// True when stderr is a terminal: only then are progress and summaries shown.
  static let isInteractive = isatty(STDERR_FILENO) == 1

  /// The terminal's width in columns (80 when it cannot be asked).
  static var columns: Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }

  /// `812 B`, `38.4 KB`, `1.9 MB` (powers of 1000, as file managers show them).
  static func bytes(_ n: Int) -> String {
    if n < 1000 { return "\(n) B" }
    let units = ["KB", "MB", "GB", "TB"]
    var value = Double(n) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 { value /= 1000; unit += 1 }
    return "\(Double(Int((value * 10).rounded())) / 10) \(units[unit])"
  }
}
