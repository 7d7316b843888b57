import Flipbook
import Testing

/// The view of issue 15 as a SwiftUI developer writes it, with only `import Flipbook`: a
/// `ForEach` over changing `Identifiable` data, rows filling the width.
struct Item: Identifiable { let id: Int; var title: String }

struct TodoList: View {
  var items: [Item]
  var body: some View {
    VStack(spacing: 8) {
      ForEach(items) { item in
        RoundedRectangle(cornerRadius: 8).fill(.blue.opacity(0.2))
          .frame(maxWidth: .infinity).frame(height: 44)
          .transition(.move(edge: .leading).combined(with: .opacity))
      }
    }
    .padding()
  }
}

/// A model whose mutating method animates itself, as SwiftUI code does.
struct Groceries {
  var items: [Item]
  mutating func add(_ item: Item) {
    withAnimation(.linear(duration: 1)) { items.append(item) }
  }
}

@Suite struct TodoListTests {
  static let items = [Item(id: 1, title: "milk"), Item(id: 2, title: "eggs"), Item(id: 3, title: "bread")]

  /// Appends, removes from the middle, reverses, each under `withAnimation(.snappy)`.
  static func movie() throws -> Movie {
    try Movie(width: 240, height: 260, background: .white, fps: 20, state: TodoList(items: items)) {
      $0
    } timeline: {
      scheduler, store in
      scheduler.schedule(after: 0.2) { withAnimation(.snappy) { store.items.append(Item(id: 4, title: "jam")) } }
      scheduler.schedule(after: 1.2) { withAnimation(.snappy) { _ = store.items.remove(at: 1) } }
      scheduler.schedule(after: 2.2) { withAnimation(.snappy) { store.items.reverse() } }
    }
  }

  /// The same list written as a JSON `forEach` over an array of ids.
  static let json = #"""
    {"canvas": {"width": 240, "height": 260, "background": "white"}, "fps": 20,
     "state": {"ids": {"array": [1, 2, 3]}},
     "root": {"type": "vstack", "modifiers": [{"padding": 16}], "children": [
       {"type": "forEach", "data": "$ids", "content": {"type": "roundedRectangle", "cornerRadius": 8, "modifiers": [
         {"fill": {"red": 0, "green": 0.47843137254901963, "blue": 1, "opacity": 0.2}},
         {"frame": {"maxWidth": "infinity"}}, {"frame": {"height": 44}},
         {"transition": {"combined": [{"move": "leading"}, "opacity"]}}]}}]},
     "timeline": [
       {"at": 0.2, "set": {"ids": [1, 2, 3, 4]}, "animation": "snappy"},
       {"at": 1.2, "set": {"ids": [1, 3, 4]}, "animation": "snappy"},
       {"at": 2.2, "set": {"ids": [4, 3, 1]}, "animation": "snappy"}]}
    """#

  static func sameFrames(_ a: Movie, _ b: Movie) -> [Int] {
    guard a.frameCount == b.frameCount else { return [-1] }
    return (0..<a.frameCount).filter { a.frame($0) != b.frame($0) }
  }

  @Test func itsJSONExportRendersTheSameFrames() throws {
    let movie = try Self.movie()
    // Three rows, then a fourth sliding in (frame 8 is at 0.4 s): the frames change.
    let changes = movie.frame(0) != movie.frame(8)
    #expect(changes)
    let exported = try Movie(json: try movie.exportJSON())
    #expect(Self.sameFrames(movie, exported).isEmpty)
  }

  @Test func itIsTheJSONForEach() throws {
    #expect(Self.sameFrames(try Self.movie(), try Movie(json: Self.json)).isEmpty)
  }

  @Test func withAnimationInsideAMutatingMethodAnimates() throws {
    let groceries = Groceries(items: Self.items)
    let viaMethod = try Movie(width: 240, height: 260, fps: 10, state: groceries) {
      TodoList(items: $0.items)
    } timeline: {
      scheduler, store in
      scheduler.schedule(after: 0.5) { store.state.add(Item(id: 4, title: "jam")) }
    }
    let explicit = try Movie(width: 240, height: 260, fps: 10, state: groceries) {
      TodoList(items: $0.items)
    } timeline: {
      scheduler, store in
      scheduler.schedule(after: 0.5) {
        withAnimation(.linear(duration: 1)) { store.items.append(Item(id: 4, title: "jam")) }
      }
    }
    // Animated: the movie lasts until the 1 s insertion ends, as the explicit one does.
    #expect(viaMethod.duration == 1.5)
    #expect(Self.sameFrames(viaMethod, explicit).isEmpty)
  }
}
