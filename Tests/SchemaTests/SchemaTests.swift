import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

func jsonFiles(_ folder: String, depth: Int = 1) -> [String] {
  let base = "\(repositoryRoot)/\(folder)"
  let names = ((try? FileManager.default.subpathsOfDirectory(atPath: base)) ?? []).filter {
    $0.hasSuffix(".json") && $0.split(separator: "/").count == depth
  }
  return names.sorted().map { "\(base)/\($0)" }
}

/// Runs `tools/check-schema.py` (python3 with the jsonschema package; .ci/run installs it);
/// `output` is its standard output followed by its standard error.
func checkSchema(_ arguments: [String]) throws -> (status: Int32, output: String) {
  let r = try run(executable: "/usr/bin/env", ["python3", "\(repositoryRoot)/tools/check-schema.py"] + arguments)
  return (r.status, r.stdout + r.stderr)
}

/// scene.schema.json, the editors' view of the scene format, kept in step with the decoder:
/// whatever the decoder reads, the schema accepts, and typos that both must catch.
@Suite struct SchemaTests {
  let schema: [String: Any]

  init() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: "\(repositoryRoot)/scene.schema.json"))
    schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  var goodScenes: [String] { jsonFiles("examples") + jsonFiles("goldens", depth: 2) }
  /// The bad-scene corpus's `schema-*.json` scenes, which fail the schema and the decoder.
  var badScenes: [String] { BadSceneCorpus.schemaInvalidScenes }

  @Test func everyExampleAndGoldenSceneIsValid() throws {
    #expect(goodScenes.count >= 20)
    let result = try checkSchema(goodScenes)
    #expect(result.status == 0, "\(result.output)")
  }

  @Test func everyBadSceneFailsTheSchema() throws {
    #expect(badScenes.count >= 20)
    let result = try checkSchema(["--invalid"] + badScenes)
    #expect(result.status == 0, "\(result.output)")
  }

  /// The bad scenes are bad for the renderer too, and the good ones are good.
  @Test func theDecoderAgreesWithTheSchema() throws {
    for path in badScenes {
      #expect(throws: SceneError.self, "\(path)") { try decodeScene(contentsOf: path) }
    }
    for path in goodScenes {
      _ = try decodeScene(contentsOf: path)
    }
  }

  @Test func everyExampleNamesTheSchemaForEditors() throws {
    for path in goodScenes {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let depth = path.contains("/goldens/") ? "../../" : "../"
      #expect(text.contains("\"$schema\": \"\(depth)scene.schema.json\""), "\(path)")
    }
  }

  /// Names the schema lists are exactly the names the decoder knows.
  @Test func theSchemaListsTheDecodersNames() throws {
    let defs = try #require(schema["$defs"] as? [String: Any])
    func def(_ name: String) -> [String: Any] { defs[name] as? [String: Any] ?? [:] }
    let node = def("node")
    let nodeTypes = ((node["properties"] as? [String: Any])?["type"] as? [String: Any])?["enum"] as? [String]
    #expect(nodeTypes == SceneDecoder.nodeTypes)
    let modifiers = (def("modifier")["properties"] as? [String: Any]).map { Set($0.keys) }
    #expect(modifiers == Set(SceneDecoder.modifierNames))
    #expect(Set(def("colorName")["enum"] as? [String] ?? []) == Set(Color.named.keys))
    #expect(def("alignment")["enum"] as? [String] == Alignment.allCases.map(\.rawValue))
    #expect(def("edge")["enum"] as? [String] == Edge.allCases.map(\.rawValue))
    let animation = def("animation")["anyOf"] as? [[String: Any]] ?? []
    #expect(animation.count == 3)
    #expect(animation.count == 3 && animation[1]["enum"] as? [String] == SceneDecoder.animationNames)
    let animationKeys = animation.count == 3 ? (animation[2]["properties"] as? [String: Any]).map { Set($0.keys) } : nil
    let decoderKeys = Set(
      SceneDecoder.curveKeys + ["duration", "repeatCount", "repeatForever", "autoreverses", "delay", "speed"])
    #expect(animationKeys == decoderKeys)
    let transition = def("transition")["anyOf"] as? [[String: Any]] ?? []
    #expect(transition.first?["enum"] as? [String] == SceneDecoder.transitionNames)
    #expect((transition.last?["properties"] as? [String: Any]).map { Set($0.keys) } == Set(SceneDecoder.transitionKeys))
    let topLevel = (schema["properties"] as? [String: Any]).map { Set($0.keys) }
    #expect(topLevel == Set(SceneDecoder.topLevelKeys))
  }

  /// Every modifier's schema is exactly what its row in the vocabulary table makes, so the
  /// schema and the decoder cannot disagree on a modifier's arguments or their types.
  /// `tools/update-schema` writes the table's version into scene.schema.json.
  @Test func theModifierSchemaIsTheTables() throws {
    let generated = ModifierSpec.schemaProperties
    if ProcessInfo.processInfo.environment["FLIPBOOK_UPDATE_SCHEMA"] != nil {
      try generated.write(toFile: "\(repositoryRoot)/.build/modifier-schema.json", atomically: true, encoding: .utf8)
    }
    let table = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? NSDictionary)
    let defs = try #require(schema["$defs"] as? [String: Any])
    let committed = try #require((defs["modifier"] as? [String: Any])?["properties"] as? NSDictionary)
    for name in ModifierSpec.names {
      #expect(
        (committed[name] as? NSDictionary) == (table[name] as? NSDictionary),
        "scene.schema.json's \(name) differs from the vocabulary table's; run tools/update-schema")
    }
    #expect(Set(committed.allKeys.compactMap { $0 as? String }) == Set(ModifierSpec.names))
  }
}
