import Foundation

extension ProgressBar {
  /// A bar on stderr when it is a terminal and `quiet` is false; nil otherwise.
  static func onStderr(_ label: String, total: Int, quiet: Bool = false) -> ProgressBar? {
    guard !quiet, Terminal.isInteractive else { return nil }
    return ProgressBar(label: label, total: total, columns: Terminal.columns) { text in
      FileHandle.standardError.write(Data(text.utf8))
    }
  }
}
