import FlipbookTestSupport
import Foundation
import Testing

/// The bad-scene corpus (Tests/Fixtures/bad-scenes): each `NAME.json` with `NAME.expected`, the
/// exact standard error of `render NAME.json --out DIR`, where `SCENE` stands for the scene's path.
let malformedFolder = BadSceneCorpus.folder

/// Every `.json` file in the corpus and its subfolders (`fuzz/` holds the inputs the fuzzer
/// found), relative to the corpus folder.
let malformedScenes: [String] = BadSceneCorpus.scenes

/// Runs `render SCENE --out DIR` on a populated DIR and checks the failure: a non-zero exit
/// (not a crash), exactly `expected` on standard error, nothing on standard output, and DIR
/// byte-for-byte unchanged with no staging folder left.
func expectRejected(_ scene: String, expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
  try withTemporaryDirectory { dir in
    let out = "\(dir)/out"
    try populateOutputFolder(out)
    let before = snapshot(out)
    let r = try run([scene, "--out", out, "--jobs", "2"])
    #expect(r.exited, "render crashed: \(r.stderr)", sourceLocation: sourceLocation)
    #expect(r.status == 1, sourceLocation: sourceLocation)
    #expect(r.stderr == expected.replacingOccurrences(of: "SCENE", with: scene), sourceLocation: sourceLocation)
    #expect(r.stdout.isEmpty, sourceLocation: sourceLocation)
    expectUnchanged(out, before, sourceLocation: sourceLocation)
    #expect(stagingFolders(in: out).isEmpty, sourceLocation: sourceLocation)
  }
}

@Suite
struct MalformedSceneTests {
  @Test func theCorpusIsLargeAndEveryFileHasItsMessage() {
    #expect(malformedScenes.count >= 40)
    for name in malformedScenes {
      let expected = "\(malformedFolder)/\(name.dropLast(5)).expected"
      #expect(FileManager.default.fileExists(atPath: expected), "\(name) has no .expected file")
    }
  }

  @Test(arguments: malformedScenes)
  func isRejectedWithItsMessageAndTouchesNothing(_ name: String) throws {
    let scene = "\(malformedFolder)/\(name)"
    let expected = try String(contentsOfFile: "\(scene.dropLast(5)).expected", encoding: .utf8)
    try expectRejected(scene, expected: expected)
  }

  // Hostile files too large to keep in the repository are made here.

  @Test func aFileOverTheSizeLimitIsNotRead() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/huge.json"
      // A sparse file: 50 MB long, no disk used.
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: 50_000_000)
      try handle.close()
      try expectRejected(
        path, expected: "error: SCENE: file is 50000000 bytes, more than the limit of 33554432 for a scene\n")
    }
  }

  @Test func nestingOneHundredThousandDeepIsAnError() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/deep.json"
      let open = String(repeating: #"{"type": "zstack", "children": ["#, count: 100_000)
      let close = String(repeating: "]}", count: 100_000)
      try Data(#"{"canvas": {"width": 10, "height": 10}, "root": \#(open)\#(close)}"#.utf8).write(
        to: URL(fileURLWithPath: path))
      try expectRejected(path, expected: "error: SCENE:1:4144: invalid JSON: nesting deeper than 256 levels\n")
    }
  }

  @Test func moreNodesThanTheLimitIsAnError() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/wide.json"
      let children = Array(repeating: #"{"type":"empty"}"#, count: 100_001).joined(separator: ",")
      try Data(#"{"canvas":{"width":10,"height":10},"root":{"type":"zstack","children":[\#(children)]}}"#.utf8)
        .write(to: URL(fileURLWithPath: path))
      try expectRejected(
        path,
        expected:
          "error: SCENE:1:1700055: root.children[99999]: more than 100000 nodes; this is beyond the renderer's limit\n")
    }
  }

  @Test func aMegabyteKeyGivesAOneLineMessage() throws {
    try withTemporaryDirectory { dir in
      let path = "\(dir)/key.json"
      let key = String(repeating: "k", count: 1_000_000)
      try Data(#"{"canvas": {"width": 10, "height": 10}, "root": {"type": "circle"}, "\#(key)": 1}"#.utf8)
        .write(to: URL(fileURLWithPath: path))
      let k40 = String(repeating: "k", count: 40) + "…"
      try expectRejected(
        path,
        expected:
          #"error: SCENE:1:69: \#(k40): unknown key "\#(k40)"; expected one of: $schema, version, canvas, fps, duration, state, root, timeline"#
          + "\n")
    }
  }
}
