import Foundation

/// The one corpus of bad scenes, Tests/Fixtures/bad-scenes (its README.md gives the rules):
/// every `NAME.json` there is rejected by `render` with exactly `NAME.expected` on standard
/// error, and the top-level `schema-*.json` scenes also fail scene.schema.json.
public enum BadSceneCorpus {
  /// The corpus folder.
  public static let folder = "\(repositoryRoot)/Tests/Fixtures/bad-scenes"

  /// Every `.json` file in the folder and its subfolders (`fuzz/` holds the inputs the fuzzer
  /// found), relative to the folder, sorted.
  public static let scenes: [String] = {
    let names = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  /// The full paths of the top-level `schema-*.json` scenes: the ones that must fail the JSON
  /// schema as well as the decoder.
  public static let schemaInvalidScenes: [String] = scenes
    .filter { $0.hasPrefix("schema-") && !$0.contains("/") }
    .map { "\(folder)/\($0)" }
}
