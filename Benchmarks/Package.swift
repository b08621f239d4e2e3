// swift-tools-version: 6.0
// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import PackageDescription

/// Side-by-side benchmarks of Flint against Swinject, swift-dependencies and hand-written baselines.
///
/// A separate package so that the root package stays free of third-party dependencies.
/// Run with `swift run -c release --package-path Benchmarks flint-bench [--quick] [--json]`.
let package = Package(
    name: "FlintBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "flint-bench", targets: ["FlintBench"])
    ],
    dependencies: [
        .package(name: "Flint", path: ".."),
        .package(url: "https://github.com/Swinject/Swinject.git", from: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies.git", from: "1.17.1"),
    ],
    targets: [
        .executableTarget(
            name: "FlintBench",
            dependencies: [
                .product(name: "FlintCore", package: "Flint"),
                .product(name: "FlintFirestore", package: "Flint"),
                .product(name: "FlintDatabase", package: "Flint"),
                .product(name: "FlintStorage", package: "Flint"),
                .product(name: "FlintSync", package: "Flint"),
                .product(name: "FlintSyncDatabase", package: "Flint"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Sources/FlintBench"
        )
    ],
    swiftLanguageModes: [.v6]
)
