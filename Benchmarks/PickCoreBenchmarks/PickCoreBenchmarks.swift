import Benchmark
import PickBenchData
import PickCore

/// The picker's core at scale: loading records from memory in 64 KiB
/// chunks, a substring keystroke (a full pass, and typing one more letter:
/// an incremental pass over the previous matches), and printing a million
/// chosen records. Reported in docs/performance.md ("Picker core"); no
/// threshold files, so `make bench-core` does not check them.
let benchmarks: @Sendable () -> Void = {
    let bulk = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 1,
                                       scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 20)

    // From a pipe (size unknown: the buffer doubles as it fills), and from
    // a file whose size is known (reserveCapacity first: no copies).
    for reserved in [false, true] {
        Benchmark("pick-load-10M\(reserved ? "-reserved" : "")", configuration: bulk) { benchmark in
            let input = Inputs.tenMillion
            benchmark.startMeasurement()
            let store = load(input, reserve: reserved)
            benchmark.stopMeasurement()
            precondition(store.count == 10_000_000)
        }
    }

    // Stores load on first use, not when the benchmarks are listed.
    let stores: [(String, @Sendable () -> SharedStore)] = [("1M", { Stores.oneMillion }), ("10M", { Stores.tenMillion })]
    for (label, store) in stores {
        for query in ["a", "abc"] {
            Benchmark("pick-filter-full-\(query)-\(label)", configuration: bulk) { benchmark in
                let store = store().value
                benchmark.startMeasurement()
                blackHole(filter(store, query).count)
                benchmark.stopMeasurement()
            }
        }
        Benchmark("pick-filter-incremental-ab-to-abc-\(label)", configuration: bulk) { benchmark in
            let store = store().value
            let previous = filter(store, "ab")
            benchmark.startMeasurement()
            blackHole(filter(store, "abc", previous: previous).count)
            benchmark.stopMeasurement()
        }
    }

    Benchmark("pick-format-lines-1M-of-10M", configuration: bulk) { benchmark in
        let writer = OutputWriter(store: Stores.tenMillion.value)
        let chosen = Array(stride(from: 0, to: 10_000_000, by: 10))
        var bytes = 0
        benchmark.startMeasurement()
        writer.write(records: chosen, format: .lines) { bytes += $0.count }
        benchmark.stopMeasurement()
        blackHole(bytes)
    }
}

/// Generated once a process (globals initialize lazily).
enum Inputs {
    static let oneMillion = pickBenchInput(records: 1_000_000)
    static let tenMillion = pickBenchInput(records: 10_000_000)
}

/// A store is a class, not Sendable; the benchmarks only read it.
struct SharedStore: @unchecked Sendable { let value: RecordStore }

enum Stores {
    static let oneMillion = SharedStore(value: load(Inputs.oneMillion))
    static let tenMillion = SharedStore(value: load(Inputs.tenMillion))
}

func load(_ input: [UInt8], reserve: Bool = false) -> RecordStore {
    let store = RecordStore(separator: 0x0A)
    if reserve { store.reserveCapacity(bytes: input.count) }
    input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 65_536)
            store.append(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
    }
    store.finish()
    return store
}

func filter(_ store: RecordStore, _ query: String, previous: FilterResult? = nil) -> FilterResult {
    let pass = FilterPass(store: store, query: query, mode: .substring, previous: previous)
    pass.run(budget: .max)
    return pass.result
}
