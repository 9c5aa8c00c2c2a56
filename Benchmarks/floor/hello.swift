// The start-up floor for `tasktile --version`: a Swift program that links
// FoundationEssentials and prints one line. Built by Benchmarks/bench.py with `swiftc -O`.
import FoundationEssentials

let version = "tasktile 0.1.0"
print(version)
