import FlipbookScene

/// The order in which the replay applies the timeline's events: those with a time in order
/// of time (equal times in file order), and each event that follows another (`after`) once
/// that one has happened, at its logical completion plus the delay. An event that follows
/// another comes after the timed events of the same time.
struct EventQueue {
  /// An event (`run` < 0), the next sample of keyframes run `run` (`step` < 0), or step `step`
  /// of phases run `run`, ordered as event `index`.
  struct Item {
    var time: Double
    var index: Int
    var run = -1
    var step = -1
  }

  let transactions: [Transaction]
  /// Indices of the events with a time, sorted stably by time.
  private let timed: [Int]
  private var nextTimed = 0
  /// Events whose time is known from the event they follow, the next frame of each keyframes
  /// event and the next step of each phases event under way: a binary min-heap on (time, index).
  private var heap: [Item] = []
  /// The events waiting for each name.
  private var followers: [String: [Int]] = [:]

  init(_ transactions: [Transaction]) {
    self.transactions = transactions
    var timed: [Int] = []
    for (i, tx) in transactions.enumerated() {
      if let after = tx.after { followers[after.name, default: []].append(i) } else { timed.append(i) }
    }
    self.timed = timed.enumerated().sorted { a, b in
      let (x, y) = (transactions[a.element].time, transactions[b.element].time)
      return x != y ? x < y : a.offset < b.offset
    }.map(\.element)
  }

  /// The next event or keyframe sample to apply, or nil when none is left.
  mutating func next() -> Item? {
    let timedNext =
      nextTimed < timed.count ? Item(time: transactions[timed[nextTimed]].time, index: timed[nextTimed]) : nil
    if let top = heap.first, timedNext.map({ top.time < $0.time }) ?? true {
      pop()
      return top
    }
    guard let timedNext else { return nil }
    nextTimed += 1
    return timedNext
  }

  /// Queues the next sample of keyframes run `run` (started by event `index`) at `time`.
  mutating func sample(_ run: Int, of index: Int, at time: Double) { push(Item(time: time, index: index, run: run)) }

  /// Queues step `step` of phases run `run` (started by event `index`) at `time`.
  mutating func phase(_ run: Int, step: Int, of index: Int, at time: Double) {
    push(Item(time: time, index: index, run: run, step: step))
  }

  /// The event named `name` has happened (`event`), and its animations are logically complete
  /// at `completion` (nil: never): the events that follow it are queued, or, if it never
  /// completes, the scene is in error, at the first event that waits for it.
  mutating func happened(_ name: String, completion: Double?, in event: Transaction) throws(SceneError) {
    guard let waiting = followers.removeValue(forKey: name) else { return }
    guard let completion else {
      let follower = transactions[waiting[0]]
      throw SceneError(diagnostics: [
        Diagnostic(
          file: "scene", location: follower.location, path: "\(follower.path).after",
          message:
            "waits for \"\(name)\" (\(event.path)), whose animations never complete (one repeats forever); follow an event that ends, or give this one \"at\""
        )
      ])
    }
    for i in waiting { push(Item(time: completion + transactions[i].after!.delay, index: i)) }
  }

  private static func precedes(_ a: Item, _ b: Item) -> Bool {
    a.time != b.time ? a.time < b.time : a.index < b.index
  }

  private mutating func push(_ item: Item) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.precedes(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func pop() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1, right = left + 1
      var best = parent
      if left < heap.count && Self.precedes(heap[left], heap[best]) { best = left }
      if right < heap.count && Self.precedes(heap[right], heap[best]) { best = right }
      guard best != parent else { return }
      heap.swapAt(parent, best)
      parent = best
    }
  }
}
