import ArgumentParser
import FlipbookRender

/// `--shard K/N` or `--shard auto/N`: which of N equal parts of the sequence this process
/// renders, given or taken from the environment of the engine that started it.
struct ShardOption: ExpressibleByArgument {
  /// K, or nil for `auto`.
  var index: Int?
  /// N.
  var count: Int

  init?(argument: String) {
    let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let n = Int(parts[1]), n >= 1 else { return nil }
    if parts[0] == "auto" {
      index = nil
    } else if let k = Int(parts[0]) {
      index = k
    } else {
      return nil
    }
    count = n
  }

  static var defaultValueDescription: String { "K/N" }

  /// The engines whose array jobs `auto` recognizes, in the order they are looked for: the
  /// variable each sets and the shard number (from 1) its value means.
  static let engines: [(variable: String, engine: String)] = [
    ("JOB_COMPLETION_INDEX", "a Kubernetes Indexed Job"),
    ("SLURM_ARRAY_TASK_ID", "a Slurm job array"),
    ("AWS_BATCH_JOB_ARRAY_INDEX", "an AWS Batch array job"),
  ]

  /// The shard, K given or taken from `environment`; a message naming the option and the
  /// variable when that is impossible.
  ///
  /// All three engines' indices are taken as 0-based (K = index + 1): Kubernetes and AWS
  /// Batch count from 0, and Slurm's `SLURM_ARRAY_TASK_ID` is whatever `--array` says, so a
  /// Slurm array for N shards is `--array=0-(N-1)` and a rerun of shard K is `--array=K-1`.
  /// An array reaching N (`SLURM_ARRAY_TASK_MAX` ≥ N, as with `--array=1-N`) is refused in
  /// every task, so that no shard renders the wrong frames while another fails.
  func resolve(environment: [String: String]) throws(ValidationError) -> FrameShard {
    guard let index else { return try resolveAuto(environment) }
    guard let shard = FrameShard(index: index, count: count) else {
      throw ValidationError("--shard \(index)/\(count): K counts from 1, so it must be between 1 and \(count)")
    }
    return shard
  }

  private func resolveAuto(_ environment: [String: String]) throws(ValidationError) -> FrameShard {
    guard let (variable, engine) = Self.engines.first(where: { environment[$0.variable] != nil }),
      let text = environment[variable]
    else {
      throw ValidationError(
        "--shard auto/\(count): none of " + Self.engines.map(\.variable).joined(separator: ", ")
          + " is set, so the shard is unknown; run it as an indexed array job, or give the shard: "
          + "--shard K/\(count) (K from 1, as GNU parallel's {#})")
    }
    guard let value = Int(text), value >= 0 else {
      throw ValidationError("--shard auto/\(count): \(variable) is '\(text)', not an index ≥ 0")
    }
    if variable == "SLURM_ARRAY_TASK_ID", let max = environment["SLURM_ARRAY_TASK_MAX"].flatMap({ Int($0) }),
      max >= count
    {
      throw ValidationError(
        "--shard auto/\(count): the Slurm array reaches task \(max), but task IDs are taken from 0, "
          + "so \(count) shards are --array=0-\(count - 1)")
    }
    guard let shard = FrameShard(index: value + 1, count: count) else {
      throw ValidationError(
        "--shard auto/\(count): \(variable)=\(value) (\(engine), counted from 0) is shard \(value + 1), "
          + "but there are only \(count); run \(count) tasks, indices 0-\(count - 1)")
    }
    return shard
  }
}
