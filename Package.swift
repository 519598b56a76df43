// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Canopy",
    products: [
        .library(name: "Canopy", targets: ["Canopy"]),
        .library(name: "CanopyWorkloads", targets: ["CanopyWorkloads"]),
        .executable(name: "canopy", targets: ["CanopyHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: - Public API

        .target(
            name: "Canopy",
            dependencies: ["CCanopy", "CCairo", "CHarfBuzz", "CFriBidi", "CUnibreak"],
            path: "Sources/Canopy"
        ),
        .target(
            name: "CanopyWorkloads",
            dependencies: ["Canopy"],
            path: "Sources/CanopyWorkloads"
        ),
        .executableTarget(
            name: "CanopyHarness",
            dependencies: [
                "Canopy",
                "CanopyWorkloads",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/CanopyHarness"
        ),

        // MARK: - Implementation details

        .target(
            name: "CCanopy",
            path: "CSources/CCanopy",
            // Internal headers are included by their layer's folder: "base/state.h".
            cSettings: [.headerSearchPath(".")],
            linkerSettings: [
                .linkedLibrary("cholmod"),
                .linkedLibrary("suitesparseconfig"),
                .linkedLibrary("lapacke"),
                .linkedLibrary("lapack"),
                .linkedLibrary("blas"),
                .linkedLibrary("m"),
            ]
        ),

        .systemLibrary(
            name: "CCairo",
            path: "CSources/CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"])]
        ),

        .systemLibrary(
            name: "CHarfBuzz",
            path: "CSources/CHarfBuzz",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]
        ),

        .systemLibrary(
            name: "CFriBidi",
            path: "CSources/CFriBidi",
            pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]
        ),

        .systemLibrary(
            name: "CUnibreak",
            path: "CSources/CUnibreak",
            pkgConfig: "libunibreak",
            providers: [.apt(["libunibreak-dev"])]
        ),

        // MARK: - Tests

        .testTarget(
            name: "CanopyTests",
            dependencies: ["Canopy", "CanopyWorkloads", "CCanopy"],
            path: "Tests/CanopyTests",
            exclude: ["References"],
            resources: [.copy("Nibs")]
        ),
        .testTarget(
            name: "PortingTests",
            dependencies: ["Canopy"],
            path: "Tests/Porting",
            resources: [.copy("Nibs")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
