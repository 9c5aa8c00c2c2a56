import Foundation
import TaskTileCore
import TaskTileRender

// `tasktile-bench renders SPEC COUNT`: the in-process figures of Benchmarks/bench.py that a
// whole-command timer cannot see. Opens the store and themes of the data directory once (as
// `tasktile-render watch` does), renders SPEC COUNT times through `WidgetPipeline.render` (drawing,
// PNG encoding, hit map, atomic writes), and prints one JSON object: resident set size (VmRSS, KiB)
// after the first render and after the last, and per-render times (ms, p50/p95). Not a test.

func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

let args = Array(CommandLine.arguments.dropFirst())
guard args.count == 3, args[0] == "renders", let count = Int(args[2]), count > 0 else {
    FileHandle.standardError.write(Data("usage: tasktile-bench renders SPEC COUNT   (data directory from TASKTILE_DATA_DIR)\n".utf8))
    exit(64)
}
do {
    let environment = ProcessInfo.processInfo.environment
    let directory = DataDirectory.resolve(explicit: nil, environment: environment)
    let store = try Store.open(directory, clock: try Clock.fromEnvironment(environment))
    let pipeline = WidgetPipeline(dataDirectory: directory, store: store, themes: try ThemeStore(dataDirectory: directory).load())
    let spec = try WidgetSpec.load(path: args[1])
    try pipeline.render(spec)
    let before = residentKiB()
    var times: [Double] = []
    times.reserveCapacity(count)
    for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try pipeline.render(spec)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    let after = residentKiB()
    times.sort()
    let p50 = times[times.count / 2], p95 = times[min(times.count - 1, Int(Double(times.count) * 0.95))]
    print(#"{"renders": \#(count), "rssBeforeKiB": \#(before), "rssAfterKiB": \#(after), "renderP50Ms": \#(String(format: "%.2f", p50)), "renderP95Ms": \#(String(format: "%.2f", p95))}"#)
} catch {
    FileHandle.standardError.write(Data("tasktile-bench: \(error)\n".utf8))
    exit(1)
}
