import FlipbookTestSupport
import Foundation
import Testing

/// Fills `dir` with a user's work and frames of an earlier run.
///
/// A failed run must leave them exactly as they were.
func populateOutputFolder(_ dir: String) throws {
  try FileManager.default.createDirectory(atPath: "\(dir)/notes", withIntermediateDirectories: true)
  try Data("keep me".utf8).write(to: URL(fileURLWithPath: "\(dir)/notes/todo.txt"))
  try Data("not a png".utf8).write(to: URL(fileURLWithPath: "\(dir)/frame_0000.png"))
  try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: "\(dir)/frame_0007.png"))
}

/// Checks that the folder at `path` still matches `before`.
///
/// A failure names only the entries that differ: it must not print thousands of frames.
func expectUnchanged(_ path: String, _ before: [String: FolderEntry], sourceLocation: SourceLocation = #_sourceLocation)
{
  let after = snapshot(path)
  let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
  #expect(changed.isEmpty, "changed: \(changed.prefix(10)) (\(changed.count) in all)", sourceLocation: sourceLocation)
}
