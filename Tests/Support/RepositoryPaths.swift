import Foundation

/// The repository root, found from this file's path (Tests/Support/RepositoryPaths.swift).
public let repositoryRoot: String = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// The path of `name` (such as `lore-circle.json`) in the repository's examples/ folder.
public func example(_ name: String) -> String { "\(repositoryRoot)/examples/\(name)" }
