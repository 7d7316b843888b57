import FlipbookScene
import FlipbookTestSupport
import Foundation
import Testing

/// docs/scene-format.md, the users' reference, lists exactly the nodes and modifiers that the
/// vocabulary (the decoder's node types, the modifier table) defines, in the same order.
@Suite struct ReferenceTests {
  /// The backticked names in the first column of the first table under `heading`.
  func firstColumn(under heading: String) throws -> [String] {
    let text = try String(contentsOfFile: "\(repositoryRoot)/docs/scene-format.md", encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0 == heading }, "no \(heading) section")
    var names: [String] = []
    var inTable = false
    for line in lines[(start + 1)...] {
      if line.hasPrefix("## ") { break }
      if line.hasPrefix("|") {
        inTable = true
        let cell = line.dropFirst().split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if cell.hasPrefix("`"), cell.hasSuffix("`"), cell.count > 2 {
          names.append(String(cell.dropFirst().dropLast()))
        }
      } else if inTable {
        break
      }
    }
    return names
  }

  @Test func theReferenceListsEveryNode() throws {
    #expect(try firstColumn(under: "## Nodes") == SceneDecoder.nodeTypes)
  }

  @Test func theReferenceListsEveryModifier() throws {
    #expect(try firstColumn(under: "## Modifiers") == ModifierSpec.names)
  }

  /// No document or comment sends a reader outside the repository.
  @Test func nothingPointsOutsideTheRepository() throws {
    var offenders: [String] = []
    let fm = FileManager.default
    for folder in ["Sources", "Tests", "docs", "tools", "goldens", "examples", "Fuzz", "Benchmarks", ".ci"] {
      let base = "\(repositoryRoot)/\(folder)"
      for sub in (try? fm.subpathsOfDirectory(atPath: base)) ?? [] {
        let ok =
          [".swift", ".md", ".json", ".py", ".sh", ".c", ".h"].contains { sub.hasSuffix($0) } || !sub.contains(".")
        guard ok, let text = try? String(contentsOfFile: "\(base)/\(sub)", encoding: .utf8) else { continue }
        for marker in ["SCENE-FORMAT", "ANIMATION-SEMANTICS", "RASTER-NOTES", "../shared"] where text.contains(marker) {
          // This test names the markers it looks for.
          if sub.hasSuffix("ReferenceTests.swift") { continue }
          offenders.append("\(folder)/\(sub): \(marker)")
        }
      }
    }
    for file in ["README.md", "CONTRIBUTING.md", "scene.schema.json", "Package.swift"] {
      guard let text = try? String(contentsOfFile: "\(repositoryRoot)/\(file)", encoding: .utf8) else { continue }
      for marker in ["SCENE-FORMAT", "ANIMATION-SEMANTICS", "RASTER-NOTES", "../shared"] where text.contains(marker) {
        offenders.append("\(file): \(marker)")
      }
    }
    #expect(offenders == [])
  }
}
