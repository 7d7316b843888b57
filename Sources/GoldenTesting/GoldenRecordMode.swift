import Foundation

/// When a golden test writes its reference image, from `GOLDEN_RECORD` (the mode names of
/// swift-snapshot-testing).
public enum GoldenRecordMode: String, Sendable, CaseIterable {
  /// Re-record every golden.
  case all
  /// Record goldens that do not exist yet (the default on a developer's machine).
  case missing
  /// Re-record goldens whose test failed.
  case failed
  /// Never write a golden (always when `CI` is set, so CI cannot bless its own output).
  case never

  public static var current: GoldenRecordMode {
    let env = ProcessInfo.processInfo.environment
    if let ci = env["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
    return env["GOLDEN_RECORD"].flatMap(GoldenRecordMode.init(rawValue:)) ?? .missing
  }
}
