/// One of `count` equal, contiguous parts of a frame sequence (`render --shard K/N`), so that
/// a render farm's machines each render one part into a shared folder.
///
/// Shard `index` (from 1, as Playwright and Jest count) of `count` has the frames
/// ⌊(K−1)·F/N⌋ ..< ⌊K·F/N⌋ of an F-frame sequence: sizes differ by at most one, and together
/// the shards cover every frame once. When there are more shards than frames, some are empty.
///
/// A shard also *owns* frame numbers, so that the shards of a sequence together clean a folder
/// as one whole run would (``FrameSequenceWriter``), without two shards ever touching the same
/// file: its own frames' numbers, and for the last shard every number beyond them. An outdated
/// frame file of an earlier run (another digit width, or a number past the end) is removed by
/// the shard that owns its number.
public struct FrameShard: Sendable, Equatable, CustomStringConvertible {
  /// Which shard, from 1.
  public let index: Int
  /// How many shards the sequence is split into.
  public let count: Int

  /// Shard `index` (1…`count`) of `count`; nil when `index` is out of that range.
  public init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// `K/N`, as the option takes it.
  public var description: String { "\(index)/\(count)" }

  /// The frames of this shard in a `frameCount`-frame sequence (possibly empty).
  public func frames(frameCount: Int) -> Range<Int> {
    start(of: index, frameCount)..<start(of: index + 1, frameCount)
  }

  /// The frame numbers whose outdated files this shard removes: its frames, and for the last
  /// shard every number after them too (up to `Int.max`, which also stands for numbers too
  /// long for an `Int`).
  public func ownedNumbers(frameCount: Int) -> Range<Int> {
    start(of: index, frameCount)..<(index == count ? Int.max : start(of: index + 1, frameCount))
  }

  /// The first frame of shard `k` (and the end of shard `k − 1`): ⌊(k−1)·F/N⌋, without overflow.
  private func start(of k: Int, _ frameCount: Int) -> Int {
    let (high, low) = (k - 1).multipliedFullWidth(by: frameCount)
    return count.dividingFullWidth((high, low)).quotient
  }
}
