import FlipbookRender
import render
import Testing

/// The progress bar and the ffmpeg and gifski commands the command line prints.
@Suite struct ProgressAndCommandTests {
  @Test func theBarShowsFramesRateAndTimeLeft() {
    let line = ProgressBar.line(label: "frames", done: 61, total: 121, elapsed: 0.5, columns: 80)
    #expect(line.hasPrefix("frames ━"))
    #expect(line.hasSuffix("61/121  122 fps  0.5 s left"))
    #expect(line.count <= 79)
    let done = ProgressBar.line(label: "gif", done: 10, total: 10, elapsed: 2, columns: 60)
    #expect(done.hasSuffix("10/10  5.0 fps") && !done.contains("─"))
    #expect(ProgressBar.line(label: "gif", done: 0, total: 10, elapsed: 0, columns: 20).count <= 19)
  }

  @Test func durationsReadNaturally() {
    #expect(ProgressBar.formatDuration(0.42) == "0.4 s")
    #expect(ProgressBar.formatDuration(42) == "42 s")
    #expect(ProgressBar.formatDuration(185) == "3:05")
  }

  @Test func commandsMatchTheFolderRateAndRange() {
    #expect(
      OutputCommands.video(directory: "frames/", frameCount: 121, range: nil, fps: 30, width: 400, height: 300)
        == "ffmpeg -framerate 30 -i frames/frame_%04d.png -c:v libx264 -pix_fmt yuv420p -crf 18 out.mp4")
    #expect(
      OutputCommands.gifski(directory: "frames", frameCount: 121, range: nil, fps: 30)
        == "gifski --fps 30 -o out.gif frames/frame_*.png")
    #expect(
      OutputCommands.video(
        directory: "my frames", frameCount: 20000, range: 10...19, fps: 29.97, width: 401, height: 300)
        == "ffmpeg -framerate 29.97 -start_number 10 -i 'my frames/frame_%05d.png' -frames:v 10 -vf 'pad=ceil(iw/2)*2:ceil(ih/2)*2' -c:v libx264 -pix_fmt yuv420p -crf 18 out.mp4"
    )
    #expect(
      OutputCommands.gifski(directory: "out", frameCount: 121, range: 10...20, fps: 25)
        == "gifski --fps 25 -o out.gif out/frame_{0010..0020}.png")
  }
}
