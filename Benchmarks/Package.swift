// swift-tools-version: 6.1
// The core's benchmarks, kept out of the main package so `make test` does not build them.
// Run with `make bench-core` (which fails when a threshold is missed).
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
                .product(name: "SweepLayout", package: "Sweep"),
                .product(name: "SweepGeometry", package: "Sweep"),
            ],
            path: "CoreBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
