import ArgumentParser
import Foundation
import FlipbookRender

/// `render recover DIR`: finish what killed renders left in a frame folder.
struct Recover: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Finish what a killed render left in a frame folder; every render into it does this first.",
    discussion: """
      A render killed while it moved its frames into place (kill -9, a crash)
      leaves the folder half replaced, with its journal in a hidden staging folder.
      This completes that commit (or undoes it when it cannot complete) and
      removes the hidden folders of killed renders, without rendering anything.
      Prints nothing, and exits 0, when there was nothing to do.

      Example:
        render recover frames/
      """)

  @Argument(help: "The frame folder (the --out of the killed render).")
  var folder: String

  func run() throws {
    do {
      let found = try FrameSequenceWriter.recover(directory: folder, commitStepPause: testCommitPause)
      if found > 0 && Terminal.isInteractive {
        FileHandle.standardError.write(Data("finished \(found) interrupted render(s) in '\(folder)'\n".utf8))
      }
    } catch {
      printError("\(error)")
      throw ExitCode.failure
    }
  }
}

/// Test only: `FLIPBOOK_TEST_COMMIT_PAUSE_US`, microseconds to sleep after each move of a
/// commit or recovery (``FrameSequenceWriter/commitStepPause``), so that tests can kill the
/// process in the middle of one. 0 (no pause) when unset.
let testCommitPause: UInt32 =
  ProcessInfo.processInfo.environment["FLIPBOOK_TEST_COMMIT_PAUSE_US"]
  .flatMap { UInt32($0) } ?? 0
