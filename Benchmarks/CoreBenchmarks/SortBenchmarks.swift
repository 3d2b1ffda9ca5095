import Benchmark
import SweepSelection

/// A table's sorts (issue targets: 1,000,000 names in 400 ms, integers in
/// 100 ms; a re-sort keeps 300,000 scattered selected rows in 50 ms more),
/// each measured from the column's values to the rows in order, keys built
/// inside the measurement. The peer is the standard library's sort of the
/// same names by `<` (no natural order, no case folding), in the same run.
let sortBenchmarks: @Sendable () -> Void = {
    let bulk = Benchmark.Configuration(metrics: [.wallClock], warmupIterations: 1,
                                       scalingFactor: .one, maxDuration: .seconds(4), maxIterations: 20)

    Benchmark("sort-1M-names-natural", configuration: bulk) { benchmark in
        let names = millionNames
        benchmark.startMeasurement()
        let keys = SortKeys(texts: names)
        blackHole(RowSorter.sortedRows(count: names.count, by: [SortOrderKey(keys)]).count)
        benchmark.stopMeasurement()
    }

    Benchmark("sort-1M-names-peer-stdlib-less-than", configuration: bulk) { benchmark in
        let names = millionNames.map { $0 ?? "" }
        benchmark.startMeasurement()
        blackHole(names.indices.sorted { names[$0] < names[$1] }.count)
        benchmark.stopMeasurement()
    }

    Benchmark("sort-1M-integers", configuration: bulk) { benchmark in
        let sizes = millionSizes
        benchmark.startMeasurement()
        let keys = SortKeys(integers: sizes)
        blackHole(RowSorter.sortedRows(count: sizes.count, by: [SortOrderKey(keys, ascending: false)]).count)
        benchmark.stopMeasurement()
    }

    // What a re-sort adds to keep the selection: the rows of 300,000
    // scattered selected items in the new order (the view then selects them).
    Benchmark("resort-1M-keeps-300K-selected", configuration: bulk) { benchmark in
        let order = SourceItemList(RowSorter.sortedRows(count: millionSizes.count, by: [SortOrderKey(SortKeys(integers: millionSizes))]))
        var random = UInt64(45)
        var selected = IndexRanges()
        for _ in 0..<300_000 {
            random = random &* 6364136223846793005 &+ 1442695040888963407
            let item = Int(random >> 33) % 1_000_000
            selected.insert(item...item) { _ in }
        }
        benchmark.startMeasurement()
        blackHole(order.rowRanges(showing: selected).count)
        benchmark.stopMeasurement()
    }
}

/// A million file names: numbered photos, reports, accented and mixed-case names.
let millionNames: [String?] = (0..<1_000_000).map { index in
    switch index % 5 {
    case 0: "IMG_\((index &* 7919) % 100_000).jpg"
    case 1: "Report \(index % 977) final v\(index % 13).pdf"
    case 2: "Été \(index % 4099) ÉCOLE.txt"
    case 3: "notes-\(String((index &* 2654435761) % 1_000_003, radix: 36)).md"
    default: "Zdjęcie \(index).png"
    }
}

/// A million file sizes.
let millionSizes: [Int64?] = (0..<1_000_000).map { Int64(($0 &* 2654435761) % 5_000_000_000) }
