/// A position in a scene file: 1-based line and column (columns count Unicode scalars).
///
/// Stored as two 32-bit numbers: a parsed file keeps one per value and one per object key, and
/// a scene file is at most 32 MiB, so 32 bits always suffice and a million-step timeline keeps
/// tens of megabytes less in memory.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  private var storedLine: Int32
  private var storedColumn: Int32
  public var line: Int {
    get { Int(storedLine) }
    set { storedLine = Int32(clamping: newValue) }
  }
  public var column: Int {
    get { Int(storedColumn) }
    set { storedColumn = Int32(clamping: newValue) }
  }
  public init(line: Int, column: Int) {
    storedLine = Int32(clamping: line)
    storedColumn = Int32(clamping: column)
  }
  public var description: String { "\(line):\(column)" }
}
