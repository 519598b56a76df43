// swift-tools-version: 6.1
import PackageDescription

// Canopy's benchmarks: a package of their own, so that the root package's `swift test` does not
// build the benchmark framework. Run with `swift package benchmark` from this folder.
let package = Package(
    name: "CanopyBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Canopy", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // MARK: - Benchmark suites

        .executableTarget(
            name: "Geometry",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyWorkloads", package: "Canopy"),
                .product(name: "Benchmark", package: "benchmark"),
                "PlainLoops",
            ],
            path: "Benchmarks/Geometry",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        .executableTarget(
            name: "Events",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyWorkloads", package: "Canopy"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Events",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        .executableTarget(
            name: "AutoLayout",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyWorkloads", package: "Canopy"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AutoLayout",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        .executableTarget(
            name: "Drawing",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"),
                .product(name: "Benchmark", package: "benchmark"),
                "CairoPeer",
            ],
            path: "Benchmarks/Drawing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        .executableTarget(
            name: "Archives",
            dependencies: [
                .product(name: "Canopy", package: "Canopy"),
                .product(name: "CanopyWorkloads", package: "Canopy"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/Archives",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        // MARK: - Peers

        .target(name: "PlainLoops", path: "Sources/PlainLoops"),
        .target(name: "CairoPeer", path: "Sources/CairoPeer", linkerSettings: [.linkedLibrary("cairo")]),
    ],
    swiftLanguageModes: [.v6]
)
