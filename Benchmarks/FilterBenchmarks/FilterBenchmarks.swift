import Benchmark
import SweepUI

/// `FilteredDataSource.show`: a new filter over a million source items with
/// a selection, what a keystroke in a picker or a folder filter costs the
/// adapter: the view reloaded, the selected items' rows selected again and
/// the hidden ones kept. Each iteration shows the other of two row sets, so
/// every one moves items between the view and the hidden selection.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], warmupIterations: 2,
                                                scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 60)
    for scenario in FilterScenario.allCases {
        Benchmark("filtered-show-\(scenario.rawValue)", configuration: configuration) { benchmark async in
            // SweepUI's types are the main actor's; the runner is not on it.
            let handle = UncheckedBenchmark(benchmark)
            await MainActor.run {
                let benchmark = handle.benchmark
                let fixture = FilterFixture(scenario)
                benchmark.startMeasurement()
                for iteration in benchmark.scaledIterations { fixture.show(iteration) }
                benchmark.stopMeasurement()
                blackHole(fixture.filtered.selectedCount)
            }
        }
    }
}

/// The benchmark, handed to the main actor that alone uses it while it runs.
struct UncheckedBenchmark: @unchecked Sendable {
    let benchmark: Benchmark
    init(_ benchmark: Benchmark) { self.benchmark = benchmark }
}

enum FilterScenario: String, CaseIterable {
    /// Ascending filters (every 2nd item, every 3rd), 100,000 items selected in 10,000 runs.
    case ascendingScattered = "1M-ascending-100K-selected-in-10K-runs"
    /// Ranked results (two shuffles of 500,000 matches), every item selected (Ctrl+A, then typing).
    case rankedAllSelected = "1M-ranked-all-selected"
    /// Ranked results, nothing selected: the picker's usual keystroke.
    case rankedNoneSelected = "1M-ranked-none-selected"
}

@MainActor
final class FilterFixture {
    static let sourceCount = 1_000_000
    let filtered: FilteredDataSource
    let view: CollectionView
    let rowSets: [any FilteredRows]

    init(_ scenario: FilterScenario) {
        let count = Self.sourceCount
        filtered = FilteredDataSource(source: StringItems((0..<count).map { "Item \($0)" }))
        view = CollectionView(layout: .list, dataSource: filtered)
        view.allowsMultipleSelectionDuringEditing = true
        view.isEditing = true
        view.setFrame(Rect(x: 0, y: 0, width: 800, height: 600))
        switch scenario {
        case .ascendingScattered:
            rowSets = [SourceItemList(Array(stride(from: 0, to: count, by: 2)), order: .ascending),
                       SourceItemList(Array(stride(from: 0, to: count, by: 3)), order: .ascending)]
            filtered.selectSourceItems(stride(from: 0, to: count, by: 100).map { $0...($0 + 9) })
        case .rankedAllSelected, .rankedNoneSelected:
            var generator = SplitMix(seed: 42)
            let matches = Array(stride(from: 0, to: count, by: 2))
            rowSets = [SourceItemList(matches.shuffled(using: &generator)),
                       SourceItemList(matches.shuffled(using: &generator))]
            if scenario == .rankedAllSelected { filtered.selectSourceItems([0...(count - 1)]) }
        }
    }

    func show(_ iteration: Int) {
        filtered.show(rowSets[iteration % 2], position: .top)
    }
}

/// A seeded generator, so both builds shuffle alike.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

