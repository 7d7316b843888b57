@testable import FlipbookRaster
import Testing

/// `BandLists` gives each band exactly the top-level ops that a pass over all of them
/// (`run(from: 0, …)`, the band loop before the lists) ran for it, in order: a drawing op
/// unless its rows lie wholly above or below the band, every layer and effect (skipping to
/// its end), nothing after an unmatched end.
@Suite struct BandListsTests {
  /// The ops the full pass ran for rows y0..<y1: its test, written out again.
  static func fullPass(_ commands: [DrawCommand], y0: Int, y1: Int) -> [Int32] {
    var ops: [Int32] = []
    var i = 0
    while i < commands.count {
      let op = commands[i]
      switch op.kind {
      case .path, .rect, .aliasedPath, .glyphs:
        if !(op.y1 <= y0 || op.y0 >= y1) { ops.append(Int32(i)) }
        i += 1
      case .beginLayer, .beginEffect:
        ops.append(Int32(i))
        i = max(op.end, i + 1)
      case .endLayer:
        return ops
      }
    }
    return ops
  }

  /// Random commands: drawing ops whose rows start and end anywhere from above the frame to
  /// below it (empty and reversed ones too, and many on band edges, the rows being few),
  /// layers and effects over the ops that follow, and now and then an unmatched end.
  static func commands(seed: UInt32, count: Int, height: Int) -> [DrawCommand] {
    var state = seed
    func next(_ n: Int) -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8) % n
    }
    let drawing: [DrawCommand.Kind] = [.path, .rect, .aliasedPath, .glyphs]
    var commands: [DrawCommand] = []
    for i in 0..<count {
      let r = next(100)
      var op: DrawCommand
      if r < 6 {
        op = DrawCommand(kind: r < 3 ? .beginLayer : .beginEffect)
        op.end = min(i + 1 + next(12), count)
      } else if r < 8 {
        op = DrawCommand(kind: .endLayer)
      } else {
        op = DrawCommand(kind: drawing[next(4)])
      }
      op.y0 = next(height + 40) - 20
      op.y1 = next(5) == 0 ? op.y0 - next(3) : op.y0 + next(height / 2 + 2)
      commands.append(op)
    }
    return commands
  }

  @Test(arguments: [(1080, 68), (1080, 1080), (150, 8), (7, 8), (1, 8), (100, 33), (64, 8)])
  func eachBandRunsWhatTheFullPassRan(height: Int, bandRows: Int) {
    var lists = BandLists()
    for seed in 1...40 as ClosedRange<UInt32> {
      // Ends only late in some lists, so that most ops are reached.
      var commands = Self.commands(seed: seed, count: 120, height: height)
      if seed % 2 == 0 {
        for i in commands.indices where commands[i].kind == .endLayer { commands[i].kind = .rect }
      }
      lists.build(commands, height: height, bandRows: bandRows)
      var b = 0, y0 = 0
      while y0 < height {
        let y1 = min(y0 + bandRows, height)
        #expect(Array(lists.ops(of: b)) == Self.fullPass(commands, y0: y0, y1: y1), "seed \(seed) band \(b)")
        y0 = y1
        b += 1
      }
    }
  }
}
