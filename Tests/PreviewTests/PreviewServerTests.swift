import FlipbookTestSupport
import Foundation
import Synchronization
import Testing
@testable import FlipbookPreview

#if canImport(Glibc)
  import Glibc
#endif

/// `render preview` run as a process on a free loopback port (the server is never in the
/// test process, whose threads the test runner keeps busy), serving a copy of a scene.
final class RunningPreview: Sendable {
  let folder: String
  let scenePath: String
  let process: Process
  let client: LoopbackClient

  init(scene: String = example("lore-circle.json")) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-preview-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    scenePath = folder + "/scene.json"
    try FileManager.default.copyItem(atPath: scene, toPath: scenePath)
    process = Process()
    process.executableURL = URL(fileURLWithPath: try builtRenderExecutable())
    process.arguments = ["preview", scenePath, "--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // "previewing PATH at http://127.0.0.1:PORT/"
    var line: [UInt8] = []
    while line.last != UInt8(ascii: "\n"), let byte = try output.fileHandleForReading.read(upToCount: 1)?.first {
      line.append(byte)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let match = text.firstMatch(of: /127\.0\.0\.1:(\d+)\//), let port = UInt16(match.1) else {
      process.terminate()
      throw LoopbackClient.Failure(description: "render preview printed no URL: '\(text)'")
    }
    client = LoopbackClient(port: port)
  }

  /// Replaces the scene file's contents in place, as an editor that writes the file does.
  func write(_ text: String) throws { try text.write(toFile: scenePath, atomically: false, encoding: .utf8) }

  /// Stops the server with SIGINT and returns its exit status.
  @discardableResult
  func stop() -> Int32 {
    if process.isRunning { kill(process.processIdentifier, SIGINT) }
    process.waitUntilExit()
    try? FileManager.default.removeItem(atPath: folder)
    return process.terminationStatus
  }
}

/// Runs `body` with a ``RunningPreview``, then stops it and removes its folder.
func withPreview(_ body: (RunningPreview) throws -> Void) throws {
  let preview = try RunningPreview()
  defer { preview.stop() }
  try body(preview)
}

/// The bytes `render SCENE --time T --out f.png` writes.
func exported(_ scene: String, time: String) throws -> [UInt8] {
  var bytes: [UInt8] = []
  try withTemporaryDirectory { dir in
    let result = try run([scene, "--time", time, "--out", dir + "/f.png", "--quiet"])
    #expect(result.status == 0, "\(result.stderr)")
    bytes = [UInt8](FileManager.default.contents(atPath: dir + "/f.png") ?? Data())
  }
  return bytes
}

@Suite(.serialized) struct PreviewServerTests {
  @Test func framesAreTheBytesOfRenderTime() throws {
    try withPreview { preview in
      // Frame times, a time between frames, the first and the last moment (the last frame lies
      // after the duration).
      for t in ["0", "0.35", "0.3333333333333333", "1.7", "8.35", "8.366666666666667"] {
        let response = try preview.client.get("/frame.png?t=\(t)")
        #expect(response.status == 200, "t=\(t): \(response.text)")
        #expect(response.headers["content-type"] == "image/png")
        #expect(response.body == (try exported(preview.scenePath, time: t)), "t=\(t)")
      }
      // A second request is served from the cache, with the same bytes.
      let again = try preview.client.get("/frame.png?t=0.35")
      #expect(again.body == (try exported(preview.scenePath, time: "0.35")))
    }
  }

  @Test func timesOutsideTheSceneAreRefused() throws {
    try withPreview { preview in
      for t in ["-0.1", "8.4", "1e9", "nan", "inf", "abc", ""] {
        let response = try preview.client.get("/frame.png?t=\(t)")
        #expect(response.status == 400, "t=\(t) gave \(response.status)")
      }
      #expect(try preview.client.get("/frame.png").status == 400)
      // `render --time` refuses the same times.
      #expect(try run([preview.scenePath, "--time", "8.4", "--out", preview.folder + "/x.png"]).status != 0)
    }
  }

  @Test func onlyThePagesFilesAreServed() throws {
    try withPreview { preview in
      for target in [
        "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "//etc/passwd",
        "/preview.js/../../../../etc/passwd", "/etc/passwd", "/index.html", "/Package.swift",
        "/Sources/Preview/Page/index.html",
      ] {
        let response = try preview.client.get(target)
        #expect(!response.text.contains("root:"), "\(target) served a file")
        #expect(response.status == 404 || response.status == 400, "\(target) gave \(response.status)")
      }
      let page = try preview.client.get("/")
      #expect(page.status == 200 && page.text.contains("<canvas id=\"frame\""))
      #expect(try preview.client.get("/preview.js").text.contains("EventSource"))
      #expect(try preview.client.get("/preview.css").status == 200)
    }
  }

  @Test func infoIsRenderInfoWithCurves() throws {
    try withPreview { preview in
      let response = try preview.client.get("/info")
      let info = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
      let command = try run(["info", preview.scenePath])
      let reference = try #require(try JSONSerialization.jsonObject(with: Data(command.stdout.utf8)) as? [String: Any])
      for key in reference.keys {
        #expect(
          (info[key] as? NSObject) == (reference[key] as? NSObject), "\(key) differs from render info's")
      }
      let curves = try #require(info["curves"] as? [String: Any])
      let times = try #require(curves["times"] as? [Double])
      let values = try #require(curves["values"] as? [[String: Any]])
      #expect(times.first == 0 && times.last == 8.35)
      // The lore circle animates its fill, its scale and its offset (render curves' panels).
      #expect(values.compactMap { $0["label"] as? String }.contains { $0.contains("scaleEffect") })
      #expect(!(info["eventTimes"] as? [Double] ?? []).isEmpty)
    }
  }

  @Test func anInvalidSceneSendsItsErrorAndKeepsTheLastGoodFrame() throws {
    try withPreview { preview in
      let events = try preview.client.events()
      #expect(try events.next().name == "reload")
      let before = try preview.client.get("/frame.png?t=1")
      let good = try String(contentsOfFile: preview.scenePath, encoding: .utf8)
      try preview.write(good.replacingOccurrences(of: "\"fps\": 30", with: "\"fps\": \"fast\""))
      let error = try events.next()
      #expect(error.name == "error")
      let json = try #require(try JSONSerialization.jsonObject(with: Data(error.data.utf8)) as? [String: Any])
      let first = try #require((json["diagnostics"] as? [[String: Any]])?.first)
      #expect(first["file"] as? String == preview.scenePath)
      #expect((first["line"] as? Int ?? 0) > 1 && (first["column"] as? Int ?? 0) > 1)
      #expect(first["path"] as? String == "fps")
      #expect((json["message"] as? String)?.contains("scene.json:") == true)
      let after = try preview.client.get("/frame.png?t=1")
      #expect(after.status == 200 && after.body == before.body)
      #expect(try preview.client.get("/info").status == 200)
      // A page opened now learns of the error at once.
      #expect(try preview.client.events().next().name == "error")
      try preview.write(good)
      #expect(try events.next().name == "reload")
    }
  }

  @Test func aSaveIsPushedWithin200Milliseconds() throws {
    try withPreview { preview in
      let events = try preview.client.events()
      #expect(try events.next().data == "{\"generation\": 1}")
      let text = try String(contentsOfFile: preview.scenePath, encoding: .utf8)
      var delays: [Double] = []
      for (k, color) in ["red", "green", "blue"].enumerated() {
        let saved = Date()
        try preview.write(
          text.replacingOccurrences(of: "\"background\": \"white\"", with: "\"background\": \"\(color)\""))
        let event = try events.next(timeout: 5)
        delays.append(Date().timeIntervalSince(saved))
        #expect(event.name == "reload" && event.data == "{\"generation\": \(k + 2)}")
        let frame = try preview.client.get("/frame.png?t=0")
        #expect(frame.body == (try exported(preview.scenePath, time: "0")))
      }
      // The goal is 200 ms (the message gives the times measured); the test only bounds the
      // median of three saves loosely, so that a busy machine cannot fail it while a watcher
      // that stopped polling still does.
      #expect(delays.sorted()[1] < 2, "reload took \(delays) s")
    }
  }

  @Test func savingAnImageTheSceneShowsReloadsThePage() throws {
    try withPreview { preview in
      let icon = preview.folder + "/icon.png"
      try FileManager.default.copyItem(atPath: example("check-icon.png"), toPath: icon)
      let events = try preview.client.events()
      #expect(try events.next().name == "reload")
      try preview.write(#"{"canvas": {"width": 100, "height": 100}, "root": {"type": "image", "file": "icon.png"}}"#)
      #expect(try events.next().name == "reload")
      let before = try preview.client.get("/frame.png?t=0")
      // Another PNG saved over the one the scene shows.
      try FileManager.default.removeItem(atPath: icon)
      try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/images/six-pixels.png", toPath: icon)
      #expect(try events.next().name == "reload")
      let after = try preview.client.get("/frame.png?t=0")
      #expect(after.status == 200 && after.body != before.body)
      #expect(after.body == (try exported(preview.scenePath, time: "0")))
    }
  }

  @Test func aPortInUseIsAClearError() async throws {
    let preview = try RunningPreview()
    defer { preview.stop() }
    let port = preview.client.port
    let second = try PreviewServer(options: PreviewOptions(scenePath: preview.scenePath, port: port, renderSlots: 1))
    do {
      try await second.start()
      await second.stop()
      Issue.record("a second server started on port \(port)")
    } catch let error as PreviewError {
      #expect(error.addressInUse)
      #expect(error.description == "127.0.0.1:\(port) is in use by another program; choose another port with --port N")
    }
    let command = try run(["preview", preview.scenePath, "--port", String(port)])
    #expect(command.status == 1)
    #expect(command.stderr.contains("127.0.0.1:\(port) is in use by another program"), "\(command.stderr)")
  }

  @Test func aMissingFileOrBadHostIsAnErrorBeforeServing() async throws {
    let missing = try PreviewServer(
      options: PreviewOptions(scenePath: "/nonexistent/scene.json", port: 0, renderSlots: 1))
    await #expect(throws: PreviewError.self) { try await missing.start() }
    #expect(throws: PreviewError.self) {
      try PreviewServer(options: PreviewOptions(scenePath: "x.json", host: "example.com", port: 0, renderSlots: 1))
    }
    let command = try run(["preview", "/nonexistent/scene.json", "--port", "0"])
    #expect(command.status == 1 && command.stderr.contains("/nonexistent/scene.json: no such file"))
  }

  @Test func manyClientsAtOnceGetAnswersFromBoundedThreads() throws {
    // 120 clients at once, each on its own thread, each asking for a different frame: every
    // one is answered (a frame, or 503 when too many wait), while the server's threads stay
    // few: renders are bounded by the cores, connections are tasks, not threads.
    try withPreview { preview in
      let client = preview.client
      let statuses = Mutex<[Int]>([])
      let group = DispatchGroup()
      var peakThreads = 0
      for i in 0..<120 {
        group.enter()
        Thread.detachNewThread {
          let status = (try? client.get("/frame.png?t=\(Double(i) / 30 * 2)"))?.status ?? -1
          statuses.withLock { $0.append(status) }
          group.leave()
        }
      }
      while group.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
        peakThreads = max(peakThreads, threadCount(preview.process.processIdentifier))
      }
      let all = statuses.withLock { $0 }
      #expect(all.count == 120 && all.allSatisfy { $0 == 200 || $0 == 503 }, "\(all)")
      #expect(peakThreads > 0 && peakThreads <= 24, "the server ran \(peakThreads) threads")
      let after = try client.get("/frame.png?t=0.5")
      #expect(after.status == 200)
    }
  }

  @Test func aFrameBeingDrawnWhenStoppedIsStillAnsweredInFull() throws {
    // A 4K frame with two large blurs takes tens of milliseconds to draw. Ctrl-C arrives while
    // it is being drawn (the server's CPU time has started to grow after the request); the
    // stop waits for it, and the client gets every byte of `render --time`'s PNG.
    try withTemporaryDirectory { dir in
      let scene = dir + "/slow.json"
      try #"""
        {"version": 1, "canvas": {"width": 3840, "height": 2160, "background": "white"}, "fps": 30, "duration": 1,
         "root": {"type": "zstack", "children": [
          {"type": "circle", "modifiers": [{"fill": "orange"}, {"frame": {"width": 3000, "height": 2000}}, {"blur": {"radius": 60}}]},
          {"type": "rectangle", "modifiers": [{"fill": "blue"}, {"frame": {"width": 2000, "height": 1000}}, {"blur": {"radius": 80}}]}]}}
        """#.write(toFile: scene, atomically: true, encoding: .utf8)
      let preview = try RunningPreview(scene: scene)
      defer { preview.stop() }
      #expect(try preview.client.get("/info").status == 200)
      let pid = preview.process.processIdentifier
      let before = cpuTicks(pid)
      let response = Mutex<LoopbackClient.Response?>(nil)
      let done = DispatchSemaphore(value: 0)
      let client = preview.client
      Thread.detachNewThread {
        response.withLock { $0 = try? client.get("/frame.png?t=0.5") }
        done.signal()
      }
      while cpuTicks(pid) < before + 2, response.withLock({ $0 == nil }) { usleep(1000) }
      let status = preview.stop()
      done.wait()
      #expect(status == 130, "render preview exited with \(status)")
      let answer = try #require(response.withLock { $0 })
      #expect(answer.status == 200)
      #expect(answer.body == (try exported(scene, time: "0.5")))
    }
  }

  @Test func theRealBrowserShowsTheExportedFrame() throws {
    // tools/preview-browser-test: headless Chromium drags the scrubber and edits the scene.
    let result = try run(
      executable: "/usr/bin/env",
      ["python3", "\(repositoryRoot)/tools/preview-browser-test", "--render", try builtRenderExecutable()])
    #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
    #expect(result.stdout.contains("passed, 0 failed"))
  }
}

/// The number of threads of process `pid` (Linux: /proc/PID/status), 0 if unknown.
func threadCount(_ pid: Int32) -> Int {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") })
  else { return 0 }
  return Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces)) ?? 0
}

/// The process's user and system CPU time in clock ticks (fields 14 and 15 of its stat line).
func cpuTicks(_ pid: Int32) -> Int {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return 0 }
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  return fields.count > 13 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
}

@Suite struct PreviewPartsTests {
  @Test func renderSlotsRefuseBeyondTheWaitingLine() async throws {
    // One slot, two waiting places: with the slot held by work that blocks until released,
    // two more requests wait in line and a fourth is refused at once.
    let slots = RenderSlots(slots: 1, maxWaiting: 2)
    let gate = DispatchSemaphore(value: 0)
    let first = Task {
      try await slots.run {
        gate.wait(); return 1
      }
    }
    let waiting = (0..<2).map { i in Task { try await slots.run { i + 2 } } }
    while slots.waitingCount < 2 { try await Task.sleep(for: .milliseconds(1)) }
    await #expect(throws: RenderSlots.Busy.self) { try await slots.run { 0 } }
    gate.signal()
    #expect(try await first.value == 1)
    #expect(try await waiting[0].value + waiting[1].value == 5)
    #expect(try await slots.run { 7 } == 7)
  }

  @Test func theFrameCacheKeepsTheMostRecentlyUsedWithinItsBytes() {
    let cache = FrameCache(capacity: 1000)
    for i in 0..<5 { cache.insert(Data(repeating: UInt8(i), count: 300), generation: 1, time: Double(i)) }
    // 5 × 300 bytes do not fit in 1000: the first two went.
    #expect(cache.size == 900)
    #expect(cache.frame(generation: 1, time: 0) == nil && cache.frame(generation: 1, time: 1) == nil)
    // Using frame 2 makes frame 3 the least recently used, so it goes next.
    #expect(cache.frame(generation: 1, time: 2) == Data(repeating: 2, count: 300))
    cache.insert(Data(repeating: 9, count: 300), generation: 1, time: 9)
    #expect(cache.frame(generation: 1, time: 3) == nil && cache.frame(generation: 1, time: 2) != nil)
    #expect(cache.frame(generation: 2, time: 2) == nil)
    cache.insert(Data(count: 1001), generation: 1, time: 10)
    #expect(cache.frame(generation: 1, time: 10) == nil && cache.size == 900)
  }
}
