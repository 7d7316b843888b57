import Foundation

/// Runs another program to completion, for the measurements that time or weigh a whole
/// command line (`render`, ffmpeg, gifski) as a user runs it.
enum Subprocess {
  /// Runs `executable` (a path) with `arguments`, its standard output discarded, and returns
  /// its resource usage (from wait4); throws if it cannot start or exits with a failure.
  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> rusage {
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Standard output is this process's JSON lines: a child's chatter must not mix in.
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
    guard spawned == 0 else { throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid, status == 0 else {
      throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (status \(status))")
    }
    return usage
  }
}
