import FlipbookRender
import Testing

/// `--shard K/N` splits a sequence as the contract says: contiguous, in order, sizes that
/// differ by at most one, every frame once; and the outdated numbers shards own never overlap.
@Suite
struct FrameShardTests {
  @Test func shardsCoverEveryFrameOnceInEqualContiguousParts() throws {
    for frameCount in [1, 2, 3, 7, 85, 252, 1000, 10_001] {
      for count in [1, 2, 3, 4, 7, 8, 16, 300] {
        let parts = (1...count).map { FrameShard(index: $0, count: count)!.frames(frameCount: frameCount) }
        // Contiguous and in order, from 0 to the end.
        #expect(parts.first?.lowerBound == 0 && parts.last?.upperBound == frameCount)
        for (a, b) in zip(parts, parts.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        // Sizes: ⌊F/N⌋ or ⌈F/N⌉, the counts adding up to F.
        let sizes = parts.map(\.count)
        #expect(sizes.allSatisfy { $0 == frameCount / count || $0 == (frameCount + count - 1) / count })
        #expect(sizes.reduce(0, +) == frameCount)
        // The owned numbers: disjoint, from 0 to Int.max.
        let owned = (1...count).map { FrameShard(index: $0, count: count)!.ownedNumbers(frameCount: frameCount) }
        #expect(owned.first?.lowerBound == 0 && owned.last?.upperBound == Int.max)
        for (a, b) in zip(owned, owned.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
      }
    }
    // 85 frames in 4: 21, 21, 21, 22 (⌊k·85/4⌋ = 21, 42, 63, 85).
    #expect(
      (1...4).map { FrameShard(index: $0, count: 4)!.frames(frameCount: 85) } == [0..<21, 21..<42, 42..<63, 63..<85])
    // No overflow for the largest counts.
    #expect(FrameShard(index: 3, count: 3)!.frames(frameCount: Int.max).upperBound == Int.max)
  }

  @Test func anIndexOutsideOneToNIsNoShard() {
    #expect(FrameShard(index: 0, count: 4) == nil)
    #expect(FrameShard(index: 5, count: 4) == nil)
    #expect(FrameShard(index: 1, count: 0) == nil)
    #expect(FrameShard(index: 4, count: 4)?.description == "4/4")
  }
}
