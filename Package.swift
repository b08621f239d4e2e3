// swift-tools-version: 6.0
// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import PackageDescription

let package = Package(
    name: "Flint",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "FlintCore", targets: ["FlintCore"]),
        .library(name: "FlintInterop", targets: ["FlintInterop"]),
        .library(name: "FlintProductSupport", targets: ["FlintProductSupport"]),
        .library(name: "FlintTesting", targets: ["FlintTesting"]),
        .library(name: "FlintAuth", targets: ["FlintAuth"]),
        .library(name: "FlintAppCheck", targets: ["FlintAppCheck"]),
        .library(name: "FlintFunctions", targets: ["FlintFunctions"]),
        .library(name: "FlintFirestore", targets: ["FlintFirestore"]),
        .library(name: "FlintDatabase", targets: ["FlintDatabase"]),
        .library(name: "FlintStorage", targets: ["FlintStorage"]),
        .library(name: "FlintMessaging", targets: ["FlintMessaging"]),
        .library(name: "FlintInstallations", targets: ["FlintInstallations"]),
        .library(name: "FlintRemoteConfig", targets: ["FlintRemoteConfig"]),
        .library(name: "FlintSync", targets: ["FlintSync"]),
        .library(name: "FlintSyncFirestore", targets: ["FlintSyncFirestore"]),
        .library(name: "FlintSyncDatabase", targets: ["FlintSyncDatabase"]),
        .library(name: "FlintCombine", targets: ["FlintCombine"]),
        .executable(name: "flint-demo", targets: ["FlintDemo"]),
    ],
    targets: [
        .target(name: "FlintCore", path: "Sources/Core"),
        .target(name: "FlintInterop", dependencies: ["FlintCore"], path: "Sources/Interop"),
        // Plumbing shared by product modules only (status codes, local tokens, instance caches, the entry-point
        // shape); FlintCore keeps only the component system.
        .target(
            name: "FlintProductSupport", dependencies: ["FlintCore", "FlintInterop"], path: "Sources/ProductSupport"),
        .target(name: "FlintTesting", dependencies: ["FlintCore", "FlintInterop"], path: "Sources/Testing"),
        .target(
            name: "FlintAuth", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Auth"),
        .target(
            name: "FlintAppCheck", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/AppCheck"),
        .target(
            name: "FlintFunctions", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Functions"),
        .target(
            name: "FlintFirestore", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Firestore"),
        .target(
            name: "FlintStorage", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Storage"),
        // Cloud Messaging: tokens, topics, foreground messages; an embedded server (tokens, topics, conditions).
        .target(
            name: "FlintMessaging", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Messaging"),
        // Installations: the installation ID and its auth token, served to Remote Config and Messaging as InstallationsInterop.
        .target(
            name: "FlintInstallations", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Installations"),
        // Remote Config: defaults, fetch/activate with throttling, persistence, real-time updates; reaches Installations through InstallationsInterop.
        .target(
            name: "FlintRemoteConfig", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/RemoteConfig"),
        // The Realtime Database: the SDK's API, the embedded backend, the REST + Server-Sent Events backend
        // (HTTPDatabaseBackend, useEmulator), events, transactions, onDisconnect, the embedded backend's optional
        // persistence (no client cache persistence yet).
        .target(
            name: "FlintDatabase", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"],
            path: "Sources/Products/Database"),
        // Sync engines (the seed's SwiftfulDataManagers): document, collection and collection-group engines over
        // remote-service and local-persistence protocols; no product linked.
        .target(
            name: "FlintSync", dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport"], path: "Sources/Sync"),
        // The Firestore-backed remote services of FlintSync (the seed's separate Firebase package).
        .target(
            name: "FlintSyncFirestore", dependencies: ["FlintSync", "FlintFirestore"], path: "Sources/SyncFirestore"),
        // The Realtime Database-backed remote services of FlintSync (queries evaluated on the client).
        .target(name: "FlintSyncDatabase", dependencies: ["FlintSync", "FlintDatabase"], path: "Sources/SyncDatabase"),
        // Combine publishers and futures for every product (FirebaseCombineSwift's decisions), built against
        // Apple's Combine; where Combine is missing (Linux) the module declares only `CombineSupport`. The same
        // sources are built against OpenCombine and tested by the nested package CombineTests/.
        .target(
            name: "FlintCombine",
            dependencies: [
                "FlintCore", "FlintAuth", "FlintFirestore", "FlintDatabase", "FlintStorage", "FlintFunctions",
                "FlintRemoteConfig", "FlintMessaging", "FlintAppCheck", "FlintInstallations",
            ],
            path: "Sources/Combine"
        ),
        .executableTarget(
            name: "FlintDemo",
            dependencies: [
                "FlintCore", "FlintInterop", "FlintProductSupport", "FlintTesting",
                "FlintAuth", "FlintAppCheck", "FlintFunctions", "FlintFirestore", "FlintDatabase", "FlintStorage",
                "FlintMessaging", "FlintInstallations", "FlintRemoteConfig",
                "FlintSync", "FlintSyncFirestore", "FlintSyncDatabase", "FlintCombine",
            ],
            path: "Sources/Demo"
        ),
        .testTarget(name: "CoreTests", dependencies: ["FlintCore", "FlintTesting"], path: "Tests/CoreTests"),
        .testTarget(
            name: "ProductSupportTests", dependencies: ["FlintProductSupport", "FlintTesting"],
            path: "Tests/ProductSupportTests"),
        .testTarget(name: "InteropTests", dependencies: ["FlintInterop", "FlintTesting"], path: "Tests/InteropTests"),
        .testTarget(
            name: "TestingTests",
            dependencies: ["FlintCore", "FlintInterop", "FlintProductSupport", "FlintTesting"],
            path: "Tests/TestingTests"
        ),
        .testTarget(
            name: "DatabaseTests", dependencies: ["FlintDatabase", "FlintTesting"], path: "Tests/DatabaseTests"),
        .testTarget(name: "AuthTests", dependencies: ["FlintAuth", "FlintTesting"], path: "Tests/AuthTests"),
        .testTarget(
            name: "AppCheckTests", dependencies: ["FlintAppCheck", "FlintTesting"], path: "Tests/AppCheckTests"),
        .testTarget(
            name: "FunctionsTests",
            dependencies: ["FlintFunctions", "FlintAuth", "FlintAppCheck", "FlintTesting"],
            path: "Tests/FunctionsTests"
        ),
        .testTarget(name: "StorageTests", dependencies: ["FlintStorage", "FlintTesting"], path: "Tests/StorageTests"),
        .testTarget(
            name: "MessagingTests",
            dependencies: ["FlintMessaging", "FlintFunctions", "FlintTesting"],
            path: "Tests/MessagingTests"
        ),
        .testTarget(
            name: "InstallationsTests", dependencies: ["FlintInstallations", "FlintInterop", "FlintTesting"],
            path: "Tests/InstallationsTests"),
        .testTarget(
            name: "RemoteConfigTests",
            dependencies: ["FlintRemoteConfig", "FlintInstallations", "FlintInterop", "FlintTesting"],
            path: "Tests/RemoteConfigTests"),
        // Test code shared by the three sync test targets (not a product).
        .target(name: "SyncTestSupport", dependencies: ["FlintSync"], path: "Tests/SyncTestSupport"),
        .testTarget(
            name: "SyncTests", dependencies: ["FlintSync", "FlintTesting", "SyncTestSupport"], path: "Tests/SyncTests"),
        .testTarget(
            name: "SyncFirestoreTests",
            dependencies: ["FlintSync", "FlintSyncFirestore", "FlintFirestore", "FlintTesting", "SyncTestSupport"],
            path: "Tests/SyncFirestoreTests"
        ),
        .testTarget(
            name: "SyncDatabaseTests",
            dependencies: ["FlintSync", "FlintSyncDatabase", "FlintDatabase", "FlintTesting", "SyncTestSupport"],
            path: "Tests/SyncDatabaseTests"
        ),
        .testTarget(
            name: "FirestoreTests", dependencies: ["FlintFirestore", "FlintTesting"], path: "Tests/FirestoreTests"),
        // Depends on FlintFirestore only, with member import visibility: proves that a user importing just the
        // product can use the FlintProductSupport types its API exposes (FirestoreErrorCode = RPCStatusCode).
        .testTarget(
            name: "FirestoreImportTests",
            dependencies: ["FlintFirestore"],
            path: "Tests/FirestoreImportTests",
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
