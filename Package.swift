// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Flint",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FlintCore", targets: ["FlintCore"]),
        .library(name: "FlintInterop", targets: ["FlintInterop"]),
        .library(name: "FlintTesting", targets: ["FlintTesting"]),
        .executable(name: "flint-demo", targets: ["FlintDemo"]),
    ],
    targets: [
        .target(name: "FlintCore", path: "Sources/Core"),
        .target(name: "FlintInterop", dependencies: ["FlintCore"], path: "Sources/Interop"),
        .target(name: "FlintTesting", dependencies: ["FlintCore", "FlintInterop"], path: "Sources/Testing"),
        .executableTarget(
            name: "FlintDemo",
            dependencies: ["FlintCore", "FlintInterop", "FlintTesting"],
            path: "Sources/Demo"
        ),
        .testTarget(name: "CoreTests", dependencies: ["FlintCore", "FlintTesting"], path: "Tests/CoreTests"),
        .testTarget(name: "InteropTests", dependencies: ["FlintInterop", "FlintTesting"], path: "Tests/InteropTests"),
        .testTarget(
            name: "TestingTests",
            dependencies: ["FlintCore", "FlintInterop", "FlintTesting"],
            path: "Tests/TestingTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
