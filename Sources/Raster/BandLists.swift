/// The top-level commands each band of a frame runs, in order: the drawing ops whose rows
/// reach the band, and every layer and effect (they check their own rows, as before).
///
/// Without the lists every band passed over all of the frame's top-level ops, testing each
/// one's rows: a text frame of 200 runs in 16 bands tested 3,200 ops to draw about 250, and
/// the test's branch, taken or not at random, was mispredicted often (4 % of a warm text
/// frame). Built once a frame, after the record pass; a band then runs exactly the ops the
/// full pass would have run for it, in the same order.
struct BandLists {
  /// Band b's ops are `ops[starts[b] ..< starts[b + 1]]`, indices into the commands.
  private var starts: [Int] = []
  private var ops: [Int32] = []

  /// The lists of `commands` (top level from index 0, as `run(from: 0, …)` walks them) for
  /// bands of `bandRows` rows over `height` rows.
  mutating func build(_ commands: [DrawCommand], height: Int, bandRows: Int) {
    let bands = max((height &+ bandRows &- 1) / bandRows, 1)
    starts.removeAll(keepingCapacity: true)
    starts.append(contentsOf: repeatElement(0, count: bands &+ 1))
    ops.removeAll(keepingCapacity: true)
    // Two passes: how many ops each band has, then the ops in place (counts become starts).
    Self.walk(commands, height: height, bandRows: bandRows) { b0, b1, _ in
      for b in b0...b1 { starts[b &+ 1] &+= 1 }
    }
    for b in 0..<bands { starts[b &+ 1] &+= starts[b] }
    ops.append(contentsOf: repeatElement(0, count: starts[bands]))
    var next = starts
    Self.walk(commands, height: height, bandRows: bandRows) { b0, b1, i in
      for b in b0...b1 {
        ops[next[b]] = Int32(truncatingIfNeeded: i)
        next[b] &+= 1
      }
    }
  }

  /// Calls `visit(b0, b1, i)` for each top-level command i that bands b0...b1 run: a drawing
  /// op in each band whose rows it does not lie wholly above or below (`run`'s test), a layer
  /// or an effect in every band.
  private static func walk(
    _ commands: [DrawCommand], height: Int, bandRows: Int, _ visit: (Int, Int, Int) -> Void
  ) {
    let last = max((height &+ bandRows &- 1) / bandRows &- 1, 0)
    let n = commands.count
    var i = 0
    while i < n {
      switch commands[i].kind {
      case .path, .rect, .aliasedPath, .glyphs:
        let y0 = commands[i].y0, y1 = commands[i].y1
        if y1 > 0 && y0 < height {
          let b0 = max(y0, 0) / bandRows, b1 = min((y1 &- 1) / bandRows, last)
          if b0 <= b1 { visit(b0, b1, i) }
        }
        i &+= 1
      case .beginLayer, .beginEffect:
        visit(0, last, i)
        i = max(commands[i].end, i &+ 1)
      case .endLayer:
        // An unmatched end ends the top level (as it ends `run`).
        return
      }
    }
  }

  /// The commands band `b` runs, in order.
  func ops(of b: Int) -> ArraySlice<Int32> {
    ops[starts[b]..<starts[b &+ 1]]
  }
}
