import FlipbookRender
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first SIGINT, SIGTERM or SIGHUP that arrived while a write was running, or 0.
///
/// A global with a constant initializer, touched before the handler is installed, so the
/// handler only ever does a lock-free atomic operation on it.
private let receivedSignal = Atomic<Int32>(0)

/// The token the command's writes are given; the handler cancels it. Created (and so its
/// lazy global initialized) before the handler is installed.
private let interruptToken = CancellationToken()

/// The signal handler: cancels the writes on the first signal; a second one gets the default
/// action.
///
/// Only async-signal-safe work happens here (atomic compare-exchanges, `signal`, `raise`).
/// The writers' workers check the token between frames; a second Ctrl-C is the escape hatch
/// when a frame takes too long to notice the first one.
private func recordSignal(_ signo: Int32) {
  let first = receivedSignal.compareExchange(
    expected: 0, desired: signo, ordering: .sequentiallyConsistent
  ).exchanged
  if first {
    interruptToken.cancel(signal: signo)
  } else {
    signal(signo, SIG_DFL)
    raise(signo)
  }
}

/// Catches SIGINT, SIGTERM and SIGHUP while the command writes frames or a GIF, so an
/// interrupted run can remove its staging folder (or unfinished GIF) instead of leaving half
/// an output behind.
///
/// Process policy, so it lives in the command and not in the libraries (an app that renders
/// with them keeps its own signal handlers). A plain `sigaction` handler cancels
/// ``token``, which the writers' workers check between frames (no `DispatchSource`: on Linux,
/// libdispatch installs a process-wide handler of its own that it never removes). The writer
/// then cleans up and throws, and the command exits with status 128 + signal (130 for SIGINT,
/// 143 for SIGTERM, 129 for SIGHUP) through ``exitAfterInterrupt(_:_:)``. The handlers are
/// installed when the first write starts and the previous ones restored when the last write
/// ends; a signal the process was started with ignored (`nohup`) stays ignored.
enum InterruptGuard {
  /// The token to give every write made between ``begin()`` and ``end()``.
  static var token: CancellationToken { interruptToken }

  /// Signals handled during a write: Ctrl-C, `kill`, and a closed terminal.
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// Signals ignored during a write. SIGXFSZ (a file over `ulimit -f`) would otherwise kill
  /// the process mid-write and leave the staging folder; ignored, the write fails with EFBIG
  /// and the writer cleans up like for a full disk. SIGPIPE likewise: when ffmpeg dies while
  /// frames are piped to it (`--video`), the write fails with EPIPE and says what ffmpeg said.
  static let ignored: [Int32] = [SIGXFSZ, SIGPIPE]

  /// Active writes, and the dispositions to restore when the last one ends.
  private static let state = Mutex<(writes: Int, saved: [Int32: sigaction])>((0, [:]))

  /// Installs the handlers if this is the first active write.
  static func begin() {
    state.withLock { state in
      state.writes += 1
      guard state.writes == 1 else { return }
      // Initialize the globals outside the handler.
      _ = receivedSignal.load(ordering: .relaxed)
      _ = interruptToken.isCancelled
      for signo in signals {
        var previous = sigaction()
        guard sigaction(signo, nil, &previous) == 0, !isIgnored(previous) else { continue }
        if let previous = setHandler(signo, recordSignal, flags: SA_RESTART) {
          state.saved[signo] = previous
        }
      }
      // A process can start with these signals blocked: posix_spawn passes on the mask of
      // the thread that spawns it (a test runner's worker thread, say), and a blocked signal
      // would stay pending until the write is over. Blocking them is never how a parent asks
      // for them to be ignored (that is SIG_IGN, kept above), so unblock them for this thread
      // and the worker threads it starts.
      var unblock = sigset_t()
      sigemptyset(&unblock)
      for signo in signals { sigaddset(&unblock, signo) }
      pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
      for signo in ignored {
        if let previous = setHandler(signo, SIG_IGN) { state.saved[signo] = previous }
      }
    }
  }

  /// Runs `write`, which writes the one file `path` atomically (a PNG frame, a contact
  /// sheet, a plot), between ``begin()`` and ``end()``: a file over `ulimit -f` then fails
  /// like a full disk (SIGXFSZ ignored, the temporary file removed) instead of killing the
  /// process, and an interrupting signal lets the write finish or fail cleanly, then exits
  /// with 128 + the signal number, saying whether `path` was written.
  static func writingFile<T>(_ path: String, _ write: () throws -> T) throws -> T {
    begin()
    defer { end() }
    let result: T
    do {
      result = try write()
    } catch {
      if let signo = pendingSignal { exitAfterInterrupt(signo, "'\(path)' was not changed") }
      throw error
    }
    if let signo = pendingSignal { exitAfterInterrupt(signo, "'\(path)' was written") }
    return result
  }

  /// Sets the disposition of `signo`; returns the previous one, or nil if that failed.
  private static func setHandler(
    _ signo: Int32, _ handler: (@convention(c) (Int32) -> Void)?, flags: Int32 = 0
  ) -> sigaction? {
    var action = sigaction()
    #if os(Linux)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    var previous = sigaction()
    return sigaction(signo, &action, &previous) == 0 ? previous : nil
  }

  /// Restores the previous handlers if this was the last active write.
  static func end() {
    state.withLock { state in
      state.writes -= 1
      guard state.writes == 0 else { return }
      for (signo, var previous) in state.saved {
        sigaction(signo, &previous, nil)
      }
      state.saved = [:]
    }
  }

  /// The signal received during a write, if any: after a write threw, it was interrupted.
  static var pendingSignal: Int32? {
    let signo = receivedSignal.load(ordering: .relaxed)
    return signo == 0 ? nil : signo
  }

  /// Ends the process after an interrupted write has cleaned up: status 128 + `signo`,
  /// after telling stderr what state the output folder is in (`outcome`).
  static func exitAfterInterrupt(_ signo: Int32, _ outcome: String) -> Never {
    let names = [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"]
    let name = names[signo] ?? "signal \(signo)"
    let message = "interrupted by \(name): \(outcome)\n"
    var bytes = Array(message.utf8)
    _ = write(STDERR_FILENO, &bytes, bytes.count)
    exit(128 + signo)
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if os(Linux)
      let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
    #else
      let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
    #endif
    return handler == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
