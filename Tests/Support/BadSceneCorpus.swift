import Foundation

/// The one corpus of bad scenes, Tests/Fixtures/bad-scenes, whose README.md gives the rules.
///
/// `render` rejects every `NAME.json` there with exactly `NAME.expected` on standard error,
/// and the top-level `schema-*.json` scenes fail scene.schema.json as well.
public enum BadSceneCorpus {
  /// The corpus folder.
  public static let folder = "\(repositoryRoot)/Tests/Fixtures/bad-scenes"

  /// Every `.json` file in the folder and its subfolders, relative to the folder, sorted.
  ///
  /// Subfolders: `fuzz/` holds the inputs the fuzzer found.
  public static let scenes: [String] = {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  /// The full paths of the top-level `schema-*.json` scenes, which fail the schema too.
  public static let schemaInvalidScenes: [String] =
    scenes
    .filter { $0.hasPrefix("schema-") && !$0.contains("/") }
    .map { "\(folder)/\($0)" }
}
