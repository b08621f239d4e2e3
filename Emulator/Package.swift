// swift-tools-version: 6.0
// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import PackageDescription

/// `flint-emulator`: Flint's embedded backends served over Firebase's HTTP protocols.
///
/// A separate package so that the root package stays free of third-party dependencies. The HTTP server is
/// Hummingbird 2 (on SwiftNIO); the command line is swift-argument-parser.
/// Run with `swift run --package-path Emulator flint-emulator --help`; test with
/// `swift test --package-path Emulator`.
let package = Package(
    name: "FlintEmulator",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FlintEmulator", targets: ["FlintEmulator"]),
        .executable(name: "flint-emulator", targets: ["FlintEmulatorCLI"]),
    ],
    dependencies: [
        .package(name: "Flint", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        // Already in Hummingbird's graph; named for ServiceGroup (graceful shutdown) and Logger.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
    ],
    targets: [
        .target(
            name: "FlintEmulator",
            dependencies: [
                .product(name: "FlintCore", package: "Flint"),
                .product(name: "FlintProductSupport", package: "Flint"),
                .product(name: "FlintAuth", package: "Flint"),
                .product(name: "FlintDatabase", package: "Flint"),
                .product(name: "FlintStorage", package: "Flint"),
                .product(name: "FlintFunctions", package: "Flint"),
                .product(name: "FlintRemoteConfig", package: "Flint"),
                .product(name: "FlintInstallations", package: "Flint"),
                .product(name: "FlintAppCheck", package: "Flint"),
                .product(name: "FlintMessaging", package: "Flint"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Sources/FlintEmulator"
        ),
        .executableTarget(
            name: "FlintEmulatorCLI",
            dependencies: [
                "FlintEmulator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/FlintEmulatorCLI"
        ),
        .testTarget(
            name: "FlintEmulatorTests",
            dependencies: [
                "FlintEmulator",
                .product(name: "FlintCore", package: "Flint"),
                .product(name: "FlintAuth", package: "Flint"),
                .product(name: "FlintDatabase", package: "Flint"),
                .product(name: "FlintStorage", package: "Flint"),
                .product(name: "FlintFunctions", package: "Flint"),
                .product(name: "FlintRemoteConfig", package: "Flint"),
                .product(name: "FlintInstallations", package: "Flint"),
                .product(name: "FlintAppCheck", package: "Flint"),
                .product(name: "FlintMessaging", package: "Flint"),
                .product(name: "FlintTesting", package: "Flint"),
                // A raw HTTP/1.1 client for the load test (URLSession on Linux polls every open stream per event).
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/FlintEmulatorTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
