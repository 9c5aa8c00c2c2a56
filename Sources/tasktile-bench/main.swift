import Foundation
import TaskTileCore
import TaskTileRender

// `tasktile-bench renders SPEC COUNT`: the in-process figures of Benchmarks/bench.py that a
// whole-command timer cannot see. Opens the store and themes of the data directory once (as
// `tasktile-render watch` does), renders SPEC COUNT times through `WidgetPipeline.render` (drawing,
// PNG encoding, hit map, atomic writes), and prints one JSON object: resident set size (VmRSS, KiB)
// after the first render and after the last, and per-render times (ms, p50/p95). Not a test.
// `tasktile-bench quick COUNT`: the `quick` grammar's parse time per line (Benchmarks/desktop.py).

func residentKiB() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
    }
    return -1
}

/// `tasktile-bench quick COUNT`: `QuickAdd.parse` of a fixed mix of English and Japanese lines (dates,
/// times, repeats, sigils, quotes), COUNT lines in all, one timing per line; prints p50/p95 in µs.
func quickBench(_ count: Int) -> Never {
    let lines = [
        "Call mom tomorrow 6pm #family !high every sunday", "Pay rent on the 1st every month ^Home",
        "明日18時に牛乳を買う #買い物", "毎週月曜 9時 ゴミ出し", "Dentist in 3 days at 10:30", "next fri 7pm dinner with Aiko",
        "3日後 書類を出す", "来週水曜から 書類を出す", "午後6時 ジム", "Water the plants every 2 weeks on mon,thu",
        "\"Buy 2 tomorrow\" literally", "Quarterly report due<3d !!! #work", "Buy milk", "Stretch every weekday 7am",
    ]
    let clock = (try? Clock.fromEnvironment(ProcessInfo.processInfo.environment))
        ?? Clock(now: Date(), timeZone: TimeZone(secondsFromGMT: 0)!)
    var times: [Double] = []
    times.reserveCapacity(count)
    var parts = 0
    for i in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        parts += QuickAdd.parse(lines[i % lines.count], clock: clock).parts.count
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
    }
    times.sort()
    let p50 = times[times.count / 2], p95 = times[min(times.count - 1, Int(Double(times.count) * 0.95))]
    print(#"{"lines": \#(count), "parts": \#(parts), "p50_us": \#(String(format: "%.2f", p50)), "p95_us": \#(String(format: "%.2f", p95))}"#)
    exit(0)
}

let args = Array(CommandLine.arguments.dropFirst())
if args.count == 2, args[0] == "quick", let count = Int(args[1]), count > 0 { quickBench(count) }
guard args.count == 3, args[0] == "renders", let count = Int(args[2]), count > 0 else {
    FileHandle.standardError.write(Data("""
        usage: tasktile-bench renders SPEC COUNT   (data directory from TASKTILE_DATA_DIR)
               tasktile-bench quick COUNT

        """.utf8))
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
