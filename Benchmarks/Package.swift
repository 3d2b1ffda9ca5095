// swift-tools-version: 6.1
// The core's benchmarks, kept out of the main package so `make test` does not build them.
// Run with `make bench-core`, which fails when a benchmark misses its target (Thresholds/).
import PackageDescription

let package = Package(
    name: "SweepBenchmarks",
    dependencies: [
        .package(name: "Sweep", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "CoreBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SweepGeometry", package: "Sweep"),
                .product(name: "SweepInput", package: "Sweep"),
                .product(name: "SweepLayout", package: "Sweep"),
                .product(name: "SweepSelection", package: "Sweep"),
                .product(name: "SweepInteraction", package: "Sweep"),
            ],
            path: "CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The picker's core (reported in docs/performance.md, no thresholds).
        .executableTarget(
            name: "PickCoreBenchmarks",
            dependencies: [
                "PickBenchData",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PickCore", package: "Sweep"),
            ],
            path: "PickCoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The drawing path (reported in docs/performance.md, no thresholds).
        .executableTarget(
            name: "DrawBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SweepGeometry", package: "Sweep"),
                .product(name: "SweepGraphics", package: "Sweep"),
                .product(name: "SweepLayout", package: "Sweep"),
                .product(name: "SweepPixman", package: "Sweep"),
                .product(name: "SweepPresentation", package: "Sweep"),
                .product(name: "SweepViews", package: "Sweep"),
            ],
            path: "DrawBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A filtered data source's new rows with a selection (reported in docs/performance.md, no thresholds).
        .executableTarget(
            name: "FilterBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SweepUI", package: "Sweep"),
            ],
            path: "FilterBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A table's re-sort and an outline's rows opening and closing, through TableView.
        .executableTarget(
            name: "TableBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SweepUI", package: "Sweep"),
            ],
            path: "TableBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A text view over a megabyte (reported in docs/performance.md, no thresholds).
        .executableTarget(
            name: "TextBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "SweepPixman", package: "Sweep"),
                .product(name: "SweepUI", package: "Sweep"),
            ],
            path: "TextBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Its input, shared with pick-filter so fzf sees the same records.
        .target(name: "PickBenchData", path: "PickBenchData"),
        // A `fzf --filter` peer on PickCore, timed against fzf.
        .executableTarget(
            name: "pick-filter",
            dependencies: ["PickBenchData", .product(name: "PickCore", package: "Sweep")],
            path: "pick-filter"
        ),
    ]
)
