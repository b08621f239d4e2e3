// swift-tools-version: 6.0
// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import PackageDescription

/// FlintCombine's publishers and futures, built on Linux against OpenCombine and tested there.
///
/// Combine exists only on Apple platforms, where the root package's `FlintCombine` product builds against it. This
/// separate package (so that the root package stays free of third-party dependencies) compiles the very same
/// source files (`Sources/FlintCombine` is a symbolic link to the root package's `Sources/Combine`), whose
/// `#elseif canImport(OpenCombine)` branch then imports OpenCombine, and runs their tests.
/// Run with `swift test --package-path CombineTests`.
///
/// Never depend on the root package's `FlintCombine` product here: built inside this package, its sources would see
/// OpenCombine's module (`canImport(OpenCombine)` is true in this build directory) without depending on it, and
/// fail to compile. The tests import Combine where it exists (macOS), OpenCombine elsewhere, as the sources do.
let package = Package(
    name: "FlintCombineTests",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "Flint", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", exact: "0.14.0"),
    ],
    targets: [
        .target(
            // Named apart from the root package's `FlintCombine` target (SwiftPM wants target names unique across
            // the package graph); the sources are the same.
            name: "FlintOpenCombine",
            dependencies: [
                .product(name: "FlintCore", package: "Flint"),
                .product(name: "FlintAuth", package: "Flint"),
                .product(name: "FlintFirestore", package: "Flint"),
                .product(name: "FlintDatabase", package: "Flint"),
                .product(name: "FlintStorage", package: "Flint"),
                .product(name: "FlintFunctions", package: "Flint"),
                .product(name: "FlintRemoteConfig", package: "Flint"),
                .product(name: "FlintMessaging", package: "Flint"),
                .product(name: "FlintAppCheck", package: "Flint"),
                .product(name: "FlintInstallations", package: "Flint"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Sources/FlintCombine"
        ),
        .testTarget(
            name: "FlintCombineTests",
            dependencies: [
                "FlintOpenCombine",
                .product(name: "FlintTesting", package: "Flint"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Tests/FlintCombineTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
