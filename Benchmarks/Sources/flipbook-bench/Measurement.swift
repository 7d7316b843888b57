import Foundation

/// One result line in the peer kit's format (util.h `emit`), so one report reads both.
struct Measurement: Codable {
  var impl: String
  var wl: String
  var metric: String
  var unit: String
  var median: Double
  var min: Double
  var max: Double
  var n: Int
  var bytes: Double?

  init(impl: String, wl: String, metric: String, unit: String, values: [Double], bytes: Double? = nil) {
    let v = values.sorted()
    self.impl = impl; self.wl = wl; self.metric = metric; self.unit = unit
    median = v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
    min = v.first ?? .nan
    max = v.last ?? .nan
    n = v.count
    self.bytes = bytes
  }

  /// Prints the JSON line on stdout.
  func emit() {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: try! encoder.encode(self), as: UTF8.self))
    fflush(nil)
  }
}

/// Wall-clock milliseconds of `body`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  let d = clock.now - start
  return Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}

/// CPU time of the calling thread in milliseconds (immune to other processes' load).
func threadCPUMilliseconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) * 1e-6
}

/// The mean size of the files in `directory`.
func meanFileSize(_ directory: String) -> Double {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
  var total = 0.0, count = 0.0
  for name in names where name.hasSuffix(".png") {
    var st = stat()
    if stat(directory + "/" + name, &st) == 0 {
      total += Double(st.st_size)
      count += 1
    }
  }
  return count > 0 ? total / count : .nan
}

/// Writes a line to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
