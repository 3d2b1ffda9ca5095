// A `fzf --filter` peer on PickCore, for timing against fzf on the same
// input (see pick-vs-fzf.sh): reads standard input in 64 KiB chunks,
// filters (substring, smart case; PICK_FILTER_MODE=fuzzy|prefix|exact),
// prints the matches as lines. `pick-filter --generate N` writes the
// benchmarks' input (N records) to standard output. PICK_FILTER_TIMES=1
// prints phase times to standard error; PICK_FILTER_RESERVE=BYTES reserves
// the store first; PICK_FILTER_PREVIOUS=QUERY filters for QUERY first and
// then incrementally; PICK_FILTER_RANK=1 ranks the matches (as sweep-pick
// does by default) and prints them in ranked order. The filter uses every
// core (as sweep-pick does); PICK_FILTER_THREADS=N uses N.
import Dispatch
import Glibc
import PickBenchData
import PickCore

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--generate", let count = Int(arguments[2]) {
    let input = pickBenchInput(records: count)
    input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { exit(2) }
            offset += written
        }
    }
    exit(0)
}
guard arguments.count == 2 else {
    let usage = "usage: pick-filter QUERY < input | pick-filter --generate N\n"
    _ = write(2, usage, usage.utf8.count)
    exit(2)
}
/// Seconds on the monotonic clock (for PICK_FILTER_TIMES=1: phase times on standard error).
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
let showTimes = getenv("PICK_FILTER_TIMES") != nil
let threads = getenv("PICK_FILTER_THREADS").flatMap { Int(String(cString: $0)) } ?? sysconf(Int32(_SC_NPROCESSORS_ONLN))
FilterPass.parallelism = FilterParallelism(width: threads) { count, body in
    DispatchQueue.concurrentPerform(iterations: count, execute: body)
}
let started = now()
let store = RecordStore(separator: 0x0A)
if let reserve = getenv("PICK_FILTER_RESERVE") { store.reserveCapacity(bytes: Int(String(cString: reserve))!) }
let chunk = UnsafeMutableRawPointer.allocate(byteCount: 1 << 16, alignment: 16)
while true {
    let count = read(0, chunk, 1 << 16)
    if count <= 0 { break }
    store.append(UnsafeRawBufferPointer(start: chunk, count: count))
}
store.finish()
let loaded = now()
let ranking: Ranking? = getenv("PICK_FILTER_RANK") != nil ? Ranking() : nil
let mode = getenv("PICK_FILTER_MODE").flatMap { MatchMode(rawValue: String(cString: $0)) } ?? .substring
var previous: FilterResult? = nil
if let first = getenv("PICK_FILTER_PREVIOUS") {
    // Time typing on: filter for the shorter query first, then the given one incrementally.
    let firstPass = FilterPass(store: store, query: String(cString: first), mode: mode, ranking: ranking)
    firstPass.run(budget: .max)
    previous = firstPass.rankedResult().inInputOrder
}
let filterStarted = now()
let pass = FilterPass(store: store, query: arguments[1], mode: mode, previous: previous, ranking: ranking)
pass.run(budget: .max)
let scanned = now()
let result = pass.rankedResult()
let filtered = now()
OutputWriter(store: store).write(result: result, format: .lines) { bytes in
    var offset = 0
    while offset < bytes.count {
        let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
        guard written > 0 else { exit(2) }
        offset += written
    }
}
if showTimes {
    let times = "load \(loaded - started) s, filter \(filtered - filterStarted) s (of which ranking \(filtered - scanned) s; "
        + "incremental: \(pass.isIncremental), \(result.count) matches), print \(now() - filtered) s\n"
    _ = write(2, times, times.utf8.count)
}
exit(pass.result.isEmpty ? 1 : 0)
