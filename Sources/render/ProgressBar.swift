import Synchronization

/// A live progress bar for a terminal: frames done, frames per second and time left,
/// redrawn in place at most ten times a second.
///
/// ```
/// frames ━━━━━━━━━━━━━━━━━━━━━━━━━────────────────  61/121  143 fps  0.4 s left
/// ```
///
/// Redraws are throttled, so reporting costs a clock read per frame and a write of under
/// 100 bytes ten times a second, whatever the frame rate. Calls must be serialized (the frame
/// writer and the GIF writer both report one call at a time, in increasing order).
public final class ProgressBar: Sendable {
  public let label: String
  public let total: Int
  /// Terminal width in columns.
  public let columns: Int
  private let write: @Sendable (String) -> Void
  private let start = ContinuousClock.now
  /// When the bar was last drawn.
  private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)

  /// A bar for `total` steps that prints through `write` (to stderr, usually).
  public init(label: String, total: Int, columns: Int = 80, write: @escaping @Sendable (String) -> Void) {
    self.label = label
    self.total = total
    self.columns = columns
    self.write = write
  }

  /// Reports `done` steps finished; draws when a tenth of a second has passed, or at the end.
  public func update(_ done: Int) {
    let now = ContinuousClock.now
    let draw = lastDraw.withLock { last in
      guard done >= total || last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
      last = now
      return true
    }
    guard draw else { return }
    write(
      "\r" + Self.line(label: label, done: done, total: total, elapsed: seconds(now - start), columns: columns)
        + "\u{1B}[K")
  }

  /// Erases the bar, so the summary starts on a clean line.
  public func clear() { write("\r\u{1B}[K") }

  /// The bar as text, fitted to `columns` (no escape codes; pure, for tests).
  public static func line(label: String, done: Int, total: Int, elapsed: Double, columns: Int) -> String {
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    var tail = "  \(done)/\(total)"
    if done > 0 && elapsed > 0.05 {
      tail += "  \(formatRate(rate)) fps"
      if done < total { tail += "  \(formatDuration(Double(total - done) / rate)) left" }
    }
    let head = label + " "
    let room = columns - 1 - head.count - tail.count
    guard room >= 10 else { return String((head + tail).prefix(max(columns - 1, 0))) }
    let width = min(40, room)
    let fraction = total > 0 ? Double(min(done, total)) / Double(total) : 1
    let filled = Int((fraction * Double(width)).rounded(.down))
    return head + String(repeating: "━", count: filled) + String(repeating: "─", count: width - filled) + tail
  }

  /// `143 fps`, `12.5 fps`, `0.8 fps`.
  static func formatRate(_ r: Double) -> String {
    r >= 100 ? String(Int(r.rounded())) : String(Double(Int((r * 10).rounded())) / 10)
  }

  /// `0.4 s`, `12 s`, `3:05`.
  public static func formatDuration(_ s: Double) -> String {
    if s < 10 { return "\(Double(Int((s * 10).rounded())) / 10) s" }
    if s < 60 { return "\(Int(s.rounded())) s" }
    let whole = Int(s.rounded())
    let sec = whole % 60
    return "\(whole / 60):\(sec < 10 ? "0" : "")\(sec)"
  }

  private func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
  }
}
