import Benchmark
import SweepGeometry
import SweepLayout

let benchmarks: @Sendable () -> Void = {
    Benchmark("list hit test, 10M rows", configuration: .init(metrics: [.wallClock, .mallocCountTotal])) { benchmark in
        let layout = ListLayout(rowCount: 10_000_000, rowHeight: 44, width: 800)
        for index in benchmark.scaledIterations {
            blackHole(layout.row(atContentY: Double(index % 10_000_000) * 44))
        }
    }
}
